/**
 * The one spelling of a request's path that every decision reads (issue 29 finding 1, decision 0069). A check that
 * reads the path as sent ("/api/follows/../../settings") and a router that resolves it ("/settings") disagree about
 * where a request goes: an API key was accepted for an API path and then acted on the settings page. So before
 * anything reads the path, server/request-guard.ts puts it in this form or refuses it:
 *
 * - "." and ".." segments, however spelt ("%2E%2E", ".%2e"), are refused: a browser resolves them before sending,
 *   so only a hand-made request has them, and resolving them would make a second path to reason about.
 * - A backslash (which URL parsers read as "/") and an encoded "/" or "\" (%2F, %5C) are refused for the same reason.
 * - Percent-encoded letters, digits and "-._~" are decoded (RFC 3986 §6.2.2.2: they mean the same), so "/api/%62illing"
 *   is "/api/billing" for the guards exactly as for the router. Every other %XX stays as sent, its hex in upper case.
 */

export type CanonicalTarget = { ok: true; target: string } | { ok: false; message: string };

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/** "%41" → "A" for unreserved characters; any other escape in upper-case hex. */
function decodeUnreserved(path: string): string {
  return path.replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`;
  });
}

/**
 * The request target ("/path?query") with its path in canonical form, or why it cannot be served. The query is left as
 * sent: no route decision reads it.
 */
export function canonicalTarget(target: string): CanonicalTarget {
  const at = target.indexOf("?");
  const path = at === -1 ? target : target.slice(0, at);
  const query = at === -1 ? "" : target.slice(at);
  if (/\\|%5c/i.test(path)) return { ok: false, message: "A backslash is not allowed in the path." };
  if (/%2f/i.test(path)) return { ok: false, message: "An encoded slash (%2F) is not allowed in the path." };
  const decoded = decodeUnreserved(path);
  if (decoded.split("/").some((segment) => segment === "." || segment === ".."))
    return { ok: false, message: 'The path must not contain "." or ".." segments.' };
  return { ok: true, target: decoded + query };
}
