/**
 * Search relevance and sort orders of the directory against a real database: a few crafted listings among the
 * demo data, asked as a visitor and as a premium member. What is asserted is what a user sees: which listing
 * comes first, that totals and facets do not depend on the order, and that a funding order never places a
 * listing by a figure the viewer may not see.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import { announceChange } from "~/lib/change-feed.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import type { Viewer } from "../../access/redact-listing.ts";
import { parseDirectoryQuery } from "../directory-filters.ts";
import { searchListings } from "./search-listings.server.ts";

const PUBLIC: Viewer = { tier: "public" };
const PREMIUM: Viewer = { tier: "premium" };
let database: Database;

/** Crafted listings: names sharing a first word, a typo target, word forms, and funding to sort by. */
const CRAFTED = [
  {
    name: "Qorvex Foods",
    tagline: "Fresh lunches for offices",
    description: "Qorvex Foods cooks for offices.",
    raised: 2e6,
    round: "2026-01-10",
    visibility: "public",
  },
  {
    name: "Qorvex Grid",
    tagline: "Battery storage for utilities",
    description: "Storage that balances the grid.",
    raised: 9e6,
    round: "2025-06-01",
    visibility: "public",
  },
  {
    name: "Qorvex Pay",
    tagline: "Checkout for marketplaces",
    description: "Settles payments for marketplaces in seconds.",
    raised: null,
    round: null,
    visibility: "public",
  },
  {
    name: "Zyndra Flow",
    tagline: "Travel booking for teams",
    description: "Zyndra Flow books trips.",
    raised: 5e6,
    round: "2026-03-02",
    visibility: "public",
  },
  {
    name: "Hidden Capital Works",
    tagline: "A quiet fund",
    description: "Only premium members read this: zqxpremiumword.",
    raised: 9e9,
    round: "2026-06-30",
    visibility: "premium",
  },
];

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 120);
  for (const [i, c] of CRAFTED.entries()) {
    await database.rows(sql`
      INSERT INTO listings (slug, type, name, tagline, description, visibility, total_funding_raised, latest_round_date, created_at)
      VALUES (${`crafted-${i}`}, 'startup', ${c.name}, ${c.tagline}, ${c.description}, ${c.visibility}, ${c.raised}, ${c.round},
              now() + ${`${i} minutes`}::interval)`);
  }
  await announceChange(database, "listings");
});

afterAll(async () => {
  await database?.close();
});

async function names(search: string, viewer: Viewer = PREMIUM, pageSize = 25): Promise<string[]> {
  const parsed = parseDirectoryQuery(new URLSearchParams(`${search}&pageSize=${pageSize}`));
  if (!parsed.ok) throw new Error(parsed.error);
  const result = await searchListings(database, parsed.query, viewer);
  return result.data.map((item) => item.name);
}

describe("search relevance", () => {
  it("puts the exact name first, then names starting with the query", async () => {
    expect((await names("searchQuery=qorvex pay"))[0]).toBe("Qorvex Pay");
    expect((await names("searchQuery=qorvex")).slice(0, 3)).toEqual(["Qorvex Foods", "Qorvex Grid", "Qorvex Pay"]);
  });

  it("finds a name despite swapped letters", async () => {
    expect((await names("searchQuery=zyndar"))[0]).toBe("Zyndra Flow");
  });

  it("finds word forms in descriptions, after listings matching on their card", async () => {
    const found = await names("searchQuery=payment");
    expect(found).toContain("Qorvex Pay");
    expect(await names("searchQuery=payments")).toContain("Qorvex Pay");
  });

  it("searches a locked listing's description only for those who may open it", async () => {
    expect(await names("searchQuery=zqxpremiumword", PUBLIC)).toEqual([]);
    expect(await names("searchQuery=zqxpremiumword", PREMIUM)).toEqual(["Hidden Capital Works"]);
  });
});

/** The crafted listings in the order a query returns them, across all its pages. */
async function craftedOrder(search: string, viewer: Viewer = PREMIUM): Promise<string[]> {
  const all: string[] = [];
  for (let page = 1; page <= 3; page++) all.push(...(await names(`${search}&page=${page}`, viewer, 100)));
  const crafted = new Set(CRAFTED.map((c) => c.name));
  return all.filter((name) => crafted.has(name));
}

describe("sort orders", () => {
  it("sorts by most raised and by the latest round, listings without a figure after", async () => {
    expect((await names("sort=most-raised"))[0]).toBe("Hidden Capital Works");
    expect(await craftedOrder("sort=most-raised")).toEqual([
      "Hidden Capital Works",
      "Qorvex Grid",
      "Zyndra Flow",
      "Qorvex Foods",
      "Qorvex Pay",
    ]);
    expect(await craftedOrder("sort=recently-funded")).toEqual([
      "Hidden Capital Works",
      "Zyndra Flow",
      "Qorvex Foods",
      "Qorvex Grid",
      "Qorvex Pay",
    ]);
  });

  it("never places a listing by a figure the viewer may not see", async () => {
    // Locked for a visitor, the 9-billion listing sorts among those without a figure, in the default order.
    expect(await craftedOrder("sort=most-raised", PUBLIC)).toEqual([
      "Qorvex Grid",
      "Zyndra Flow",
      "Qorvex Foods",
      "Hidden Capital Works",
      "Qorvex Pay",
    ]);
    expect((await names("sort=most-raised", PUBLIC))[0]).not.toBe("Hidden Capital Works");
  });

  it("sorts by newest", async () => {
    expect((await names("sort=newest")).slice(0, 2)).toEqual(["Hidden Capital Works", "Zyndra Flow"]);
  });

  it("keeps the total and the facets whatever the order", async () => {
    const results = await Promise.all(
      ["featured", "newest", "recently-funded", "most-raised", "relevance"].map(async (sort) => {
        const parsed = parseDirectoryQuery(new URLSearchParams(`sort=${sort}&searchQuery=for`));
        if (!parsed.ok) throw new Error(parsed.error);
        const { pagination, facets } = await searchListings(database, parsed.query, PUBLIC);
        return { total: pagination.totalRecords, facets };
      }),
    );
    for (const result of results.slice(1)) expect(result).toEqual(results[0]);
    expect(results[0]!.total).toBeGreaterThan(3);
  });
});
