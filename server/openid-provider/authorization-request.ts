/**
 * The checks of the authorization endpoint (RFC 6749 §4.1.1 and §4.1.2.1, RFC 7636, OpenID Connect Core §3.1.2),
 * pure. The client and its redirect_uri come first: until both are known, nothing may be sent anywhere, so a wrong
 * one is answered with an error page on the provider (an open redirect otherwise). Every later error goes back to
 * the registered redirect_uri with the state, as real providers send it.
 */

/** A client registered with the provider: its id, its secret and its redirect URIs, compared exactly. */
export interface RegisteredClient {
  id: string;
  secret: string;
  redirectUris: readonly string[];
}

export const SUPPORTED_SCOPES = ["openid", "profile", "email"] as const;

export interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state: string | undefined;
  nonce: string | undefined;
  codeChallenge: string;
}

export type AuthorizationCheck =
  /** Answer with an error page on the provider: never redirect. */
  | { kind: "refused"; error: string; description: string }
  /** Send the error back to the (registered) redirect_uri. */
  | { kind: "error"; redirectUri: string; state: string | undefined; error: string; description: string }
  | { kind: "valid"; request: AuthorizationRequest };

/** An S256 challenge: the base64url of a SHA-256 digest, 43 characters. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
/** Long enough for any client's state or nonce, short enough that a URL stays a URL. */
const MAX_OPAQUE_LENGTH = 1024;

function single(query: URLSearchParams, name: string): string | undefined | null {
  const values = query.getAll(name);
  if (values.length > 1) return null;
  return values[0] === "" ? undefined : values[0];
}

export function checkAuthorizationRequest(query: URLSearchParams, client: RegisteredClient): AuthorizationCheck {
  const clientId = single(query, "client_id");
  if (clientId === null) return { kind: "refused", error: "invalid_request", description: "client_id is given more than once." };
  if (clientId !== client.id) {
    return {
      kind: "refused",
      error: "invalid_client",
      description: clientId ? "The OAuth client was not found." : "client_id is missing.",
    };
  }
  const redirectUri = single(query, "redirect_uri");
  if (redirectUri === null) return { kind: "refused", error: "invalid_request", description: "redirect_uri is given more than once." };
  if (!redirectUri) return { kind: "refused", error: "invalid_request", description: "redirect_uri is missing." };
  if (!client.redirectUris.includes(redirectUri)) {
    return {
      kind: "refused",
      error: "redirect_uri_mismatch",
      description: "The redirect_uri does not match a redirect URI registered for this client.",
    };
  }

  const rawState = single(query, "state");
  const state = rawState && rawState.length <= MAX_OPAQUE_LENGTH ? rawState : undefined;
  const error = (code: string, description: string): AuthorizationCheck => ({
    kind: "error",
    redirectUri,
    state,
    error: code,
    description,
  });
  const values: Record<string, string | undefined> = {};
  for (const name of ["response_type", "scope", "nonce", "code_challenge", "code_challenge_method", "response_mode"]) {
    const value = single(query, name);
    if (value === null) return error("invalid_request", `${name} is given more than once.`);
    values[name] = value;
  }
  if (rawState === null) return error("invalid_request", "state is given more than once.");
  if (rawState && rawState.length > MAX_OPAQUE_LENGTH) return error("invalid_request", "state is too long.");
  if (values.response_type !== "code") return error("unsupported_response_type", "Only response_type=code is supported.");
  if (values.response_mode !== undefined && values.response_mode !== "query")
    return error("invalid_request", "Only response_mode=query is supported.");
  const scopes = (values.scope ?? "").split(" ").filter(Boolean);
  if (!scopes.includes("openid")) return error("invalid_scope", "The openid scope is required.");
  const unknown = scopes.filter((s) => !(SUPPORTED_SCOPES as readonly string[]).includes(s));
  if (unknown.length) return error("invalid_scope", `Unsupported scope: ${unknown.join(" ")}.`);
  if (values.code_challenge_method !== "S256") return error("invalid_request", "PKCE is required, with code_challenge_method=S256.");
  if (!values.code_challenge || !S256_CHALLENGE.test(values.code_challenge)) {
    return error("invalid_request", "code_challenge must be the base64url SHA-256 of the code verifier.");
  }
  if (values.nonce && values.nonce.length > MAX_OPAQUE_LENGTH) return error("invalid_request", "nonce is too long.");
  return {
    kind: "valid",
    request: { clientId, redirectUri, scopes: [...new Set(scopes)], state, nonce: values.nonce, codeChallenge: values.code_challenge },
  };
}

/** Where an authorization response goes: the redirect_uri with the answer, the state and the issuer (RFC 9207). */
export function authorizationResponse(
  redirectUri: string,
  issuer: string,
  state: string | undefined,
  answer: Record<string, string>,
): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(answer)) url.searchParams.set(name, value);
  if (state !== undefined) url.searchParams.set("state", state);
  url.searchParams.set("iss", issuer);
  return url.toString();
}
