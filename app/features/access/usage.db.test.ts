/** Usage counters against a real database: monthly limits, once-per-listing views, and no overspending. */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema/accounts.ts";
import { seedListings } from "#demo/seed-database.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { getMonthlyUsage, recordCompanyView, recordUsage, type UsageSubject } from "./usage.server.ts";

let database: Database;
let listingIds: string[];
const NOVEMBER = new Date("2026-11-15T12:00:00Z");
const DECEMBER = new Date("2026-12-01T00:00:00Z");

async function user(id: string, tier: UsageSubject["tier"]): Promise<UsageSubject> {
  await database.db.insert(users).values({ id, name: id, email: `${id}@test.introbase.test`, tier });
  return { id, tier };
}

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 30);
  listingIds = (await database.rows<{ id: string }>(sql`SELECT id FROM listings ORDER BY name LIMIT 12`)).map((r) => r.id);
});

afterAll(async () => {
  await database?.close();
});

describe("company views", () => {
  it("counts a listing once per month, stops a public user at 10, and starts again next month", async () => {
    const pat = await user("views-public", "public");
    const results = [];
    for (const id of listingIds.slice(0, 10)) results.push(await recordCompanyView(database, pat, id, NOVEMBER));
    expect(results.map((r) => r.remaining)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);

    const again = await recordCompanyView(database, pat, listingIds[0]!, NOVEMBER);
    expect(again).toMatchObject({ allowed: true, counted: false, used: 10 });

    const eleventh = await recordCompanyView(database, pat, listingIds[10]!, NOVEMBER);
    expect(eleventh).toMatchObject({ allowed: false, counted: false, used: 10, remaining: 0 });
    // Refused views are not remembered: after an upgrade the same listing counts normally.
    expect(await recordCompanyView(database, { ...pat, tier: "subscriber" }, listingIds[10]!, NOVEMBER)).toMatchObject({
      allowed: true,
      counted: true,
      used: 11,
      limit: 500,
    });

    expect(await recordCompanyView(database, pat, listingIds[11]!, DECEMBER)).toMatchObject({ allowed: true, used: 1, remaining: 9 });
  });

  it("never lets concurrent views overspend the last units", async () => {
    const pat = await user("views-race", "public");
    const results = await Promise.all(listingIds.map((id) => recordCompanyView(database, pat, id, NOVEMBER)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect((await getMonthlyUsage(database, pat.id, NOVEMBER)).company_view).toBe(10);
  });
});

describe("other counters", () => {
  it("refuses an export for a tier that may not export, and counts exports for one that may", async () => {
    const pat = await user("export-public", "public");
    const sam = await user("export-subscriber", "subscriber");
    expect(await recordUsage(database, pat, "data_export", { now: NOVEMBER })).toMatchObject({ allowed: false, limit: 0, used: 0 });
    expect(await recordUsage(database, sam, "data_export", { now: NOVEMBER })).toMatchObject({ allowed: true, used: 1, limit: 1000 });
    expect(await recordUsage(database, sam, "data_export", { amount: 1000, now: NOVEMBER })).toMatchObject({ allowed: false, used: 1 });
  });

  it("counts AI tokens against no quota", async () => {
    const sam = await user("tokens", "subscriber");
    expect(await recordUsage(database, sam, "ai_tokens" as never, { amount: 5000, now: NOVEMBER })).toMatchObject({
      allowed: true,
      used: 5000,
      limit: null,
    });
  });
});
