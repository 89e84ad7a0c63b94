/**
 * Issue 29 finding 8: the local demo OpenID provider (server/demo-identity-provider.ts) answers as a real provider
 * does, over real HTTP, mounted on an Express app as the server mounts it. Here: a sign-in as the client sees it
 * (the state and issuer back at the registered redirect_uri, an ID token signed for the client), the authorization
 * endpoint's refusals (an error page, never a redirect, for any redirect_uri but the registered one; PKCE S256
 * required), and several app servers being one provider (DESIGN D13). The token endpoint and userinfo:
 * demo-identity-provider-tokens.db.test.ts. The clock is the test's.
 */
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { refusal, startDemoSite, type DemoSite } from "../tests/support/demo-identity-provider-site.ts";

let database: Database;
let demo: DemoSite;

beforeAll(async () => {
  database = await openTestDatabase();
  demo = await startDemoSite(database);
});

afterAll(async () => {
  await demo?.close();
  await database?.close();
});

describe("signing in", () => {
  it("sends the code to the registered redirect_uri with the state and the issuer; the ID token is signed for the client", async () => {
    const issued = await demo.issueCode({}, "demo-premium");
    expect(issued.callback.origin + issued.callback.pathname).toBe(demo.redirectUri);
    expect(issued.callback.searchParams.get("state")).toBe(issued.params.state);
    expect(issued.callback.searchParams.get("iss")).toBe(demo.issuer);

    const answer = await demo.exchange(issued);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.body).toMatchObject({ token_type: "Bearer", expires_in: 3600 });
    const discovery = await demo.discovery();
    const { payload, protectedHeader } = await jwtVerify(String(answer.body.id_token), createRemoteJWKSet(new URL(discovery.jwks_uri)), {
      issuer: demo.issuer,
      audience: demo.google.clientId,
      currentDate: new Date(demo.clock.now),
    });
    expect(discovery.id_token_signing_alg_values_supported).toContain(protectedHeader.alg);
    expect(payload).toMatchObject({
      sub: "demo-premium",
      nonce: issued.params.nonce,
      email: "priya.premium@demo.introbase.test",
      email_verified: true,
      name: "Priya Premium",
      iat: demo.clock.now / 1000,
      exp: demo.clock.now / 1000 + 3600,
    });

    const userinfo = await fetch(discovery.userinfo_endpoint, { headers: { authorization: `Bearer ${answer.body.access_token}` } });
    expect(userinfo.status).toBe(200);
    expect(await userinfo.json()).toMatchObject({ sub: "demo-premium", email: "priya.premium@demo.introbase.test", email_verified: true });
  });

  it("authenticates the client with client_secret_basic as well", async () => {
    const issued = await demo.issueCode();
    const answer = await demo.token(
      { grant_type: "authorization_code", code: issued.code, code_verifier: issued.verifier, redirect_uri: demo.redirectUri },
      { basic: [demo.google.clientId, demo.google.clientSecret] },
    );
    expect(answer.status).toBe(200);
    expect(decodeJwt(String(answer.body.id_token)).sub).toBe("demo-subscriber");
  });

  it("leaves out the nonce claim when the request had none, and signs with the advertised key", async () => {
    const answer = await demo.exchange(await demo.issueCode({ nonce: undefined }));
    expect(answer.status).toBe(200);
    expect(decodeJwt(String(answer.body.id_token)).nonce).toBeUndefined();
    const { keys } = (await (await fetch((await demo.discovery()).jwks_uri)).json()) as { keys: Array<{ kid: string; d?: unknown }> };
    expect(keys.map((k) => k.kid)).toContain(decodeProtectedHeader(String(answer.body.id_token)).kid);
    expect(keys.every((k) => k.d === undefined)).toBe(true);
  });
});

