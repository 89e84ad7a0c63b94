/**
 * The OpenAPI document describes every answer exactly (issue 29 finding 10), the error cases and the edges: each
 * operation's 400, 403, 404, 409, 413 and 429 where a client can reach them, spellings the server accepts (any case,
 * plurals), a signed-in profile view's quota, and the CSV export: each answer must fit what the document says of
 * its status (support/openapi-check.ts), and a call the server answers must be one the document lets a client
 * send. The ordinary calls as every kind of caller are in openapi-conformance.db.test.ts.
 */
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DATA_EXPORT } from "~/features/access/quotas.ts";
import { followCap } from "~/features/follows/follow-limits.ts";
import { SAVED_SEARCH_LIMITS } from "~/features/saved-searches/saved-search-rules.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { callApi, type ApiCall } from "./support/api-call.ts";
import { as, ROOMY, startConformance, type Caller, type Fixture } from "./support/conformance-fixture.ts";
import type { OpenApiCheck } from "./support/openapi-check.ts";

const fake = await vi.hoisted(async () => (await import("../support/fake-ai-settings.ts")).useFakeAiProvider("sk-conformance-errors-key"));

let database: Database;
let fx: Fixture;
let check: OpenApiCheck;

beforeAll(async () => {
  database = await openTestDatabase();
  ({ fx, check } = await startConformance(database));
});

afterEach(() => fake.setFault("none"));

afterAll(async () => {
  await fake.close();
  await database?.close();
});

/** The query and path parameters of a call, by the document's names for the operation's path. */
function parametersOf(path: string, url: URL): Array<{ where: "path" | "query"; name: string; values: string[] }> {
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const pattern = new RegExp(`^${path.replace(/[.]/g, "\\.").replace(/\{[^}]+\}/g, "([^/]+)")}$`);
  const values = pattern.exec(url.pathname)!.slice(1);
  const inPath = names.map((name, i) => ({ where: "path" as const, name, values: [decodeURIComponent(values[i]!)] }));
  const inQuery = [...new Set(url.searchParams.keys())].map((name) => ({
    where: "query" as const,
    name,
    values: url.searchParams.getAll(name),
  }));
  return [...inPath, ...inQuery];
}

/** Makes the call; expects the status, an answer that fits the document, and (when answered) a request it allows. */
async function conforms(operation: string, caller: Caller, call: Omit<ApiCall, "user" | "authorization">, expected: number) {
  const [method, path] = operation.split(" ") as [string, string];
  const full = as(caller, call);
  const response = await callApi(database, full, caller.keyCheck ?? ROOMY);
  // The body as sent: a client's text() would drop a byte-order mark the document promises.
  const body = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
  const answer = { status: response.status, headers: response.headers, body };
  const what = `${call.method} ${call.url} as ${caller.label}: ${answer.status} ${answer.body.slice(0, 300)}`;
  expect(check.problems(method, path, answer).join("\n"), what).toBe("");
  expect(answer.status, what).toBe(expected);
  if (answer.status !== 400) {
    for (const p of parametersOf(path, new URL(call.url, "http://localhost")))
      expect(check.parameterAccepts(method, path, p.where, p.name, p.values), `${what}: the document refuses ${p.name}=${p.values}`).toBe(
        true,
      );
  }
  return answer;
}

const LISTINGS = "get /api/listings";
const EXPORT = "get /api/listings/export.csv";
const LISTING = "get /api/listings/{type}/{slug}";
const MATCHES = "get /api/listings/{type}/{slug}/matches";
const SUMMARY = "post /api/listings/{type}/{slug}/summary";
const INTRO = "post /api/listings/{type}/{slug}/intro-message";
const PLAIN_WORDS = "post /api/listings/plain-words";
const TOO_BIG = JSON.stringify({ senderName: "x".repeat(300 * 1024) });

describe("GET /api/listings", () => {
  it.each(["type=STARTUP", "type=Investors", "entityType=%20partners%20", "sort=NEWEST", "featuredOnly=TRUE&sort=Most-Raised"])(
    "answers %s, which the document accepts",
    async (query) => {
      await conforms(LISTINGS, fx.visitor(), { method: "GET", url: `/api/listings?${query}` }, 200);
    },
  );

  it.each(["type=robots", "pageSize=7", "page=0", "page=100001", "sort=random", "businessModels=barter", "q=a&q=b"])(
    "refuses %s with a documented 400",
    async (query) => {
      await conforms(LISTINGS, await fx.key("premium"), { method: "GET", url: `/api/listings?${query}` }, 400);
    },
  );
});

