/**
 * A small OpenID provider for one registered client, as an Express router: discovery, the key set, the
 * authorization endpoint (an account chooser), the token endpoint and userinfo. It answers as a real provider
 * does (decision 0073): exact redirect_uri, PKCE S256 required, codes once and for a minute, client authentication,
 * the authorization-code grant only, userinfo only with its access token, state and nonce passed through, signed
 * ID tokens for the client. It keeps nothing in memory between requests: keys come from the server secret, codes
 * carry their request, and the used ones are recorded by `spendCode` (PostgreSQL in the app).
 */
import express, { type Request, type Response, type Router } from "express";
import { authorizationResponse, checkAuthorizationRequest, SUPPORTED_SCOPES, type RegisteredClient } from "./authorization-request.ts";
import { chooserPage, refusedPage, type ChooserAccount } from "./provider-pages.ts";
import { providerKeys, SIGNING_ALGORITHM } from "./provider-keys.ts";
import { readAccessToken, sealCode, signAccessToken, signIdToken, TOKEN_LIFETIME_SECONDS } from "./provider-tokens.ts";
import { answerTokenRequest } from "./token-endpoint.ts";

/** An account one can sign in as, with the claims the provider vouches for. */
export interface ProviderAccount extends ChooserAccount {
  emailVerified: boolean;
}

export interface OpenIdProviderOptions {
  /** The issuer: the provider's base URL, as clients reach it. */
  issuer: string;
  /** Shown on its pages ("Sign in with Google"). */
  name: string;
  client: RegisteredClient;
  /** The server secret its keys are derived from (read at the first request); every app server of a site has the same one. */
  secret: () => string;
  /** The accounts on the chooser page, and the account of a subject. */
  accounts: { list(): readonly ProviderAccount[] | Promise<readonly ProviderAccount[]>; find(sub: string): ProviderAccount | undefined };
  /** Records a code as used; false when any app server already did. */
  spendCode: (codeId: string, expiresAt: Date) => Promise<boolean>;
  now?: () => number;
}

const TOKEN_BODY_LIMIT = "16kb";

function claimsFor(account: ProviderAccount, scopes: readonly string[]): Record<string, unknown> {
  return {
    ...(scopes.includes("profile") ? { name: account.name } : {}),
    ...(scopes.includes("email") ? { email: account.email, email_verified: account.emailVerified } : {}),
  };
}

export function openIdProvider(options: OpenIdProviderOptions): Router {
  const { issuer, client, accounts } = options;
  const now = options.now ?? Date.now;
  // Derived at the first request, so mounting reads no secret: the server's start checks it first (server/app.ts).
  let derived: ReturnType<typeof providerKeys> | undefined;
  const keysOf = () => (derived ??= providerKeys(options.secret(), issuer));
  const userinfoEndpoint = `${issuer}/userinfo`;
  const context: ProviderContext = { issuer, client, accounts, now, keysOf, userinfoEndpoint };
  const router = express.Router();
  const nonceOf = (res: Response) => String(res.locals.cspNonce ?? "");

  router.get("/.well-known/openid-configuration", (_req, res) => {
    res.set("cache-control", "public, max-age=300").json(discoveryDocument(issuer, userinfoEndpoint));
  });

  router.get("/jwks", async (_req, res) => {
    res.set("cache-control", "public, max-age=300").json({ keys: [(await keysOf()).publicJwk] });
  });

  /** Both steps of the authorization endpoint: the chooser, and the chosen account (`demo_user`) getting its code. */
  const authorize = (chosen: boolean) => async (req: Request, res: Response) => {
    res.set("cache-control", "no-store");
    const query = new URLSearchParams(req.originalUrl.split("?")[1] ?? "");
    const check = checkAuthorizationRequest(query, client);
    if (check.kind === "refused") {
      res
        .status(400)
        .type("html")
        .send(refusedPage({ providerName: options.name, error: check.error, description: check.description, nonce: nonceOf(res) }));
      return;
    }
    if (check.kind === "error") {
      const answer = { error: check.error, error_description: check.description };
      res.redirect(302, authorizationResponse(check.redirectUri, issuer, check.state, answer));
      return;
    }
    const { request } = check;
    const account = chosen ? accounts.find(query.get("demo_user") ?? "") : undefined;
    if (!account) {
      const cancel = authorizationResponse(request.redirectUri, issuer, request.state, { error: "access_denied" });
      res
        .type("html")
        .send(chooserPage({ providerName: options.name, query, accounts: await accounts.list(), cancel, nonce: nonceOf(res) }));
      return;
    }
    const code = await sealCode({ ...request, sub: account.sub }, (await keysOf()).codeKey, { issuer, clientId: client.id, now: now() });
    res.redirect(302, authorizationResponse(request.redirectUri, issuer, request.state, { code }));
  };
  router.get("/choose-account", authorize(false));
  router.get("/authorize", authorize(true));

  router.post("/token", express.text({ type: () => true, limit: TOKEN_BODY_LIMIT }), async (req: Request, res: Response) => {
    const keys = await keysOf();
    const answer = req.is("application/x-www-form-urlencoded")
      ? await answerTokenRequest(new URLSearchParams(typeof req.body === "string" ? req.body : ""), req.get("authorization"), {
          client,
          issuer,
          codeKey: keys.codeKey,
          now,
          spendCode: options.spendCode,
          issueTokens: (claims) => issueTokens(claims, context, keys),
        })
      : {
          status: 400,
          body: { error: "invalid_request", error_description: "The body must be application/x-www-form-urlencoded." },
          headers: {},
        };
    res
      .status(answer.status)
      .set({ "cache-control": "no-store", ...answer.headers })
      .json(answer.body);
  });

  const userinfo = userinfoHandler(context);
  router.get("/userinfo", userinfo);
  router.post("/userinfo", userinfo);

  return router;
}

