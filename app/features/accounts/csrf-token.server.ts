import { randomBytes } from "node:crypto";
import { hmac, sameSignature } from "~/lib/hmac.server.ts";

/**
 * The CSRF token of spec 01 §7 ("csrf GET", then "session POST with csrfToken"): an HMAC of a value only
 * this browser holds (its session id) under the server secret, so it cannot be forged or reused by another
 * browser. The origin check stays the first line of defence; this token is the session API's second.
 */
export function csrfTokenFor(secret: string, sessionId: string): string {
  return hmac(secret, `csrf:${sessionId}`);
}

export function isValidCsrfToken(secret: string, sessionId: string, token: unknown): boolean {
  return sameSignature(token, csrfTokenFor(secret, sessionId));
}

/** A value for browsers without a session, kept in a cookie, so they too can fetch a token. */
export function newAnonymousId(): string {
  return randomBytes(18).toString("base64url");
}
