/**
 * The keys of a local OpenID provider, derived from the server secret, so every app server of one site signs and
 * reads with the same ones (DESIGN D13) without storing them anywhere: an ID token one process signs verifies
 * against the key set another process serves, and a code one process issues another can open.
 *
 * ES256, not Google's RS256: a P-256 private key is any number below the curve's order, so it can be derived from the
 * secret; an RSA key cannot. The client takes the algorithm from the discovery document (decision 0073).
 */
import { createECDH, createHmac } from "node:crypto";
import { calculateJwkThumbprint, importJWK, type CryptoKey, type JWK } from "jose";

export const SIGNING_ALGORITHM = "ES256";

export interface ProviderKeys {
  /** Signs ID tokens and access tokens. */
  signingKey: CryptoKey;
  /** The same key's public half, checked by userinfo. */
  verifyingKey: CryptoKey;
  /** The public key as the key set (jwks_uri) serves it. */
  publicJwk: JWK & { kid: string; alg: string; use: string };
  /** Encrypts and authenticates authorization codes (dir, A256GCM): only this provider can read or make one. */
  codeKey: Uint8Array;
}

/** 32 bytes for one purpose of one provider, from the server secret. */
function derive(secret: string, purpose: string): Buffer {
  return createHmac("sha256", secret).update(`introbase:openid-provider:${purpose}`).digest();
}

/** A P-256 key pair from the secret. A derived number outside the curve's range (odds 1 in 2^32) takes the next one. */
function signingJwk(secret: string, issuer: string): JWK {
  for (let attempt = 0; attempt < 8; attempt++) {
    const d = derive(secret, `signing-key:${issuer}:${attempt}`);
    const ecdh = createECDH("prime256v1");
    try {
      ecdh.setPrivateKey(d);
    } catch {
      continue;
    }
    const point = ecdh.getPublicKey();
    return {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33).toString("base64url"),
      d: d.toString("base64url"),
    };
  }
  throw new Error("could not derive a signing key from the server secret");
}

export async function providerKeys(secret: string, issuer: string): Promise<ProviderKeys> {
  const { d: _private, ...publicPart } = signingJwk(secret, issuer);
  const kid = await calculateJwkThumbprint(publicPart);
  return {
    signingKey: (await importJWK({ ...publicPart, d: _private }, SIGNING_ALGORITHM)) as CryptoKey,
    verifyingKey: (await importJWK(publicPart, SIGNING_ALGORITHM)) as CryptoKey,
    publicJwk: { ...publicPart, kid, alg: SIGNING_ALGORITHM, use: "sig" },
    codeKey: new Uint8Array(derive(secret, `code-key:${issuer}`)),
  };
}
