/** URL slug derived from a listing name: accents folded, lowercase, words joined by hyphens. */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  // 80 characters, not UTF-16 units: a cut through a surrogate pair leaves a lone half that
  // encodeURIComponent refuses (URIError), and the slug goes into every profile URL.
  const capped = Array.from(slug).slice(0, 80).join("").replace(/-+$/, "");
  return capped || "listing";
}

/** A slug not yet in `taken`: the plain slug, else slug-2, slug-3 ... */
export function uniqueSlug(name: string, taken: Set<string>): string {
  const base = slugify(name);
  let candidate = base;
  for (let n = 2; taken.has(candidate); n++) candidate = `${base}-${n}`;
  taken.add(candidate);
  return candidate;
}
