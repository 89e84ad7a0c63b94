import { createHmac, timingSafeEqual } from "node:crypto";

/** HMAC-SHA256 of the text under the key, base64url: the signature of every token the server hands out. */
export function hmac(key: string, text: string): string {
  return createHmac("sha256", key).update(text).digest("base64url");
}

/** Whether a signature sent back equals the expected one, compared in constant time; anything not a string is not. */
export function sameSignature(given: unknown, expected: string): boolean {
  if (typeof given !== "string" || given.length > 200) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