describe("the authorization endpoint", () => {
  const foreign = () => [
    "https://evil.example/api/auth/callback/google",
    `${demo.redirectUri}/`,
    `${demo.redirectUri}?next=https://evil.example`,
    demo.redirectUri.replace("/callback/google", "/callback/GOOGLE"),
    demo.redirectUri.replace("127.0.0.1", "localhost"),
    `${demo.origin}/api/auth/callback/linkedin`,
    `${demo.origin}/`,
  ];

  it("shows an error page, never a redirect, for a redirect_uri that is not exactly the registered one", async () => {
    for (const redirectUri of foreign()) {
      const { params } = demo.authorizationRequest({ redirect_uri: redirectUri });
      const chooser = await demo.openAuthorization(params);
      expect({ redirectUri, status: chooser.status, location: chooser.headers.get("location") }).toEqual({
        redirectUri,
        status: 400,
        location: null,
      });
      expect(await chooser.text()).toContain("redirect_uri");
      // The chosen-account step checks it again: a link made up by hand redirects nowhere either.
      const granted = await demo.authorizeDirectly(params);
      expect({ redirectUri, status: granted.status, location: granted.headers.get("location") }).toEqual({
        redirectUri,
        status: 400,
        location: null,
      });
    }
  });

  it("shows an error page for a missing redirect_uri, an unknown client or none", async () => {
    for (const overrides of [
      { redirect_uri: undefined },
      { client_id: "someone-else" },
      { client_id: undefined },
      { client_id: demo.linkedin.clientId },
    ]) {
      const chooser = await demo.openAuthorization(demo.authorizationRequest(overrides).params);
      expect({ overrides, status: chooser.status, location: chooser.headers.get("location") }).toEqual({
        overrides,
        status: 400,
        location: null,
      });
    }
  });

  it("requires PKCE with S256: without a challenge, with plain or another method, the error goes back with the state", async () => {
    const cases: Array<Record<string, string | undefined>> = [
      { code_challenge: undefined, code_challenge_method: undefined },
      { code_challenge_method: undefined },
      { code_challenge_method: "plain" },
      { code_challenge_method: "S512" },
      { code_challenge: "too-short" },
    ];
    for (const overrides of cases) {
      const { params } = demo.authorizationRequest(overrides);
      for (const answer of [await demo.openAuthorization(params), await demo.authorizeDirectly(params)]) {
        expect({ overrides, status: answer.status }).toEqual({ overrides, status: 302 });
        const back = new URL(answer.headers.get("location")!);
        expect(back.origin + back.pathname).toBe(demo.redirectUri);
        expect({ overrides, error: back.searchParams.get("error"), code: back.searchParams.get("code") }).toEqual({
          overrides,
          error: "invalid_request",
          code: null,
        });
        expect(back.searchParams.get("state")).toBe(params.state);
      }
    }
  });

  it("answers only response_type=code and the openid scope", async () => {
    const errorOf = async (overrides: Record<string, string>) =>
      new URL((await demo.openAuthorization(demo.authorizationRequest(overrides).params)).headers.get("location")!).searchParams.get(
        "error",
      );
    expect(await errorOf({ response_type: "token" })).toBe("unsupported_response_type");
    expect(await errorOf({ response_type: "code id_token" })).toBe("unsupported_response_type");
    expect(await errorOf({ scope: "profile email" })).toBe("invalid_scope");
  });
});

describe("several app servers, one site (DESIGN D13)", () => {
  it("a code issued by one server is redeemed at another, once across both, and their keys are the same", async () => {
    // A second process of the same site: same public address, secret and database, another port.
    const second = await demo.startServer(demo.origin);
    const onSecond = (url: string) => `${second.origin}${new URL(url).pathname}`;
    const { jwks_uri: jwksUri, token_endpoint: tokenEndpoint } = await demo.discovery();
    const issued = await demo.issueCode();

    const keys = await fetch(jwksUri).then((r) => r.json());
    expect(await fetch(onSecond(jwksUri)).then((r) => r.json())).toEqual(keys);

    const redeemed = await demo.exchange(issued, {}, onSecond(tokenEndpoint));
    expect(redeemed.status).toBe(200);
    const { payload } = await jwtVerify(String(redeemed.body.id_token), createRemoteJWKSet(new URL(jwksUri)), {
      issuer: demo.issuer,
      audience: demo.google.clientId,
      currentDate: new Date(demo.clock.now),
    });
    expect(payload.sub).toBe("demo-subscriber");
    expect(refusal(await demo.exchange(issued))).toEqual({ status: 400, error: "invalid_grant", token: undefined });
  });
});
