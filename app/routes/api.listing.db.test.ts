import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import type { Database } from "~/lib/db.server.ts";
import { DATA_SOURCE_ERROR_MESSAGE } from "~/lib/errors.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { answerOf, loaderArgs, unreachableDatabase } from "#test-support/test-route.ts";
import type { Route } from "./+types/api.listing";
import { loader } from "./api.listing.ts";

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 60);
});

afterAll(async () => {
  await database?.close();
});

async function get(type: string, slug: string, db: Database = database): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await answerOf(loader(loaderArgs<Route.LoaderArgs>(db, `/api/listings/${type}/${slug}`, { type, slug })));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function listingWhere(condition: ReturnType<typeof sql>): Promise<{ slug: string; type: string; description: string }> {
  const [row] = await database.rows<{ slug: string; type: string; description: string }>(sql`
    SELECT slug, type, description FROM listings WHERE ${condition} ORDER BY name LIMIT 1`);
  if (!row) throw new Error("no such listing in the demo data");
  return row;
}

describe("GET /api/listings/:type/:slug", () => {
  it("200 with the gated listing", async () => {
    const listing = await listingWhere(sql`visibility = 'public' AND type = 'startup'`);
    const { status, body } = await get("startup", listing.slug);
    expect(status).toBe(200);
    expect(body.locked).toBeUndefined();
    expect(body.data).toMatchObject({
      slug: listing.slug,
      type: "startup",
      description: listing.description,
      lockedFields: expect.any(Object),
    });
  });

  it("200 with the teaser and locked: true above the caller's tier", async () => {
    const listing = await listingWhere(sql`visibility = 'subscriber'`);
    const { status, body } = await get(listing.type, listing.slug);
    expect(status).toBe(200);
    expect(body.locked).toBe(true);
    expect(body.data).toMatchObject({ locked: true, slug: listing.slug });
    expect(body.data).not.toHaveProperty("description");
  });

  it("400 for an unknown type", async () => {
    const { status, body } = await get("company", "x");
    expect(status).toBe(400);
    expect(body.error).toMatch(/Unknown listing type "company"/);
  });

  it("404 for an unknown slug, or a slug of another type", async () => {
    const listing = await listingWhere(sql`type = 'partner'`);
    expect(await get("startup", listing.slug)).toEqual({ status: 404, body: { error: "Listing not found" } });
    expect(await get("partner", "no-such-partner")).toEqual({ status: 404, body: { error: "Listing not found" } });
  });

  it("503 with the data-source message when the database fails", async () => {
    expect(await get("startup", "anything", unreachableDatabase())).toEqual({
      status: 503,
      body: { error: DATA_SOURCE_ERROR_MESSAGE, requestId: expect.any(String) },
    });
  });
});
