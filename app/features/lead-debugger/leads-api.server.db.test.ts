/**
 * GET or POST /api/leads-on-trees (spec 02 §7) as its route calls it, against the local fake provider: admins
 * only, clear 400s for the caller's mistakes, the provider's failures as 502 with the spec's message, the key from
 * the header or else the one held for the session, and the key never in an answer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { answerOf, loaderArgs, testUser, type TestRequest } from "#test-support/test-route.ts";
import { startFakeProvider, type FakeProvider } from "../../../tests/fakes/lead-provider.ts";
import { fetchAllowing } from "../../../tests/support/allow-local.ts";
import { HeldKey } from "./debugger-state.ts";
import { answerLeadsRequest, BAD_ENDPOINT, BAD_JSON, leadsApi } from "./leads-api.server.ts";
import { DebuggerSessionStore, type DebuggerOwner } from "./session-store.server.ts";

let database: Database;
let fake: FakeProvider;
const ADMIN = testUser("premium", "admin");
const MEMBER = testUser("subscriber");
/** The debugger a request without a session cookie addresses (session-store.server.ts). */
const OWNER: DebuggerOwner = { userId: ADMIN.id, sessionKey: "user", authSessionId: null };

/** Holds a key for the admin's debugger, as Initialize would. */
async function holdKey(key: string) {
  await new DebuggerSessionStore(database).exclusively(OWNER, async (session) => {
    session.key = new HeldKey(key);
    session.baseUrl = fake.url;
  });
}

beforeAll(async () => {
  database = await openTestDatabase();
  fake = await startFakeProvider();
});

afterAll(async () => {
  await fake?.close();
  await database?.close();
});

type Args = Parameters<typeof leadsApi>[0];

/** Calls the endpoint the way the route's loader and action do, answered as the server answers (the pipeline). */
async function call(path: string, options: TestRequest = {}): Promise<Response> {
  const args = loaderArgs<Args>(database, path, {}, { user: ADMIN, ...options });
  return answerOf(leadsApi(args, { fetch: fetchAllowing(fake.url) }));
}

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  call(path, { init: { method: "POST", body, headers: { "content-type": "application/json", ...headers } } });

