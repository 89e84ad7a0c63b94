/**
 * The investor filters (decision 0084) over real HTTP to the whole application: a value that cannot be honoured is a
 * 400 with the directory's message for the API and a notice on the page, and a visitor filtering, counting or sorting
 * by amount raised, team size or founding learns nothing of a listing they cannot open.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppOverHttp, type AppOverHttp } from "../support/app-over-http.ts";
import { rawRequest } from "../support/raw-request.ts";

let app: AppOverHttp;
let key: string;

beforeAll(async () => {
  app = await startAppOverHttp({ env: { SEED_LISTINGS: "80" } });
  const { createApiKey } = await import("~/features/api-keys/api-keys.server.ts");
  ({ secret: key } = await createApiKey(app.database, "demo-premium", "investor filters"));
});

afterAll(async () => {
  await app?.close();
});

interface Page {
  data: Array<{ id: string; locked: boolean; totalFundingRaised?: number | null }>;
  pagination: { totalRecords: number };
  facets: Record<string, Record<string, number>>;
}
async function api(query: string, premium = false): Promise<Page> {
  const answer = await rawRequest(app.base, { path: `/api/listings?${query}`, headers: premium ? { Authorization: `Bearer ${key}` } : {} });
  expect(answer.status, answer.body).toBe(200);
  return JSON.parse(answer.body) as Page;
}

describe("bad values", () => {
  it.each([
    ["raised=10m-50m", 'raised accepts only under-1m, 1m-5m, 5m-20m, 20m-100m, over-100m (got \\"10m-50m\\")'],
    ["lastRound=1y", 'lastRound must be one of 3m, 6m, 12m, 24m (got \\"1y\\")'],
    ["foundedFrom=nineteen", "foundedFrom must be a year from 1800 to 2100"],
  ])("/api/listings?%s is a 400 that says why", async (query, message) => {
    const answer = await rawRequest(app.base, { path: `/api/listings?${query}` });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain(message);
  });

  it("a page drops the value and says so", async () => {
    const answer = await rawRequest(app.base, { path: "/listings?raised=10m-50m" });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain("No amount raised band &quot;10m-50m&quot;: it was left out of the filters.");
  });
});

describe("a visitor", () => {
  it("finds, counts and sees amounts of open listings only", async () => {
    const [{ locked } = { locked: 0 }] = await app.database.rows<{ locked: number }>(
      sql`SELECT count(*)::int AS locked FROM listings WHERE visibility <> 'public' AND total_funding_raised IS NOT NULL AND processing_status = 'published'`,
    );
    expect(locked).toBeGreaterThan(0);
    for (const band of ["under-1m", "1m-5m", "5m-20m", "20m-100m", "over-100m"]) {
      const [low, high] = {
        "under-1m": [0, 1e6],
        "1m-5m": [1e6, 5e6],
        "5m-20m": [5e6, 20e6],
        "20m-100m": [20e6, 100e6],
        "over-100m": [100e6, 1e15],
      }[band]!;
      const [row] = await app.database.rows<{ open: number; all: number }>(sql`
        SELECT count(*) FILTER (WHERE visibility = 'public')::int AS open, count(*)::int AS all FROM listings
        WHERE processing_status = 'published' AND total_funding_raised >= ${low} AND total_funding_raised < ${high}`);
      const visitor = await api(`raised=${band}&pageSize=100`);
      expect(visitor.pagination.totalRecords, band).toBe(row!.open);
      expect(visitor.data.every((item) => !item.locked)).toBe(true);
      expect((await api(`raised=${band}&pageSize=100`, true)).pagination.totalRecords, band).toBe(row!.all);
      expect((await api("pageSize=25")).facets.raised?.[band] ?? 0, band).toBe(row!.open);
    }
  });

  it("is sent no amount for a locked card, in the JSON or the page", async () => {
    const all = await api("pageSize=100&sort=most-raised");
    const locked = all.data.filter((item) => item.locked);
    expect(locked.length).toBeGreaterThan(0);
    expect(locked.every((item) => !("totalFundingRaised" in item))).toBe(true);
    // A locked listing is never lifted by its amount: every open listing with a figure comes first.
    const firstLocked = all.data.findIndex((item) => item.locked);
    expect(all.data.slice(firstLocked).every((item) => item.locked || item.totalFundingRaised == null)).toBe(true);
  });
});
