/**
 * Password hashing for Better Auth's e-mail and password accounts: scrypt with Better Auth's own parameters and stored
 * form ("salt:key" in hex; N 16384, r 16, p 1, 64 bytes), so every hash it made verifies here and the other way round
 * (password-hash.server.test.ts checks both). The one difference: under Vitest the work factor is N 1024. A test
 * suite signs up and in some 260 times, and at the real cost that was 15 s of CPU of a `npm test` that must stay under
 * 90 s; what the tests check (which password is right, what is refused) does not depend on the cost. The browser suite
 * and every server run the real cost.
 */
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

const R = 16;
const P = 1;
const KEY_BYTES = 64;

/** Better Auth's work factor; Vitest's workers set VITEST (never set by a server). */
const workFactor = (): number => (process.env.VITEST ? 1024 : 16384);

function derive(password: string, salt: string): Promise<Buffer> {
  const N = workFactor();
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_BYTES, { N, r: R, p: P, maxmem: 128 * N * R * 2 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16).toString("hex");
  return `${salt}:${(await derive(password, salt)).toString("hex")}`;
}

export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const [salt, key] = hash.split(":");
  if (!salt || !key) throw new Error("Invalid password hash");
  const expected = Buffer.from(key, "hex");
  const actual = await derive(password, salt);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
