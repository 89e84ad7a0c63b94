/**
 * Issue 29 finding 8, continued (demo-identity-provider.db.test.ts): the demo provider's token endpoint and userinfo
 * refuse what a real provider refuses, with the RFC's answers. Codes work once, for a minute, with their PKCE
 * verifier and redirect_uri, for the authenticated client only; no grant but the authorization code; userinfo only
 * with the provider's own, unexpired access token. A refused attempt does not use the code up. The clock is the test's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import {
  challengeOf,
  newVerifier,
  refusal,
  START,
  startDemoSite,
  type DemoSite,
  type TokenAnswer,
} from "../tests/support/demo-identity-provider-site.ts";

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

const invalidGrant = { status: 400, error: "invalid_grant", token: undefined };

describe("the token endpoint", () => {
  it("refuses a made-up code, a tampered one and another provider's, with invalid_grant", async () => {
    const issued = await demo.issueCode();
    expect(refusal(await demo.exchange({ ...issued, code: "made-up-code" }))).toEqual(invalidGrant);
    expect(refusal(await demo.exchange({ ...issued, code: `${issued.code.slice(0, -4)}AAAA` }))).toEqual(invalidGrant);
    const linkedin = {
      client_id: demo.linkedin.clientId,
      client_secret: demo.linkedin.clientSecret,
      redirect_uri: `${demo.origin}/api/auth/callback/linkedin`,
    };
    expect(refusal(await demo.exchange(issued, linkedin, `${demo.origin}/dev/oidc/linkedin/token`))).toEqual(invalidGrant);
    expect((await demo.exchange(issued)).status).toBe(200);
  });

  it("takes a code once: the replay is refused", async () => {
    const issued = await demo.issueCode();
    expect((await demo.exchange(issued)).status).toBe(200);
    expect(refusal(await demo.exchange(issued))).toEqual(invalidGrant);
  });

  it("takes a code for a minute: later it has expired", async () => {
    const fresh = await demo.issueCode();
    const stale = await demo.issueCode();
    try {
      demo.clock.now = START + 59_000;
      expect((await demo.exchange(fresh)).status).toBe(200);
      demo.clock.now = START + 61_000;
      expect(refusal(await demo.exchange(stale))).toEqual(invalidGrant);
    } finally {
      demo.clock.now = START;
    }
  });

  it("refuses a missing or wrong PKCE verifier, or the challenge in its place", async () => {
    const issued = await demo.issueCode();
    expect(refusal(await demo.exchange(issued, { code_verifier: undefined }))).toEqual(invalidGrant);
    expect(refusal(await demo.exchange(issued, { code_verifier: newVerifier() }))).toEqual(invalidGrant);
    expect(refusal(await demo.exchange(issued, { code_verifier: challengeOf(issued.verifier) }))).toEqual(invalidGrant);
    expect((await demo.exchange(issued)).status).toBe(200);
  });

  it("refuses a redirect_uri that differs from the authorization request's", async () => {
    const issued = await demo.issueCode();
    for (const redirectUri of [undefined, "https://evil.example/api/auth/callback/google", `${demo.redirectUri}/`]) {
      expect({ redirectUri, ...refusal(await demo.exchange(issued, { redirect_uri: redirectUri })) }).toEqual({
        redirectUri,
        ...invalidGrant,
      });
    }
    expect((await demo.exchange(issued)).status).toBe(200);
  });

  it("authenticates the client: a wrong secret, an unknown client or no credentials get 401 invalid_client", async () => {
    const issued = await demo.issueCode();
    const form = { grant_type: "authorization_code", code: issued.code, code_verifier: issued.verifier, redirect_uri: demo.redirectUri };
    const { clientId, clientSecret } = demo.google;
    const attempts: Array<[string, Promise<TokenAnswer>]> = [
      ["wrong secret (post)", demo.token({ ...form, client_id: clientId, client_secret: "not-the-secret" })],
      ["wrong secret (basic)", demo.token(form, { basic: [clientId, "not-the-secret"] })],
      ["unknown client", demo.token({ ...form, client_id: "someone-else", client_secret: clientSecret })],
      ["another provider's client", demo.token({ ...form, client_id: demo.linkedin.clientId, client_secret: demo.linkedin.clientSecret })],
      ["no secret", demo.token({ ...form, client_id: clientId })],
      ["no credentials", demo.token(form)],
    ];
    for (const [name, attempt] of attempts) {
      expect({ name, ...refusal(await attempt) }).toEqual({ name, status: 401, error: "invalid_client", token: undefined });
    }
    expect((await demo.token(form, { basic: [clientId, "not-the-secret"] })).headers.get("www-authenticate")).toMatch(/^Basic /);
    // Two methods at once is a malformed request (RFC 6749 §2.3).
    const both = await demo.token({ ...form, client_id: clientId, client_secret: clientSecret }, { basic: [clientId, clientSecret] });
    expect(refusal(both)).toEqual({ status: 400, error: "invalid_request", token: undefined });
    expect((await demo.exchange(issued)).status).toBe(200);
  });

  it("grants nothing but authorization codes: the password, client_credentials and refresh_token grants are refused", async () => {
    const client = { client_id: demo.google.clientId, client_secret: demo.google.clientSecret };
    for (const form of [
      { grant_type: "password", username: "ada.admin@demo.introbase.test", password: "anything", scope: "openid" },
      { grant_type: "client_credentials", scope: "openid" },
      { grant_type: "refresh_token", refresh_token: "made-up" },
      { grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion: "x.y.z" },
    ]) {
      expect({ grant: form.grant_type, ...refusal(await demo.token({ ...form, ...client })) }).toEqual({
        grant: form.grant_type,
        status: 400,
        error: "unsupported_grant_type",
        token: undefined,
      });
    }
    expect(refusal(await demo.token(client))).toEqual({ status: 400, error: "invalid_request", token: undefined });
  });
});

describe("bad input", () => {
  it("gets a 4xx with the RFC's error, never a 500", async () => {
    const endpoint = (await demo.discovery()).token_endpoint;
    const post = (body: string, headers: Record<string, string>) => fetch(endpoint, { method: "POST", body, headers });
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const client = `client_id=${demo.google.clientId}&client_secret=${demo.google.clientSecret}`;
    const answers = {
      json: await post(JSON.stringify({ grant_type: "authorization_code" }), { "content-type": "application/json" }),
      empty: await post("", form),
      repeated: await post(`${client}&grant_type=authorization_code&code=a&code=b`, form),
      badBasic: await post("grant_type=authorization_code&code=x", { ...form, authorization: "Basic %%%not-base64" }),
      badEscape: await post("grant_type=authorization_code&code=x", {
        ...form,
        authorization: `Basic ${Buffer.from("%E0%A4%A:x").toString("base64")}`,
      }),
      hugeCode: await post(`${client}&grant_type=authorization_code&code=${"a".repeat(8000)}`, form),
      oversized: await post(`${client}&grant_type=authorization_code&code=${"a".repeat(20_000)}`, form),
    };
    const statuses = Object.fromEntries(Object.entries(answers).map(([name, answer]) => [name, answer.status]));
    expect(statuses).toEqual({ json: 400, empty: 401, repeated: 400, badBasic: 401, badEscape: 401, hugeCode: 400, oversized: 413 });
    expect(await answers.repeated.json()).toMatchObject({ error: "invalid_request" });
    expect(await answers.hugeCode.json()).toMatchObject({ error: "invalid_grant" });
  });
});

describe("userinfo", () => {
  it("answers only with a valid access token of this provider", async () => {
    const tokens = (await demo.exchange(await demo.issueCode())).body;
    const userinfo = (await demo.discovery()).userinfo_endpoint;
    const ask = (authorization?: string) => fetch(userinfo, { headers: authorization ? { authorization } : {} });

    const none = await ask();
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(JSON.stringify(await none.json())).not.toContain("demo");

    const unsigned = `eyJhbGciOiJub25lIn0.${Buffer.from('{"sub":"demo-admin"}').toString("base64url")}.`;
    for (const [name, authorization] of [
      ["made up", "Bearer made-up-token"],
      ["an unsigned token claiming a subject", `Bearer ${unsigned}`],
      ["the ID token", `Bearer ${tokens.id_token}`],
      ["not a bearer", `Basic ${Buffer.from("a:b").toString("base64")}`],
    ]) {
      const answer = await ask(authorization);
      expect({ name, status: answer.status }).toEqual({ name, status: 401 });
      expect({ name, header: answer.headers.get("www-authenticate") }).toEqual({
        name,
        header: expect.stringMatching(/^Bearer .*error="invalid_token"/),
      });
      expect({ name, body: await answer.json() }).toEqual({ name, body: expect.objectContaining({ error: "invalid_token" }) });
    }

    try {
      demo.clock.now = START + 3_601_000;
      expect((await ask(`Bearer ${tokens.access_token}`)).status).toBe(401);
    } finally {
      demo.clock.now = START;
    }
    expect((await ask(`Bearer ${tokens.access_token}`)).status).toBe(200);
  });
});
