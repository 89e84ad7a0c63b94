/**
 * A site with the demo identity providers mounted as server/app.ts mounts them (server/demo-identity-provider.ts),
 * over real HTTP, on the test's database, secret and clock, and the requests a client and a browser make to them.
 * Test code only.
 */
import express from "express";
import { createHash, randomBytes } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "vitest";
import type { Database } from "~/lib/db.server.ts";
import { parseEnv } from "~/lib/env.server.ts";
import { identityProviders, type IdentityProvider } from "~/lib/identity-providers.server.ts";
import { mountDemoIdentityProviders } from "../../server/demo-identity-provider.ts";

const SECRET = "demo-identity-provider-test-secret-0123456789";
/** Where the test clock starts: a whole second, so token times are exact. */
export const START = Date.parse("2031-03-04T10:00:00Z");

export const challengeOf = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");
export const newVerifier = () => randomBytes(32).toString("base64url");

export interface Discovery {
  [field: string]: unknown;
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
  jwks_uri: string;
  id_token_signing_alg_values_supported: string[];
}

export interface TokenAnswer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

export const refusal = (answer: TokenAnswer) => ({ status: answer.status, error: answer.body.error, token: answer.body.id_token });

export type DemoSite = Awaited<ReturnType<typeof startDemoSite>>;

export async function startDemoSite(database: Database) {
  const clock = { now: START };
  const servers: Server[] = [];

  /** An app server of the site, listening on a port of its own; `publicOrigin` is the site's address (its own by default). */
  async function startServer(publicOrigin?: string): Promise<{ origin: string; providers: IdentityProvider[] }> {
    const app = express();
    const server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    servers.push(server);
    const own = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const origin = publicOrigin ?? own;
    const providers = identityProviders(parseEnv({ PUBLIC_URL: origin, NODE_ENV: "test", BETTER_AUTH_SECRET: SECRET }));
    await mountDemoIdentityProviders(app, providers, (p) => `${origin}/dev/oidc/${p.id}`, {
      database: async () => database,
      now: () => clock.now,
      secret: SECRET,
    });
    return { origin: own, providers };
  }

  const { origin, providers } = await startServer();
  const google = providers.find((p) => p.id === "google")!;
  const linkedin = providers.find((p) => p.id === "linkedin")!;
  const issuer = `${origin}/dev/oidc/google`;
  const redirectUri = `${origin}/api/auth/callback/google`;

  function authorizationRequest(overrides: Record<string, string | undefined> = {}) {
    const verifier = newVerifier();
    const params: Record<string, string | undefined> = {
      client_id: google.clientId,
      redirect_uri: redirectUri,
      response_type: "code",
      scope: "openid profile email",
      state: randomBytes(16).toString("base64url"),
      nonce: randomBytes(16).toString("base64url"),
      code_challenge: challengeOf(verifier),
      code_challenge_method: "S256",
      ...overrides,
    };
    return { verifier, params: Object.fromEntries(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined)) };
  }

  async function discovery(at = issuer): Promise<Discovery> {
    const response = await fetch(`${at}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    return (await response.json()) as Discovery;
  }

  /** The authorization endpoint, as the browser opens it: the account chooser, or the provider's refusal. */
  async function openAuthorization(params: Record<string, string>, at = issuer): Promise<Response> {
    const endpoint = new URL((await discovery(at)).authorization_endpoint);
    for (const [k, v] of Object.entries(params)) endpoint.searchParams.set(k, v);
    return fetch(endpoint, { redirect: "manual" });
  }

  /** The chosen-account step with `params`, as a link made by hand would call it. */
  function authorizeDirectly(params: Record<string, string>, user = "demo-admin"): Promise<Response> {
    return fetch(`${issuer}/authorize?${new URLSearchParams({ ...params, demo_user: user })}`, { redirect: "manual" });
  }

  /** Chooses `user` on the chooser page, as a person clicks its link: where the provider then sends the browser. */
  async function choose(params: Record<string, string>, user = "demo-subscriber"): Promise<URL> {
    const chooser = await openAuthorization(params);
    expect(chooser.status).toBe(200);
    const html = await chooser.text();
    const href = html.match(new RegExp(`href="(authorize\\?[^"]*demo_user=${user})"`))?.[1]?.replace(/&#38;/g, "&");
    expect(href, `a link for ${user} on the chooser page`).toBeTruthy();
    const granted = await fetch(`${issuer}/${href}`, { redirect: "manual" });
    expect(granted.status).toBe(302);
    return new URL(granted.headers.get("location")!);
  }

  async function issueCode(overrides: Record<string, string | undefined> = {}, user = "demo-subscriber") {
    const request = authorizationRequest(overrides);
    const callback = await choose(request.params, user);
    const code = callback.searchParams.get("code");
    expect(code, `a code in ${callback}`).toBeTruthy();
    return { ...request, code: code!, callback };
  }

  /** A token request to `endpoint` (this server's token endpoint by default), with Basic credentials if given. */
  async function token(
    form: Record<string, string | undefined>,
    init: { basic?: [string, string]; endpoint?: string } = {},
  ): Promise<TokenAnswer> {
    const body = new URLSearchParams(Object.entries(form).filter((e): e is [string, string] => e[1] !== undefined));
    const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded", accept: "application/json" };
    if (init.basic) {
      const [id, secret] = init.basic.map(encodeURIComponent);
      headers.authorization = `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;
    }
    const response = await fetch(init.endpoint ?? (await discovery()).token_endpoint, { method: "POST", body, headers });
    return {
      status: response.status,
      body: (await response.json().catch(() => ({}))) as Record<string, unknown>,
      headers: response.headers,
    };
  }

  /** The token request Better Auth's client sends (client_secret_post), for a code and its verifier. */
  function exchange(issued: { code: string; verifier: string }, overrides: Record<string, string | undefined> = {}, endpoint?: string) {
    const form = {
      grant_type: "authorization_code",
      code: issued.code,
      code_verifier: issued.verifier,
      redirect_uri: redirectUri,
      client_id: google.clientId,
      client_secret: google.clientSecret,
      ...overrides,
    };
    return token(form, { endpoint });
  }

  async function close() {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }

  return {
    clock,
    origin,
    issuer,
    redirectUri,
    google,
    linkedin,
    startServer,
    authorizationRequest,
    discovery,
    openAuthorization,
    authorizeDirectly,
    choose,
    issueCode,
    token,
    exchange,
    close,
  };
}
