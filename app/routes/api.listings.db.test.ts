import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import type { Database } from "~/lib/db.server.ts";
import { DATA_SOURCE_ERROR_MESSAGE } from "~/lib/errors.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { answerOf, loaderArgs, unreachableDatabase } from "#test-support/test-route.ts";
import type { Route } from "./+types/api.listings";
import { loader as listingsLoader } from "./api.listings.ts";
import { loader as referenceLoader } from "./api.reference.ts";

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 120);
});

afterAll(async () => {
  await database?.close();
});

async function get(path: string, db: Database = database) {
  const response = await answerOf(listingsLoader(loaderArgs<Route.LoaderArgs>(db, path)));
  // The body's shape is what the test asserts, so it is read loosely on purpose.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

describe("GET /api/listings", () => {
  it("answers spec 01's paginated listing response with facet counts", async () => {
    const { status, body } = await get("/api/listings?type=startups&pageSize=50");
    expect(status).toBe(200);
    expect(body.data).toHaveLength(50);
    expect(body.data.every((item: { type: string }) => item.type === "startup")).toBe(true);
    expect(body.pagination).toEqual({
      currentPage: 1,
      totalPages: Math.ceil(72 / 50),
      totalRecords: 72,
      pageSize: 50,
      hasNextPage: true,
      hasPreviousPage: false,
      nextOffset: "50",
    });
    expect(body.facets.entityType).toEqual({ startup: 72, investor: 30, partner: 18 });
  });

  it("takes the filter names of spec 01 §3 and the page's aliases alike", async () => {
    const a = await get("/api/listings?entityType=investor&featuredOnly=true");
    const b = await get("/api/listings?type=Investors&featured=true");
    expect(a.body.pagination.totalRecords).toBe(b.body.pagination.totalRecords);
    expect(a.body.data.map((x: { id: string }) => x.id)).toEqual(b.body.data.map((x: { id: string }) => x.id));
  });

  it.each([
    ["unknown type", "type=robots", /entityType must be one of/],
    ["page 0", "page=0", /page must be a whole number of at least 1/],
    ["page size 7", "pageSize=7", /pageSize must be 25, 50 or 100/],
    ["a 10,000-character search", `searchQuery=${"x".repeat(10_000)}`, /at most 200 characters/],
    ["a repeated parameter", "page=1&page=2", /"page" must appear at most once/],
    ["an unknown industry", "industries=Alchemy", /Unknown industries value "Alchemy"/],
    ["an unknown business model", "businessModels=barter", /businessModels accepts only/],
    ["a non-numeric page", "page=two", /page must be a whole number/],
  ])("answers %s with a 400 and a message", async (_label, query, message) => {
    const { status, body } = await get(`/api/listings?${query}`);
    expect(status).toBe(400);
    expect(body.error).toMatch(message);
  });

  it("answers a search that finds nothing with a documented suggestion that finds something (decision 0082)", async () => {
    const { body: first } = await get("/api/listings?pageSize=25");
    // A word of a listing's name with two letters swapped twice: beyond the one typo a 6-8 letter word may carry.
    const word = (first.data as { name: string }[])
      .map((item) => item.name.split(" ")[0]!.toLowerCase())
      .find((w) => /^[a-z]{6,8}$/.test(w))!;
    const garbled = `${word[1]}${word[0]}${word.slice(2, -2)}${word.at(-1)}${word.at(-2)}`;
    const { status, body } = await get(`/api/listings?searchQuery=${garbled}`);
    expect(status).toBe(200);
    expect(body.pagination.totalRecords).toBe(0);
    expect(body.suggestion).toMatchObject({ reason: "spelling" });
    const { body: again } = await get(`/api/listings?searchQuery=${encodeURIComponent(body.suggestion.searchQuery)}`);
    expect(again.pagination.totalRecords).toBe(body.suggestion.totalRecords);
    expect(again.pagination.totalRecords).toBeGreaterThan(0);
    expect(again.suggestion).toBeUndefined();
  });

  it("treats SQL metacharacters in the search as text", async () => {
    const { status, body } = await get(`/api/listings?searchQuery=${encodeURIComponent("x'); DROP TABLE listings; --")}`);
    expect(status).toBe(200);
    expect(body.pagination.totalRecords).toBe(0);
    expect((await get("/api/listings")).body.pagination.totalRecords).toBe(120);
  });

  it("answers a database failure with the generic data-source error, naming no third party", async () => {
    const { status, body } = await get("/api/listings", unreachableDatabase());
    expect(status).toBe(503);
    expect(body).toEqual({ error: DATA_SOURCE_ERROR_MESSAGE, requestId: expect.any(String) });
    expect(JSON.stringify(body)).not.toMatch(/ECONNREFUSED|airtable/i);
  });
});

describe("GET /api/reference", () => {
  it("answers every reference list", async () => {
    const response = await referenceLoader(loaderArgs(database, "/api/reference"));
    const body = (await response.json()) as Record<string, unknown[]>;
    expect(response.status).toBe(200);
    expect(body.industries).toHaveLength(32);
    expect(body.geographies).toHaveLength(6);
    expect(body.countries!.length).toBeGreaterThanOrEqual(40);
    expect(body.revenueRanges).toEqual([
      { id: expect.any(Number), code: "less_than_100k", name: "< $100K" },
      { id: expect.any(Number), code: "100k_to_1m", name: "$100K < X < $1M" },
      { id: expect.any(Number), code: "1m_to_5m", name: "$1M < X < $5M" },
      { id: expect.any(Number), code: "5m_to_10m", name: "$5M < X < $10M" },
      { id: expect.any(Number), code: "10m_to_50m", name: "$10M < X < $50M" },
      { id: expect.any(Number), code: "more_than_50m", name: "> $50M" },
    ]);
    expect(body.visibilityLevels!.map((v) => (v as { name: string }).name)).toEqual(["public", "subscriber", "premium"]);
  });

  it("answers a database failure with a 503 and the data-source message", async () => {
    const response = await answerOf(referenceLoader(loaderArgs(unreachableDatabase(), "/api/reference")));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: DATA_SOURCE_ERROR_MESSAGE, requestId: expect.any(String) });
  });
});
