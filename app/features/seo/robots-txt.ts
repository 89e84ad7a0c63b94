import { absoluteUrl } from "./meta-tags.ts";

/**
 * Paths crawlers are asked to stay out of: operator pages and tools (admins only, DESIGN D7), the JSON API,
 * accounts and sign-in, introduction answers (personal links), and the local demo identity provider.
 * Public pages, profiles and /media (listing logos) stay open.
 */
const DISALLOWED_PATHS = ["/admin", "/debug", "/seo-test", "/api/", "/settings", "/sign-in", "/introductions", "/dev/"] as const;

/**
 * Disallow lines only: what no rule names is allowed under every reading. An "Allow: /" line, harmless where the
 * longest match wins (RFC 9309), is read first and wins everything where the first match wins (Python's robotparser
 * and older crawlers), which then took /settings and /admin as open (issue 29 finding 12).
 */
export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${absoluteUrl(origin, "/sitemap.xml")}`,
    "",
  ].join("\n");
}

/**
 * Whether a robots.txt lets every crawler (`User-agent: *`) fetch `path`: the longest matching Allow or Disallow
 * rule wins, Allow on a tie (RFC 9309). Enough for our own checks; wildcards other than a trailing `$` are not
 * needed there and are read literally.
 */
export function robotsAllows(robots: string, path: string): boolean {
  let inStar = false;
  let best: { length: number; allow: boolean } | null = null;
  let lastWasAgent = false;
  for (const raw of robots.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, "").trim();
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === "user-agent") {
      inStar = lastWasAgent ? inStar || value === "*" : value === "*";
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (!inStar || (key !== "allow" && key !== "disallow") || value === "") continue;
    const exact = value.endsWith("$");
    const rule = exact ? value.slice(0, -1) : value;
    const matches = exact ? path === rule : path.startsWith(rule);
    if (!matches) continue;
    const allow = key === "allow";
    if (!best || rule.length > best.length || (rule.length === best.length && allow)) best = { length: rule.length, allow };
  }
  return best?.allow ?? true;
}
