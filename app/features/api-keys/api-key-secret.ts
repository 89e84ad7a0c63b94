/**
 * What an API key looks like and how a request carries it (decision 0061): pure rules, no database.
 *
 * A key is "ib_" and 43 base64url characters (32 random bytes, 256 bits). The first 11 characters are its visible
 * prefix; the database keeps only the SHA-256 of the whole key. A key is recognisable by its form, so a secret
 * scanner (or a person) can tell an Introbase key from other strings, and a value of another form is refused before
 * any lookup.
 */
import { createHash, randomBytes } from "node:crypto";

const KEY_PREFIX = "ib_";
const KEY = /^ib_[A-Za-z0-9_-]{43}$/;
const VISIBLE_LENGTH = 11;

/** A new key: the secret (shown once), the prefix shown in lists, and the hash stored. */
export function newApiKey(): { secret: string; prefix: string; hash: string } {
  const secret = `${KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  return { secret, prefix: visiblePrefix(secret), hash: hashApiKey(secret) };
}

function visiblePrefix(secret: string): string {
  return secret.slice(0, VISIBLE_LENGTH);
}

/** Hex SHA-256: the key has 256 bits of entropy, so no guessing attack on the hash is possible (decision 0061). */
export function hashApiKey(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

export function isApiKeyForm(value: string): boolean {
  return KEY.test(value);
}

export type BearerParse = { kind: "absent" } | { kind: "malformed"; message: string } | { kind: "key"; secret: string };

export const USE_BEARER = 'Send your API key as "Authorization: Bearer <key>".';
export const NOT_A_KEY =
  "The Authorization header does not hold an Introbase API key (keys start with ib_ and are 46 characters long). Create one in Settings.";

/**
 * The key an Authorization header carries. Absent (undefined) is no key at all: the request goes on as it would
 * without one. Anything else that is not "Bearer <key>" (another scheme, no key, a value of the wrong form, however
 * long or strange) is malformed, with a message that never repeats what was sent.
 */
export function parseBearer(header: string | undefined): BearerParse {
  if (header === undefined) return { kind: "absent" };
  const match = /^[ \t]*([A-Za-z]+)(?:[ \t]+(.*?))?[ \t]*$/s.exec(header.length > 1000 ? "" : header);
  if (!match || match[1]!.toLowerCase() !== "bearer") return { kind: "malformed", message: USE_BEARER };
  const token = match[2] ?? "";
  if (token === "") return { kind: "malformed", message: `The Authorization header has no key after "Bearer". ${USE_BEARER}` };
  if (!isApiKeyForm(token)) return { kind: "malformed", message: NOT_A_KEY };
  return { kind: "key", secret: token };
}
