/**
 * What a local OpenID provider hands out: authorization codes, ID tokens and access tokens. None is stored. A code
 * is an encrypted JWT that carries its own authorization request, so whichever app server receives the token
 * request can check it (DESIGN D13); that it is used once is recorded in PostgreSQL by the caller. Access tokens
 * are signed JWTs of type at+jwt (RFC 9068), which an ID token (type JWT) can never pass for.
 */
import { createHash, randomUUID } from "node:crypto";
import { EncryptJWT, jwtDecrypt, jwtVerify, SignJWT, type CryptoKey } from "jose";
import { SIGNING_ALGORITHM } from "./provider-keys.ts";

/** How long a code may wait for its token request: the callback redeems it at once. */
const CODE_LIFETIME_SECONDS = 60;
export const TOKEN_LIFETIME_SECONDS = 60 * 60;
const ACCESS_TOKEN_TYPE = "at+jwt";

/** The claims sealed into a code: who was chosen, for which client, and the request's binding values. */
export interface CodeClaims {
  jti: string;
  sub: string;
  exp: number;
  iat: number;
  redirect_uri: string;
  code_challenge: string;
  scope: string;
  nonce?: string;
}

const seconds = (ms: number) => Math.floor(ms / 1000);

export async function sealCode(
  grant: { sub: string; redirectUri: string; codeChallenge: string; scopes: string[]; nonce: string | undefined },
  key: Uint8Array,
  context: { issuer: string; clientId: string; now: number },
): Promise<string> {
  const iat = seconds(context.now);
  return new EncryptJWT({
    redirect_uri: grant.redirectUri,
    code_challenge: grant.codeChallenge,
    scope: grant.scopes.join(" "),
    ...(grant.nonce !== undefined ? { nonce: grant.nonce } : {}),
  })
    .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
    .setJti(randomUUID())
    .setSubject(grant.sub)
    .setIssuer(context.issuer)
    .setAudience(context.clientId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + CODE_LIFETIME_SECONDS)
    .encrypt(key);
}

/** The claims of a code this provider made for this client and that has not expired; undefined for anything else. */
export async function openCode(
  code: string,
  key: Uint8Array,
  context: { issuer: string; clientId: string; now: number },
): Promise<CodeClaims | undefined> {
  if (code.length > 4096) return undefined;
  try {
    const { payload } = await jwtDecrypt(code, key, {
      issuer: context.issuer,
      audience: context.clientId,
      currentDate: new Date(context.now),
      keyManagementAlgorithms: ["dir"],
      contentEncryptionAlgorithms: ["A256GCM"],
      requiredClaims: ["jti", "sub", "exp", "iat"],
    });
    const { redirect_uri, code_challenge, scope, nonce } = payload;
    if (typeof redirect_uri !== "string" || typeof code_challenge !== "string" || typeof scope !== "string") return undefined;
    return {
      jti: payload.jti!,
      sub: payload.sub!,
      exp: payload.exp!,
      iat: payload.iat!,
      redirect_uri,
      code_challenge,
      scope,
      ...(typeof nonce === "string" ? { nonce } : {}),
    };
  } catch {
    return undefined;
  }
}

interface Signer {
  issuer: string;
  key: CryptoKey;
  kid: string;
  now: number;
}

/** An ID token (OpenID Connect Core §2) for the client, with the nonce of the request and the account's claims. */
export async function signIdToken(
  claims: Record<string, unknown>,
  context: Signer & { sub: string; clientId: string; nonce: string | undefined; accessToken: string },
): Promise<string> {
  const iat = seconds(context.now);
  // at_hash: the left half of the access token's SHA-256 (§3.1.3.6), binding the two tokens together.
  const atHash = createHash("sha256").update(context.accessToken).digest().subarray(0, 16).toString("base64url");
  return new SignJWT({ ...claims, at_hash: atHash, auth_time: iat, ...(context.nonce !== undefined ? { nonce: context.nonce } : {}) })
    .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: context.kid, typ: "JWT" })
    .setIssuer(context.issuer)
    .setSubject(context.sub)
    .setAudience(context.clientId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_LIFETIME_SECONDS)
    .sign(context.key);
}

/** An access token for this provider's userinfo endpoint: the subject, the client and the scopes granted. */
export async function signAccessToken(
  context: Signer & { sub: string; clientId: string; scope: string; audience: string },
): Promise<string> {
  const iat = seconds(context.now);
  return new SignJWT({ client_id: context.clientId, scope: context.scope })
    .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: context.kid, typ: ACCESS_TOKEN_TYPE })
    .setJti(randomUUID())
    .setIssuer(context.issuer)
    .setSubject(context.sub)
    .setAudience(context.audience)
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_LIFETIME_SECONDS)
    .sign(context.key);
}

/** The subject and scopes of a valid access token of this provider; undefined for anything else. */
export async function readAccessToken(
  token: string,
  context: { issuer: string; key: CryptoKey; audience: string; now: number },
): Promise<{ sub: string; scopes: string[] } | undefined> {
  if (token.length > 4096) return undefined;
  try {
    const { payload } = await jwtVerify(token, context.key, {
      issuer: context.issuer,
      audience: context.audience,
      typ: ACCESS_TOKEN_TYPE,
      algorithms: [SIGNING_ALGORITHM],
      currentDate: new Date(context.now),
      requiredClaims: ["sub", "exp", "iat"],
    });
    return { sub: payload.sub!, scopes: typeof payload.scope === "string" ? payload.scope.split(" ") : [] };
  } catch {
    return undefined;
  }
}
