/**
 * A local OpenID provider for Vitest, served where the app looks for its local providers
 * (`{PUBLIC_URL}/dev/oidc/{google,linkedin}`, lib/identity-providers.server.ts), that answers the next sign-in
 * with whatever identity a test sets: an address the provider says it verified, or one it says it did not.
 * It is the app's own provider (server/openid-provider/) with that one account on its chooser page, so everything
 * else is the real authorization-code flow (discovery, PKCE, nonce, client authentication, a signed ID token), which
 * Better Auth checks as it would against Google. `signInWithProvider` drives it the way a browser does.
 */
import express from "express";
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { openIdProvider, type ProviderAccount } from "../../server/openid-provider/openid-provider.ts";
import { identityProviders } from "~/lib/identity-providers.server.ts";
import { parseEnv } from "~/lib/env.server.ts";

export interface ProviderIdentity {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export interface TestIdentityProvider {
  /** Use as PUBLIC_URL: the app finds the providers' discovery documents under it. */
  origin: string;
  /** The identity the next sign-in chooses. */
  answerWith(identity: ProviderIdentity): void;
  close(): Promise<void>;
}

export async function startTestIdentityProvider(): Promise<TestIdentityProvider> {
  const app = express();
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let next: ProviderAccount | null = null;
  // Every identity answered so far, by subject: userinfo and the token request look the subject up.
  const known = new Map<string, ProviderAccount>();
  // One process serves this provider: the codes it saw used can live in memory.
  const used = new Set<string>();
  const secret = randomBytes(32).toString("base64url");
  // The clients the app registers, as the app computes them for this address.
  for (const provider of identityProviders(parseEnv({ PUBLIC_URL: origin, DEMO_SIGN_IN: "true" }))) {
    const issuer = `${origin}/dev/oidc/${provider.id}`;
    const router = openIdProvider({
      issuer,
      name: provider.id,
      client: { id: provider.clientId, secret: provider.clientSecret, redirectUris: [provider.redirectUri] },
      secret: () => secret,
      accounts: { list: () => (next ? [next] : []), find: (sub) => known.get(sub) },
      spendCode: async (codeId) => !used.has(codeId) && Boolean(used.add(codeId)),
    });
    app.use(`/dev/oidc/${provider.id}`, router);
  }
  return {
    origin,
    answerWith: (identity) => {
      next = { sub: identity.sub, name: identity.name, email: identity.email, emailVerified: identity.email_verified };
      known.set(identity.sub, next);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** `name=value; name=value` from Set-Cookie headers. */
export function cookieHeader(setCookies: string[]): string {
  return setCookies.map((c) => c.split(";")[0]).join("; ");
}

/**
 * A provider sign-in as the browser makes it: our start (state, PKCE verifier and nonce in a signed cookie),
 * the provider's authorization redirect, and Better Auth's callback with that cookie. Returns where the
 * callback sends the browser (`returnTo` on success, the sign-in page with `?error=` otherwise) and the
 * session cookie it set, if any.
 */
export async function signInWithProvider(
  start: () => Promise<Response>,
  handle: (request: Request) => Promise<Response>,
): Promise<{ location: string; cookie: string }> {
  const started = await start();
  const chooser = started.headers.get("location");
  if (!chooser) throw new Error(`the sign-in did not start: ${started.status}`);
  // The provider's sign-in page offers the identity the test set: follow its link, as a person clicks it.
  const page = await (await fetch(chooser)).text();
  const href = /href="(authorize\?[^"]*)"/.exec(page)?.[1]?.replace(/&#38;/g, "&");
  if (!href) throw new Error(`the provider offered no account: ${page.slice(0, 300)}`);
  const authorized = await fetch(new URL(href, chooser), { redirect: "manual" });
  const callback = authorized.headers.get("location");
  if (!callback) throw new Error(`the provider did not redirect back: ${authorized.status}`);
  const done = await handle(new Request(callback, { headers: { cookie: cookieHeader(started.headers.getSetCookie()) } }));
  const sessionCookies = done.headers.getSetCookie().filter((c) => c.includes("session_token=") && !/max-age=0/i.test(c));
  return { location: done.headers.get("location") ?? "", cookie: cookieHeader(sessionCookies) };
}
