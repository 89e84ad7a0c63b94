/**
 * The token endpoint (RFC 6749 §3.2, §4.1.3, §5; RFC 7636 §4.6; OpenID Connect Core §3.1.3): client authentication
 * by client_secret_basic or client_secret_post, the authorization-code grant only, PKCE S256, the redirect_uri of
 * the authorization request, and each code once. Errors are the RFC's: 401 invalid_client, 400 invalid_request,
 * unsupported_grant_type, invalid_grant.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { RegisteredClient } from "./authorization-request.ts";
import { openCode, type CodeClaims } from "./provider-tokens.ts";

export interface TokenAnswer {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

export interface TokenEndpointDeps {
  client: RegisteredClient;
  issuer: string;
  codeKey: Uint8Array;
  now: () => number;
  /** Records a code as used; false when it already was (by any app server). */
  spendCode: (codeId: string, expiresAt: Date) => Promise<boolean>;
  /** The tokens for a code that passed every check. */
  issueTokens: (claims: CodeClaims) => Promise<Record<string, unknown> | undefined>;
}

const NO_STORE = { "cache-control": "no-store", pragma: "no-cache" };

function failure(status: number, error: string, description: string, headers: Record<string, string> = {}): TokenAnswer {
  return { status, body: { error, error_description: description }, headers: { ...NO_STORE, ...headers } };
}

function sameText(given: string, expected: string): boolean {
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
const CODE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

type Credentials = { id: string; secret: string | undefined; basic: boolean } | { error: TokenAnswer };

/** The client's credentials from the Basic header or the body: both at once is a malformed request. */
function credentialsOf(form: URLSearchParams, authorization: string | undefined): Credentials | undefined {
  const scheme = /^Basic +(\S+)$/i.exec(authorization ?? "");
  if (scheme) {
    if (form.has("client_secret")) {
      return { error: failure(400, "invalid_request", "Use one client authentication method, not two.") };
    }
    const decoded = Buffer.from(scheme[1]!, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    const challenge = { "www-authenticate": 'Basic realm="token"' };
    if (colon < 0) return { error: failure(401, "invalid_client", "Client authentication failed.", challenge) };
    try {
      const id = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, " "));
      const secret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, " "));
      if (form.has("client_id") && form.get("client_id") !== id) {
        return { error: failure(400, "invalid_request", "client_id differs from the authenticated client.") };
      }
      return { id, secret, basic: true };
    } catch {
      return { error: failure(401, "invalid_client", "Client authentication failed.", challenge) };
    }
  }
  const id = form.get("client_id");
  return id ? { id, secret: form.get("client_secret") ?? undefined, basic: false } : undefined;
}

export async function answerTokenRequest(
  form: URLSearchParams,
  authorization: string | undefined,
  deps: TokenEndpointDeps,
): Promise<TokenAnswer> {
  for (const name of new Set(form.keys())) {
    if (form.getAll(name).length > 1) return failure(400, "invalid_request", `${name} is given more than once.`);
  }
  const credentials = credentialsOf(form, authorization);
  if (credentials && "error" in credentials) return credentials.error;
  if (!credentials) return failure(401, "invalid_client", "Client authentication is required.");
  const challenge: Record<string, string> = credentials.basic ? { "www-authenticate": 'Basic realm="token"' } : {};
  if (credentials.id !== deps.client.id || credentials.secret === undefined || !sameText(credentials.secret, deps.client.secret)) {
    return failure(401, "invalid_client", "Client authentication failed.", challenge);
  }

  const grantType = form.get("grant_type");
  if (!grantType) return failure(400, "invalid_request", "grant_type is missing.");
  if (grantType !== "authorization_code") return failure(400, "unsupported_grant_type", "Only the authorization_code grant is supported.");
  const code = form.get("code");
  if (!code) return failure(400, "invalid_request", "code is missing.");

  const claims = await openCode(code, deps.codeKey, { issuer: deps.issuer, clientId: deps.client.id, now: deps.now() });
  if (!claims) return failure(400, "invalid_grant", "The authorization code is invalid or has expired.");
  if (form.get("redirect_uri") !== claims.redirect_uri) {
    return failure(400, "invalid_grant", "redirect_uri does not match the authorization request.");
  }
  const verifier = form.get("code_verifier");
  if (!verifier || !CODE_VERIFIER.test(verifier)) return failure(400, "invalid_grant", "A valid code_verifier is required.");
  if (!sameText(createHash("sha256").update(verifier).digest("base64url"), claims.code_challenge)) {
    return failure(400, "invalid_grant", "PKCE verification failed.");
  }
  // Last: a request refused above leaves the code to the client that holds the right verifier.
  if (!(await deps.spendCode(claims.jti, new Date(claims.exp * 1000)))) {
    return failure(400, "invalid_grant", "The authorization code has already been used.");
  }
  const tokens = await deps.issueTokens(claims);
  if (!tokens) return failure(400, "invalid_grant", "The account of this authorization code is gone.");
  return { status: 200, body: tokens, headers: NO_STORE };
}
