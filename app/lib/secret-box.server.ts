/**
 * Encryption of a small secret at rest with a key derived from the server secret (decision 0051): AES-256-GCM with a
 * fresh 96-bit nonce per seal, and a context (e.g. the row the value belongs to) bound in as associated data, so a
 * sealed value copied into another row does not open there. Used for the provider key the lead-data debugger holds.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** One key per purpose: a value sealed for one use cannot be opened as another's, and none equals the secret. */
function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "introbase-secret-box", `introbase:${purpose}`, 32));
}

export interface SealOptions {
  /** The server secret (BETTER_AUTH_SECRET, else AUTH_SECRET_FILE's: auth.server.ts authSecret). */
  secret: string;
  /** What the value is for; a different purpose derives a different key. */
  purpose: string;
  /** Where the value belongs (authenticated, not encrypted): opening with another context fails. */
  context: string;
}

/** `v1.<nonce>.<tag>.<ciphertext>`, base64url: text that holds nothing of the plaintext. */
export function sealText(plaintext: string, { secret, purpose, context }: SealOptions): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", deriveKey(secret, purpose), nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, nonce, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/**
 * The plaintext, or null when the value does not open: another secret (rotated), another purpose or context, or a
 * changed or malformed value. The caller treats null as "no value held", never as an error to show.
 */
export function openText(sealed: string, { secret, purpose, context }: SealOptions): string | null {
  const parts = sealed.split(".");
  if (parts.length !== 4 || parts[0] !== VERSION) return null;
  const [nonce, tag, ciphertext] = parts.slice(1).map((part) => Buffer.from(part, "base64url"));
  if (nonce!.length !== NONCE_BYTES || tag!.length !== TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", deriveKey(secret, purpose), nonce!, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(tag!);
    return Buffer.concat([decipher.update(ciphertext!), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