describe("/api/leads-on-trees", () => {
  it("answers 401 when signed out and 403 to a member, GET and POST alike", async () => {
    expect((await call("/api/leads-on-trees?endpoint=funding", { user: null })).status).toBe(401);
    expect((await call("/api/leads-on-trees?endpoint=funding", { user: MEMBER })).status).toBe(403);
    const memberPost = await call("/api/leads-on-trees?endpoint=funding", { user: MEMBER, init: { method: "POST", body: "{}" } });
    expect(memberPost.status).toBe(403);
    expect((await call("/api/leads-on-trees?endpoint=funding", { user: null, init: { method: "POST", body: "{}" } })).status).toBe(401);
  });

  it("answers 400 with a clear message for a bad endpoint, bad parameters, malformed JSON and a missing key", async () => {
    const bad = async (response: Response) => ({ status: response.status, body: await response.json() });
    expect(await bad(await call("/api/leads-on-trees?endpoint=jobs"))).toEqual({
      status: 400,
      body: { success: false, error: BAD_ENDPOINT },
    });
    expect(await bad(await call("/api/leads-on-trees"))).toEqual({ status: 400, body: { success: false, error: BAD_ENDPOINT } });
    expect(await bad(await call("/api/leads-on-trees?endpoint=funding&maxResults=500"))).toEqual({
      status: 400,
      body: { success: false, error: "maxResults: Max results must be at most 100" },
    });
    expect(await bad(await post("/api/leads-on-trees?endpoint=funding", "{not json"))).toEqual({
      status: 400,
      body: { success: false, error: expect.stringMatching(new RegExp(`^${BAD_JSON}: The body is not valid JSON`)) },
    });
    expect(await bad(await post("/api/leads-on-trees?endpoint=funding", "[1,2]"))).toMatchObject({ status: 400 });
    expect(await bad(await post("/api/leads-on-trees?endpoint=m-a", '{"dateFrom":"1 May 2024"}'))).toMatchObject({
      status: 400,
      body: { error: "dateFrom: Date from must be a date written YYYY-MM-DD" },
    });
    expect(await bad(await call("/api/leads-on-trees?endpoint=funding"))).toEqual({
      status: 400,
      body: { success: false, error: "API key is required" },
    });
  });

  it("uses the key held for the session when no header is given, and maps a refused key to 502", async () => {
    await holdKey(fake.apiKey);
    const ok = await call("/api/leads-on-trees?endpoint=funding&maxResults=3&category=FinTech");
    const text = await ok.text();
    expect(ok.status).toBe(200);
    const body = JSON.parse(text) as { success: boolean; data: Array<{ company_name: string }> };
    expect(body.success).toBe(true);
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.length).toBeLessThanOrEqual(3);
    expect(text).not.toContain(fake.apiKey);
    expect(fake.requests.at(-1)?.url).toMatch(/^\/funding\?category=FinTech&page=1&maxResults=3/);

    const viaPost = await post("/api/leads-on-trees?endpoint=m-a", JSON.stringify({ maxResults: 2, page: 2 }));
    expect(viaPost.status).toBe(200);
    expect(fake.requests.at(-1)?.url).toMatch(/^\/m-a\?page=2&maxResults=2/);

    // A GET from another site (a link the admin follows) may not spend the held key.
    const calls = fake.requests.length;
    const crossSite = await call("/api/leads-on-trees?endpoint=funding", { init: { headers: { "sec-fetch-site": "cross-site" } } });
    expect(crossSite.status).toBe(400);
    expect(await crossSite.json()).toEqual({ success: false, error: "API key is required" });
    expect(fake.requests.length).toBe(calls);

    await holdKey("lot_wrong_key_0000");
    const refused = await call("/api/leads-on-trees?endpoint=funding");
    expect(refused.status).toBe(502);
    expect(await refused.json()).toEqual({ success: false, error: "Authentication failed - check API key" });
    await new DebuggerSessionStore(database).delete(OWNER);
  });

  it("takes the key from the x-lot-api-key header, and reports a provider failure as 502", async () => {
    const request = (key: string) =>
      new Request("http://localhost/api/leads-on-trees?endpoint=funding&maxResults=1", { headers: { "x-lot-api-key": key } });
    const ok = await answerLeadsRequest(request(fake.apiKey), {
      session: undefined,
      providerUrl: fake.url,
      fetch: fetchAllowing(fake.url),
    });
    expect(ok.status).toBe(200);
    expect(await ok.text()).not.toContain(fake.apiKey);

    fake.setFault({ mode: "malformed", times: 1 });
    const broken = await answerLeadsRequest(request(fake.apiKey), {
      session: undefined,
      providerUrl: fake.url,
      fetch: fetchAllowing(fake.url),
    });
    expect(broken.status).toBe(502);
    expect(await broken.json()).toEqual({ success: false, error: "Unexpected response format - API may have changed" });
  });

  it("says how many records of the page it dropped as invalid, and why (issue 32)", async () => {
    const request = new Request("http://localhost/api/leads-on-trees?endpoint=funding&maxResults=5", {
      headers: { "x-lot-api-key": fake.apiKey },
    });
    const answer = await answerLeadsRequest(request, { session: undefined, providerUrl: fake.url, fetch: fetchAllowing(fake.url) });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { success: boolean; data: unknown[]; dropped: number; droppedReasons: string[] };
    expect(body).toMatchObject({
      success: true,
      dropped: 1,
      droppedReasons: ["Record lot-f-00236: contact_info.employees: Invalid input"],
    });
    expect(body.data).toHaveLength(4);
  });

  it("refuses other methods", async () => {
    const response = await call("/api/leads-on-trees?endpoint=funding", { init: { method: "DELETE" } });
    expect(response.status).toBe(405);
  });
});