/** What the provider's endpoints share: who it is, its client and accounts, its clock and its keys. */
interface ProviderContext {
  issuer: string;
  client: RegisteredClient;
  accounts: OpenIdProviderOptions["accounts"];
  now: () => number;
  keysOf: () => ReturnType<typeof providerKeys>;
  userinfoEndpoint: string;
}

type ProviderKeys = Awaited<ReturnType<typeof providerKeys>>;

/** The discovery document (OpenID Connect Discovery 1.0 §3): what a client learns about the provider before it starts. */
function discoveryDocument(issuer: string, userinfoEndpoint: string) {
  return {
    issuer,
    // The chooser is the sign-in page; choosing an account goes on to /authorize with the same request.
    authorization_endpoint: `${issuer}/choose-account`,
    token_endpoint: `${issuer}/token`,
    userinfo_endpoint: userinfoEndpoint,
    jwks_uri: `${issuer}/jwks`,
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code"],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: [SIGNING_ALGORITHM],
    scopes_supported: [...SUPPORTED_SCOPES],
    claims_supported: ["sub", "iss", "aud", "exp", "iat", "auth_time", "nonce", "at_hash", "name", "email", "email_verified"],
    token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
    code_challenge_methods_supported: ["S256"],
    authorization_response_iss_parameter_supported: true,
  };
}

/** The token endpoint's tokens for a redeemed code: an access token for userinfo and the ID token, both signed. */
async function issueTokens(
  claims: { sub: string; scope: string; nonce?: string },
  { issuer, client, accounts, now, userinfoEndpoint }: ProviderContext,
  keys: ProviderKeys,
) {
  const account = accounts.find(claims.sub);
  if (!account) return undefined;
  const signer = { issuer, key: keys.signingKey, kid: keys.publicJwk.kid, now: now(), sub: claims.sub, clientId: client.id };
  const accessToken = await signAccessToken({ ...signer, scope: claims.scope, audience: userinfoEndpoint });
  const idToken = await signIdToken(claimsFor(account, claims.scope.split(" ")), { ...signer, nonce: claims.nonce, accessToken });
  return {
    access_token: accessToken,
    token_type: "Bearer",
    expires_in: TOKEN_LIFETIME_SECONDS,
    id_token: idToken,
    scope: claims.scope,
  };
}

/** userinfo (OpenID Connect Core §5.3), GET or POST: the claims of the access token's subject, within its scopes. */
function userinfoHandler({ issuer, accounts, now, keysOf, userinfoEndpoint }: ProviderContext) {
  return async (req: Request, res: Response) => {
    res.set("cache-control", "no-store");
    const keys = await keysOf();
    const bearer = /^Bearer +(\S+)$/i.exec(req.get("authorization") ?? "")?.[1];
    const realm = `Bearer realm="${issuer}"`;
    if (!bearer && !req.get("authorization")) {
      // RFC 6750 §3.1: a request without credentials gets the challenge without an error code.
      res.status(401).set("www-authenticate", realm).json({ error: "invalid_token", error_description: "An access token is required." });
      return;
    }
    const token = bearer
      ? await readAccessToken(bearer, { issuer, key: keys.verifyingKey, audience: userinfoEndpoint, now: now() })
      : undefined;
    const account = token && accounts.find(token.sub);
    if (!token || !account) {
      const description = "The access token is invalid or has expired.";
      res.status(401).set("www-authenticate", `${realm}, error="invalid_token", error_description="${description}"`);
      res.json({ error: "invalid_token", error_description: description });
      return;
    }
    res.json({ sub: account.sub, ...claimsFor(account, token.scopes) });
  };
}
