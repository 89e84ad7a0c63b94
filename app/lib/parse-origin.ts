/**
 * An origin as configured by an operator (OUTBOUND_ALLOWED_PRIVATE_ORIGINS), in the form URL.origin gives it, so
 * "http://127.0.0.1:4010/" and "HTTP://127.0.0.1:4010" compare equal to a request's origin. Throws a message that
 * says what is wrong.
 */
export function normaliseOrigin(text: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new Error(`"${text}" is not an origin such as http://127.0.0.1:4010`);
  }
  if (!["http:", "https:"].includes(url.protocol) || url.username || url.password || url.search || url.hash || url.pathname !== "/")
    throw new Error(`"${text}" is not an origin such as http://127.0.0.1:4010 (scheme, host and port only)`);
  return url.origin;
}