describe("GET /api/listings/export.csv", () => {
  it("is a CSV file whose header row is the documented columns", async () => {
    const answer = await conforms(
      EXPORT,
      await fx.member("subscriber"),
      { method: "GET", url: "/api/listings/export.csv?type=STARTUPS" },
      200,
    );
    const media = check.operation("get", "/api/listings/export.csv").responses["200"].content["text/csv"];
    // The real header row is the documented one: the example's first line, and every column named in the description.
    const headerRow = answer.body.replace(/^\uFEFF/, "").split("\r\n")[0]!;
    expect(headerRow).toBe(
      String(media.example)
        .replace(/^\uFEFF/, "")
        .split("\r\n")[0],
    );
    const columns = headerRow.split(",").map((cell) => cell.replace(/^"|"$/g, ""));
    expect(columns.length).toBeGreaterThan(10);
    for (const column of columns) expect(media.schema.description, column).toContain(`\`${column}\``);
    expect(answer.headers.get("content-disposition")).toMatch(/^attachment; filename="introbase-listings-\d{4}-\d{2}-\d{2}\.csv"$/);
  });

  it("with a premium API key", async () => {
    await conforms(EXPORT, await fx.key("premium"), { method: "GET", url: "/api/listings/export.csv?industries=FinTech" }, 200);
  });

  it("refuses a plan without exports (403), a bad parameter (400) and a spent export quota (429)", async () => {
    await conforms(EXPORT, await fx.member("public"), { method: "GET", url: "/api/listings/export.csv" }, 403);
    await conforms(EXPORT, await fx.member("subscriber"), { method: "GET", url: "/api/listings/export.csv?pageSize=7" }, 400);
    const spent = await fx.member("subscriber");
    await fx.spend(spent.user!, DATA_EXPORT);
    await conforms(EXPORT, spent, { method: "GET", url: "/api/listings/export.csv" }, 429);
  });
});

describe("GET /api/listings/{type}/{slug}", () => {
  it("answers a signed-in member's view with the month's views quota, as documented", async () => {
    // A listing visitors may not open: opening it shows more than a visitor sees, so it counts (decision 0080).
    const slug = fx.listing("startup", "subscriber").slug;
    for (const caller of [await fx.member("subscriber"), await fx.key("premium")]) {
      const answer = await conforms(LISTING, caller, { method: "GET", url: `/api/listings/startup/${slug}` }, 200);
      expect(JSON.parse(answer.body).quota, caller.label).toMatchObject({ action: "company_view", counted: true });
    }
  });

  it.each(["STARTUP", "Startups", "startups"])("answers the type %s, which the document accepts", async (type) => {
    await conforms(LISTING, fx.visitor(), { method: "GET", url: `/api/listings/${type}/${fx.listing("startup", "public").slug}` }, 200);
  });

  it("answers a listing above the tier with its teaser, a spent views quota 429, an unknown type 400, no listing 404", async () => {
    const premium = fx.listing("startup", "premium");
    await conforms(LISTING, fx.visitor(), { method: "GET", url: `/api/listings/startup/${premium.slug}` }, 200);
    const spent = await fx.member("subscriber");
    await fx.spend(spent.user!, "company_view");
    await conforms(LISTING, spent, { method: "GET", url: `/api/listings/startup/${fx.listing("startup", "subscriber", 1).slug}` }, 429);
    // A listing visitors may open: the spent member gets what a visitor gets, the profile (decision 0080).
    await conforms(LISTING, spent, { method: "GET", url: `/api/listings/startup/${fx.listing("startup", "public", 1).slug}` }, 200);
    await conforms(LISTING, fx.visitor(), { method: "GET", url: "/api/listings/company/x" }, 400);
    await conforms(LISTING, await fx.key("premium"), { method: "GET", url: "/api/listings/startup/no-such-listing" }, 404);
  });
});

describe("GET /api/listings/{type}/{slug}/matches", () => {
  it("answers the types as the server reads them, and refuses a partner, a bad limit and no listing", async () => {
    const investor = fx.listing("investor", "public").slug;
    await conforms(MATCHES, await fx.member("premium"), { method: "GET", url: `/api/listings/Investors/${investor}/matches` }, 200);
    await conforms(
      MATCHES,
      fx.visitor(),
      { method: "GET", url: `/api/listings/partner/${fx.listing("partner", "public").slug}/matches` },
      400,
    );
    await conforms(MATCHES, fx.visitor(), { method: "GET", url: `/api/listings/investor/${investor}/matches?limit=21` }, 400);
    await conforms(MATCHES, fx.visitor(), { method: "GET", url: `/api/listings/investor/${investor}/matches?limit=0` }, 400);
    await conforms(MATCHES, fx.visitor(), { method: "GET", url: "/api/listings/investor/no-such-listing/matches" }, 404);
  });
});

