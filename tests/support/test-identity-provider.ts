/**
 * A local OpenID provider for Vitest, served where the app looks for its local providers
 * (`{PUBLIC_URL}/dev/oidc/{google,linkedin}`, lib/identity-providers.server.ts), that answers the next sign-in
 * with whatever identity a test sets: an address the provider says it verified, or one it says it did not.
 * Everything else is a real authorization-code flow (discovery, PKCE, nonce, a signed ID token), which Better
 * Auth checks as it would against Google. `signInWithProvider` drives it the way a browser does.
 */
import express from "express";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { Events, OAuth2Issuer, OAuth2Service } from "oauth2-mock-server";

export interface ProviderIdentity {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export interface TestIdentityProvider {
  /** Use as PUBLIC_URL: the app finds the providers' discovery documents under it. */
  origin: string;
  /** The identity the next token carries. */
  answerWith(identity: ProviderIdentity): void;
  close(): Promise<void>;
}

export async function startTestIdentityProvider(): Promise<TestIdentityProvider> {
  const app = express();
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let next: ProviderIdentity | null = null;
  for (const id of ["google", "linkedin"]) {
    const issuer = new OAuth2Issuer();
    issuer.url = `${origin}/dev/oidc/${id}`;
    await issuer.keys.generate("RS256");
    const service = new OAuth2Service(issuer);
    service.on(Events.BeforeTokenSigning, (token: { payload: Record<string, unknown> }) => {
      if (next) Object.assign(token.payload, next);
    });
    const handler = service.requestHandler;
    app.use(`/dev/oidc/${id}`, (req, res) => {
      // The mock assigns req.query, which Express 5 defines as a getter: shadow it with a plain property.
      Object.defineProperty(req, "query", { value: undefined, writable: true, configurable: true, enumerable: true });
      void handler(req, res);
    });
  }
  return {
    origin,
    answerWith: (identity) => {
      next = identity;
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
  const authorize = started.headers.get("location");
  if (!authorize) throw new Error(`the sign-in did not start: ${started.status}`);
  const authorized = await fetch(authorize, { redirect: "manual" });
  const callback = authorized.headers.get("location");
  if (!callback) throw new Error(`the provider did not redirect back: ${authorized.status}`);
  const done = await handle(new Request(callback, { headers: { cookie: cookieHeader(started.headers.getSetCookie()) } }));
  const sessionCookies = done.headers.getSetCookie().filter((c) => c.includes("session_token=") && !/max-age=0/i.test(c));
  return { location: done.headers.get("location") ?? "", cookie: cookieHeader(sessionCookies) };
}
