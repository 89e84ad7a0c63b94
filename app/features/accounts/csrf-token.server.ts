import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The CSRF token of spec 01 §7 ("csrf GET", then "session POST with csrfToken"): an HMAC of a value only
 * this browser holds (its session id) under the server secret, so it cannot be forged or reused by another
 * browser. The origin check stays the first line of defence; this token is the session API's second.
 */
export function csrfTokenFor(secret: string, sessionId: string): string {
  return createHmac("sha256", secret).update(`csrf:${sessionId}`).digest("base64url");
}

export function isValidCsrfToken(secret: string, sessionId: string, token: unknown): boolean {
  if (typeof token !== "string" || token.length > 200) return false;
  const expected = Buffer.from(csrfTokenFor(secret, sessionId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A value for browsers without a session, kept in a cookie, so they too can fetch a token. */
export function newAnonymousId(): string {
  return randomBytes(18).toString("base64url");
}