describe("the AI endpoints", () => {
  const url = (kind: string, type = "startup", slug = fx.listing("startup", "public").slug) => `/api/listings/${type}/${slug}/${kind}`;

  it("answer bad input 400, a body too large 413, no listing 404, a listing above the plan 403", async () => {
    const member = await fx.member("subscriber");
    await conforms(SUMMARY, member, { method: "POST", url: url("summary"), json: { extra: 1 } }, 400);
    await conforms(INTRO, member, { method: "POST", url: url("intro-message"), json: { senderName: 5 } }, 400);
    await conforms(INTRO, member, { method: "POST", url: url("intro-message"), body: TOO_BIG, contentType: "application/json" }, 413);
    await conforms(SUMMARY, member, { method: "POST", url: url("summary", "startup", "no-such-listing"), json: {} }, 404);
    await conforms(INTRO, member, { method: "POST", url: url("intro-message", "startup", "no-such-listing"), json: {} }, 404);
    const above = fx.listing("startup", "premium").slug;
    await conforms(SUMMARY, member, { method: "POST", url: url("summary", "startup", above), json: {} }, 403);
    await conforms(INTRO, member, { method: "POST", url: url("intro-message", "startup", above), json: {} }, 403);
  });

  it("answer spent AI requests 429 and a failing provider 503, and the type in any case", async () => {
    const spent = await fx.member("subscriber");
    await fx.spend(spent.user!, "ai_summary");
    await conforms(SUMMARY, spent, { method: "POST", url: url("summary"), json: {} }, 429);
    await conforms(INTRO, spent, { method: "POST", url: url("intro-message"), json: {} }, 429);
    fake.setFault("500");
    await conforms(SUMMARY, await fx.key("premium"), { method: "POST", url: url("summary", "STARTUPS"), json: {} }, 503);
  });

  it("answer a sentence as documented: bad input 400, a plan without AI requests 403, spent 429, a failing provider 503", async () => {
    const ask = (sentence: unknown) => ({ method: "POST", url: "/api/listings/plain-words", json: { sentence } });
    const member = await fx.member("subscriber");
    await conforms(PLAIN_WORDS, member, ask("x".repeat(301)), 400);
    await conforms(PLAIN_WORDS, member, ask("startups\u0007in Berlin"), 400);
    await conforms(PLAIN_WORDS, await fx.member("public"), ask("fintech startups"), 403);
    const spent = await fx.member("subscriber");
    await fx.spend(spent.user!, "ai_summary");
    await conforms(PLAIN_WORDS, spent, ask("fintech startups"), 429);
    fake.setFault("500");
    await conforms(PLAIN_WORDS, await fx.key("premium"), ask("fintech startups"), 503);
  });
});

describe("the saved searches", () => {
  it("answer bad input 400, a body too large 413, another's id 404, a plan without them 403, a search saved twice 409, past the cap 400", async () => {
    const member = await fx.member("subscriber");
    await conforms("post /api/saved-searches", member, { method: "POST", url: "/api/saved-searches", json: {} }, 400);
    await conforms(
      "post /api/saved-searches",
      member,
      { method: "POST", url: "/api/saved-searches", body: TOO_BIG, contentType: "application/json" },
      413,
    );
    await conforms("get /api/saved-searches/{id}", member, { method: "GET", url: "/api/saved-searches/not-an-id" }, 400);
    await conforms("get /api/saved-searches/{id}", member, { method: "GET", url: `/api/saved-searches/${randomUUID()}` }, 404);
    await conforms(
      "patch /api/saved-searches/{id}",
      member,
      { method: "PATCH", url: `/api/saved-searches/${randomUUID()}`, json: {} },
      400,
    );
    const json = { name: "Mine", query: "type=startup" };
    await conforms("post /api/saved-searches", await fx.member("public"), { method: "POST", url: "/api/saved-searches", json }, 403);
    for (let i = 0; i < SAVED_SEARCH_LIMITS.subscriber; i++)
      await conforms(
        "post /api/saved-searches",
        member,
        { method: "POST", url: "/api/saved-searches", json: { name: `S${i}`, query: `q=${i}` } },
        201,
      );
    await conforms(
      "post /api/saved-searches",
      member,
      { method: "POST", url: "/api/saved-searches", json: { name: "Again", query: "q=0" } },
      409,
    );
    await conforms("post /api/saved-searches", member, { method: "POST", url: "/api/saved-searches", json }, 400);
  });
});

describe("the follows", () => {
  it("answer bad input 400, a listing above the plan 403, no listing 404, past the cap 409", async () => {
    const member = await fx.member("public");
    await conforms("post /api/follows", member, { method: "POST", url: "/api/follows", json: { listingId: "x" } }, 400);
    await conforms("get /api/follows/{listingId}", member, { method: "GET", url: "/api/follows/x" }, 400);
    await conforms("delete /api/follows/{listingId}", member, { method: "DELETE", url: `/api/follows/${randomUUID()}` }, 404);
    await conforms("get /api/follows/{listingId}", member, { method: "GET", url: `/api/follows/${randomUUID()}` }, 200);
    await conforms("post /api/follows", member, { method: "POST", url: "/api/follows", json: { listingId: randomUUID() } }, 404);
    const above = fx.listing("startup", "premium").id;
    await conforms("post /api/follows", member, { method: "POST", url: "/api/follows", json: { listingId: above } }, 403);
    for (let i = 0; i < followCap("public"); i++)
      await conforms(
        "post /api/follows",
        member,
        { method: "POST", url: "/api/follows", json: { listingId: fx.listing("startup", "public", i).id } },
        201,
      );
    const next = fx.listing("investor", "public").id;
    await conforms("post /api/follows", member, { method: "POST", url: "/api/follows", json: { listingId: next } }, 409);
  });
});
