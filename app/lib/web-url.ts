/**
 * The one rule for the web addresses we store and print (issue 14 finding 8, decision 0033): http: or https: only.
 * A javascript:, data: or vbscript: url in an href or src runs in our origin, and a stored one would be printed
 * on every page that shows the listing, so every entry refuses them (the listing editor, the applications, both
 * imports) and every place that prints one checks again (links, images, JSON-LD).
 *
 * The check is the browser's: the WHATWG URL parser says what the scheme is, so "java\tscript:" or " JAVASCRIPT:"
 * is seen as the browser would see it.
 */
/** A url as text: never longer than this, whatever the field. */
const WEB_URL_MAX = 2048;
/** Our own stored files (features/media), the one relative address that may be a logo or a photo. */
export const MEDIA_PATH = /^\/media\/[\w-]+$/;
/** Whitespace and control characters: a browser strips some of them inside a scheme, so none is accepted. */
const SPACE_OR_CONTROL = /[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]/;
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;
/** A domain name with a top-level label of letters (punycode included): no bare IP addresses, no "localhost". */
const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})\.?$/i;

function parsed(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/**
 * The entry rule: an absolute http(s) address on a domain name, with no user name or password in it. A bare domain
 * ("example.com/about", "//example.com") gets https:// in front, as people paste them; any other scheme is refused.
 * Returns the address to store, or null when the text is no such address. Blank text is the caller's business.
 */
export function normaliseWebUrl(text: string): string | null {
  const value = text.trim();
  if (!value || value.length > WEB_URL_MAX || SPACE_OR_CONTROL.test(value)) return null;
  const withScheme = HAS_SCHEME.test(value) ? value : `https:${value.startsWith("//") ? "" : "//"}${value}`;
  const url = parsed(withScheme);
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) return null;
  if (url.username || url.password || !DOMAIN.test(url.hostname)) return null;
  return withScheme;
}

/** An imported value (provider record, spreadsheet cell) as a url to store: the entry rule, null for anything else. */
export function importedWebUrl(value: unknown): string | null {
  return typeof value === "string" ? normaliseWebUrl(value) : null;
}

/** The render rule for links: the address when it is absolute http(s), else nothing to print. */
export function safeHref(value: string | null | undefined): string | undefined {
  if (!value || SPACE_OR_CONTROL.test(value)) return undefined;
  const url = parsed(value);
  return url && (url.protocol === "http:" || url.protocol === "https:") ? value : undefined;
}

/** The render rule for images: absolute http(s), or one of our own stored files (/media/{id}). */
export function safeImageSrc(value: string | null | undefined): string | undefined {
  if (value && MEDIA_PATH.test(value)) return value;
  return safeHref(value);
}

/** True for a value that may be printed as a link (the migration's and the tests' question). */
export const isSafeWebUrl = (value: string | null | undefined): boolean => safeHref(value) !== undefined;
