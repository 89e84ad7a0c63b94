/**
 * An API key leaves the JSON API through the path (issue 29 finding 1, decision 0069). The key check read the raw
 * path and React Router resolved "..", "%2E%2E" and the like afterwards, so a key sent to "/api/follows/../../settings"
 * acted as its owner on the settings page: it minted new keys (which outlive revoking the leaked one), changed the
 * owner's plan, and opened their settings. Sent here over real HTTP to the whole application, exactly as an attacker
 * sends them (node:http: fetch would resolve the dots itself), with nothing but the key.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppOverHttp, type AppOverHttp } from "../support/app-over-http.ts";
import { rawRequest } from "../support/raw-request.ts";

let app: AppOverHttp;
let key: string;
const OWNER = "demo-premium";

const keysOfOwner = async () =>
  (await app.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM api_keys WHERE user_id = ${OWNER}`))[0]!.n;
const tierOfOwner = async () => (await app.database.rows<{ tier: string }>(sql`SELECT tier FROM users WHERE id = ${OWNER}`))[0]!.tier;

beforeAll(async () => {
  app = await startAppOverHttp();
  const { createApiKey } = await import("~/features/api-keys/api-keys.server.ts");
  ({ secret: key } = await createApiKey(app.database, OWNER, "leaked"));
});

afterAll(async () => {
  await app?.close();
});

const withKey = (path: string, init: { method?: string; form?: Record<string, string> } = {}) =>
  rawRequest(app.base, { ...init, path, headers: { Authorization: `Bearer ${key}` } });

/** What any answer to a key must never hold: a new key, or the owner's name and address from a page made for them. */
function expectNothingOfTheOwner(body: string) {
  expect(body).not.toMatch(/ib_[A-Za-z0-9_-]{43}/);
  expect(body).not.toContain("Priya Premium");
  expect(body).not.toContain("priya.premium@");
}

describe("a key sent along a path that leaves the API", () => {
  it.each([
    "/api/follows/../../settings.data",
    "/api/follows/%2E%2E/%2E%2E/settings.data",
    "/api/follows/%2e%2e/%2e%2e/settings.data",
    "/api/follows/.%2E/.%2e/settings.data",
    "/api/follows/./../../settings.data",
    "/api/follows\\..\\..\\settings.data",
    "/api/follows/..%2F..%2Fsettings.data",
    "/api/follows/..%5C..%5Csettings.data",
  ])("mints no key: POST %s is refused", async (path) => {
    const before = await keysOfOwner();
    const answer = await withKey(path, { method: "POST", form: { intent: "create-api-key", name: "minted through the path" } });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ error: expect.stringMatching(/path/i) });
    expectNothingOfTheOwner(answer.body);
    expect(await keysOfOwner()).toBe(before);
  });

  it.each(["/api/follows/../billing/choose-plan", "/api/x/%2E%2E/billing/choose-plan", "/api/%62illing/choose-plan"])(
    "changes no plan: POST %s",
    async (path) => {
      const { getPlanCatalogue } = await import("~/features/access/tier-records.server.ts");
      const subscriber = (await getPlanCatalogue(app.database)).subscriber;
      const answer = await withKey(path, { method: "POST", form: { tier: "subscriber", monthlyPrice: String(subscriber.monthlyPrice) } });
      expect([400, 401]).toContain(answer.status);
      expect(await tierOfOwner()).toBe("premium");
    },
  );

  it.each(["/api/x/%2E%2E/%2E%2E/settings", "/api/x/../../settings", "/api/listings/../../settings", "/api/%2E%2E/settings"])(
    "opens no page as the owner: GET %s",
    async (path) => {
      const answer = await withKey(path);
      expect(answer.status).toBe(400);
      expectNothingOfTheOwner(answer.body);
    },
  );

  it("is refused whatever the letter case of the encoded dots, and says why in a browser too", async () => {
    const answer = await rawRequest(app.base, { path: "/listings/%2e%2E/settings", headers: { Accept: "text/html" } });
    expect(answer.status).toBe(400);
    expect(answer.headers["content-type"]).toContain("text/html");
    expect(answer.body).toContain("400");
  });
});

describe("a key on a path spelt another way", () => {
  it("reaches an API route whose path has percent-encoded letters, as that route, counted once", async () => {
    const answer = await withKey("/api/%72eference");
    expect(answer.status).toBe(200);
    expect(answer.headers["ratelimit-policy"]).toBeDefined();
  });
});

describe("revoking the leaked key", () => {
  it("ends the access: the owner has no other key, minted through a path, that still works", async () => {
    const { apiKeys } = await import("#db/schema/api-keys.ts");
    const { revokeApiKey } = await import("~/features/api-keys/api-keys.server.ts");
    const [leaked] = await app.database.db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.name, "leaked"));
    await revokeApiKey(app.database, OWNER, leaked!.id);
    expect((await withKey("/api/listings")).status).toBe(401);
    const live = await app.database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM api_keys WHERE user_id = ${OWNER} AND revoked_at IS NULL`,
    );
    expect(live[0]!.n).toBe(0);
  });
});
