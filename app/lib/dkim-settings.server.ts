/**
 * The rules of the DKIM settings (decision 0074), checked once at start so a bad key or a domain that cannot align
 * stops the server with one line instead of sending unsigned or unaligned mail for weeks: nodemailer sends a message
 * unsigned, without a word, when its key does not sign.
 */
import { createPrivateKey, sign } from "node:crypto";

/** RFC 8301 §3.2: signers MUST use RSA keys of at least 1024 bits, and SHOULD use 2048. */
const MIN_RSA_BITS = 1024;

export type DkimKeyCheck = { ok: true; pem: string } | { ok: false; message: string };

/**
 * The private key as PEM, its line breaks restored when it was given on one line with "\n" (as many secret stores
 * and .env files hold it). Only RSA: nodemailer signs rsa-sha256, the one algorithm every receiver verifies. Never
 * quotes the key in a message.
 */
export function checkDkimKey(value: string): DkimKeyCheck {
  const pem = value.replace(/\\n/g, "\n").replace(/\r\n/g, "\n").trim();
  if (!/^-----BEGIN (RSA )?PRIVATE KEY-----\n[\s\S]+\n-----END (RSA )?PRIVATE KEY-----$/.test(pem)) {
    return { ok: false, message: "DKIM_PRIVATE_KEY must be an unencrypted RSA private key in PEM (-----BEGIN PRIVATE KEY----- …)" };
  }
  try {
    const key = createPrivateKey(pem);
    if (key.asymmetricKeyType !== "rsa") return { ok: false, message: "DKIM_PRIVATE_KEY must be an RSA key (DKIM signs rsa-sha256)" };
    const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
    if (bits < MIN_RSA_BITS)
      return { ok: false, message: `DKIM_PRIVATE_KEY has ${bits} bits; DKIM needs at least ${MIN_RSA_BITS} (2048 advised)` };
    sign("sha256", Buffer.from("introbase"), key);
  } catch {
    return { ok: false, message: "DKIM_PRIVATE_KEY could not be read as a private key (damaged or encrypted PEM)" };
  }
  return { ok: true, pem: `${pem}\n` };
}

/** The domain of a From address, "Name <user@domain>" or "user@domain"; null when there is none. */
export function fromDomain(from: string): string | null {
  const match = /@([^\s@<>]+?)>?\s*$/.exec(from.trim());
  return match ? match[1]!.toLowerCase().replace(/\.$/, "") : null;
}

/**
 * Whether a signature by `signingDomain` speaks for mail from `from` (DMARC's relaxed alignment, without the public
 * suffix list: the same domain, or one a subdomain of the other, as example.com and news.example.com).
 */
export function dkimAligned(signingDomain: string, from: string | null): boolean {
  if (!from) return false;
  const d = signingDomain.toLowerCase();
  return from === d || from.endsWith(`.${d}`) || d.endsWith(`.${from}`);
}
