/**
 * searchListings against a real database (PGlite in `npm test`, PostgreSQL in `npm run test:pg`). Expected
 * totals come from plain SQL written here over names and codes, independent of the implementation's id
 * resolution, facet query and search expression.
 */
import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import { announceChange } from "~/lib/change-feed.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import type { Viewer } from "../../access/redact-listing.ts";
import { LIST_FILTERS, parseDirectoryQuery, type DirectoryQuery, type ListFilter } from "../directory-filters.ts";
import { searchListings, type DirectoryResult } from "./search-listings.server.ts";

const LISTINGS = 300;
const PUBLIC: Viewer = { tier: "public" };
const SUBSCRIBER: Viewer = { tier: "subscriber" };
const PREMIUM: Viewer = { tier: "premium" };

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, LISTINGS);
});

afterAll(async () => {
  await database?.close();
});

type Params = Record<string, string | string[]>;

function query(params: Params = {}): DirectoryQuery {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) for (const v of [value].flat()) search.append(name, v);
  const parsed = parseDirectoryQuery(search);
  if (!parsed.ok) throw new Error(`test query rejected: ${parsed.error}`);
  return parsed.query;
}

function search(params: Params = {}, viewer: Viewer = PREMIUM): Promise<DirectoryResult> {
  return searchListings(database, query(params), viewer);
}

async function countWhere(condition: SQL): Promise<number> {
  const [row] = await database.rows<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM listings l WHERE l.processing_status = 'published' AND (${condition})`,
  );
  return row!.n;
}

/** The listing links to at least one of these names in a reference table (by name, not by id). */
const linksTo = (table: string, column: string, names: string[]): SQL =>
  sql`EXISTS (SELECT 1 FROM ${sql.raw(table)} r WHERE r.id = ANY(l.${sql.raw(column)}) AND r.name IN ${names})`;

describe("totals equal a direct SQL count", () => {
  it("has every seeded listing published and counted with no filter", async () => {
    const result = await search();
    expect(result.pagination.totalRecords).toBe(LISTINGS);
    expect(await countWhere(sql`TRUE`)).toBe(LISTINGS);
  });

  it.each([
    [{ type: "startup" }, sql`l.type = 'startup'`],
    [{ entityType: "Investors" }, sql`l.type = 'investor'`],
    [{ type: "partners" }, sql`l.type = 'partner'`],
    [{ featured: "true" }, sql`l.featured`],
    [{ featured: "true", type: "startup" }, sql`l.featured AND l.type = 'startup'`],
  ] as Array<[Params, SQL]>)("type and featured %o", async (params, condition) => {
    const expected = await countWhere(condition);
    expect(expected).toBeGreaterThan(0);
    expect((await search(params)).pagination.totalRecords).toBe(expected);
  });

  it("ORs the values within one filter and ANDs across filters", async () => {
    const ai = await countWhere(linksTo("industries", "industry_ids", ["AI"]));
    const fintech = await countWhere(linksTo("industries", "industry_ids", ["FinTech"]));
    const either = await countWhere(linksTo("industries", "industry_ids", ["AI", "FinTech"]));
    expect(ai).toBeGreaterThan(0);
    expect(fintech).toBeGreaterThan(0);
    expect(either).toBeGreaterThan(Math.max(ai, fintech));
    expect((await search({ industries: "AI" })).pagination.totalRecords).toBe(ai);
    expect((await search({ industries: ["AI", "FinTech"] })).pagination.totalRecords).toBe(either);
    expect((await search({ industries: "AI,FinTech" })).pagination.totalRecords).toBe(either);

    const across = sql`${linksTo("industries", "industry_ids", ["AI", "FinTech"])} AND ${linksTo("geographies", "geography_ids", ["Europe"])} AND l.type = 'startup'`;
    const expected = await countWhere(across);
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(either);
    expect((await search({ industries: ["AI", "FinTech"], geographies: "Europe", type: "startup" })).pagination.totalRecords).toBe(
      expected,
    );
  });

  it("matches countries by name and by ISO code, case-insensitively", async () => {
    const condition = sql`EXISTS (SELECT 1 FROM countries c WHERE c.id = ANY(l.country_ids) AND c.iso_code IN ('DE', 'JP'))`;
    const expected = await countWhere(condition);
    expect(expected).toBeGreaterThan(0);
    expect((await search({ countries: ["Germany", "Japan"] })).pagination.totalRecords).toBe(expected);
    expect((await search({ countries: ["DE", "jp"] })).pagination.totalRecords).toBe(expected);
    expect((await search({ countries: ["germany", "JP"] })).pagination.totalRecords).toBe(expected);
  });

  it("filters personas, funding stages, revenue range codes and business models", async () => {
    const personas = await countWhere(linksTo("target_personas", "persona_ids", ["CTO", "CFO"]));
    expect(personas).toBeGreaterThan(0);
    expect((await search({ personas: ["CTO", "CFO"] })).pagination.totalRecords).toBe(personas);

    const stage = await countWhere(sql`l.funding_stage_id IN (SELECT id FROM funding_stages WHERE name = 'Seed')`);
    expect(stage).toBeGreaterThan(0);
    expect((await search({ fundingStages: "Seed" })).pagination.totalRecords).toBe(stage);

    const revenue = await countWhere(
      sql`l.revenue_range_id IN (SELECT id FROM revenue_ranges WHERE code IN ('1m_to_5m', 'more_than_50m'))`,
    );
    expect(revenue).toBeGreaterThan(0);
    expect((await search({ revenueRanges: ["1m_to_5m", "more_than_50m"] })).pagination.totalRecords).toBe(revenue);

    const model = await countWhere(sql`l.business_model_id IN (SELECT id FROM business_models WHERE code = 'success_only')`);
    expect(model).toBeGreaterThan(0);
    const partners = await search({ businessModels: "success_only" });
    expect(partners.pagination.totalRecords).toBe(model);
    expect(partners.data.every((item) => item.type === "partner" && !item.locked && item.businessModel === "success_only")).toBe(true);
  });

  it("finds names by a word prefix", async () => {
    const expected = await countWhere(sql`l.name ~* '\\mnimb'`);
    expect(expected).toBeGreaterThan(0);
    const result = await search({ searchQuery: "nimb", pageSize: "100" });
    expect(result.pagination.totalRecords).toBe(expected);
    expect(result.data.every((item) => /nimb/i.test(item.name))).toBe(true);
  });

  it("finds names despite a typo", async () => {
    const result = await search({ searchQuery: "nimbsu", pageSize: "100" });
    expect(result.pagination.totalRecords).toBeGreaterThan(0);
    expect(result.data[0]!.name).toMatch(/^Nimbus /);
  });

  it("ranks name and tagline matches above description-only matches, each in the default order", async () => {
    const [word] = await database.rows<{ w: string }>(sql`
      SELECT lower(substring(name from '^[A-Za-z]+')) AS w FROM listings GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`);
    const result = await search({ searchQuery: word!.w, pageSize: "100" });
    const names = result.data.map((item) => item.name.toLowerCase());
    expect(names[0]).toContain(word!.w);
    // Strong matches (the word in the name or tagline) all come before the description-only ones.
    const rows = await database.rows<{ name: string; strong: boolean }>(sql`
      SELECT name, search_vector @@ to_tsquery('english', ${`${word!.w}:*AB`}) AS strong FROM listings
      WHERE search_vector @@ to_tsquery('english', ${`${word!.w}:*`})`);
    const strongByName = new Map(rows.map((r) => [r.name.toLowerCase(), r.strong]));
    const strength = names.map((name) => strongByName.get(name) ?? true);
    expect(strength).toEqual([...strength].sort((a, b) => Number(b) - Number(a)));
  });

  it("trims the search text and treats blank as no search", async () => {
    expect((await search({ searchQuery: "   " })).pagination.totalRecords).toBe(LISTINGS);
    expect((await search({ searchQuery: "  nimb  " })).pagination.totalRecords).toBe(
      (await search({ searchQuery: "nimb" })).pagination.totalRecords,
    );
  });
});

describe("facet counts", () => {
  /** Every option of one dimension: its count equals the total with that option as the filter's only value. */
  async function expectFacetsMatchTotals(base: Params, filter: ListFilter, facets: Record<string, number>) {
    const options = Object.entries(facets);
    expect(options.length).toBeGreaterThan(1);
    for (const [option, count] of options) {
      const total = (await search({ ...base, [filter]: option })).pagination.totalRecords;
      expect({ filter, option, count }).toEqual({ filter, option, count: total });
    }
  }

  it("counts each option of an inactive filter as the total of adding it", async () => {
    const base = { type: "startup", geographies: "Europe" };
    const { facets, pagination } = await search(base);
    expect(pagination.totalRecords).toBeGreaterThan(0);
    await expectFacetsMatchTotals(base, "industries", facets.industries);
    await expectFacetsMatchTotals(base, "countries", facets.countries);
    await expectFacetsMatchTotals(base, "revenueRanges", facets.revenueRanges);
    await expectFacetsMatchTotals(base, "personas", facets.personas);
    await expectFacetsMatchTotals(base, "fundingStages", facets.fundingStages);
    expect(facets.featured).toBe((await search({ ...base, featured: "true" })).pagination.totalRecords);
  });

  it("counts the options of an active filter with every other filter applied, not its own", async () => {
    const base = { featured: "true", industries: ["AI", "Software", "FinTech"] };
    const { facets } = await search(base);
    const { industries: _own, ...others } = base;
    await expectFacetsMatchTotals(others, "industries", facets.industries);
    // The entity type facet is computed under the industry filter, and adds up to the current total.
    const total = (await search(base)).pagination.totalRecords;
    expect(Object.values(facets.entityType).reduce((a, b) => a + b, 0)).toBe(total);
    for (const [type, count] of Object.entries(facets.entityType)) {
      expect(count).toBe((await search({ ...base, type })).pagination.totalRecords);
    }
  });

  it("counts business models among partners and names options as the filters expect them", async () => {
    const { facets } = await search();
    expect(Object.keys(facets.businessModels).sort()).toEqual(["retainer", "retainer_plus_success", "success_only"]);
    await expectFacetsMatchTotals({}, "businessModels", facets.businessModels);
    expect(Object.keys(facets.entityType).sort()).toEqual(["investor", "partner", "startup"]);
    expect(LIST_FILTERS.every((filter) => Object.values(facets[filter]).every((n) => Number.isInteger(n) && n > 0))).toBe(true);
  });
});

describe("paging", () => {
  it("returns distinct pages with spec pagination fields", async () => {
    const first = await search({ type: "startup" });
    const second = await search({ type: "startup", page: "2" });
    const total = first.pagination.totalRecords;
    expect(total).toBeGreaterThan(50);
    expect(first.data).toHaveLength(25);
    expect(first.pagination).toMatchObject({
      currentPage: 1,
      pageSize: 25,
      totalPages: Math.ceil(total / 25),
      hasNextPage: true,
      hasPreviousPage: false,
      nextOffset: "25",
    });
    expect(second.pagination).toMatchObject({ currentPage: 2, hasNextPage: true, hasPreviousPage: true, nextOffset: "50" });
    const firstIds = new Set(first.data.map((x) => x.id));
    expect(second.data.some((x) => firstIds.has(x.id))).toBe(false);
  });

  it("walks every listing exactly once, then stops", async () => {
    const seen = new Set<string>();
    let page = 1;
    let result: DirectoryResult;
    do {
      result = await search({ pageSize: "100", page: String(page) });
      result.data.forEach((item) => seen.add(item.id));
      page++;
    } while (result.pagination.hasNextPage);
    expect(seen.size).toBe(LISTINGS);
    expect(result.pagination).toMatchObject({ currentPage: 3, totalPages: 3, hasNextPage: false });
    expect(result.pagination).not.toHaveProperty("nextOffset");

    const beyond = await search({ pageSize: "100", page: "4" });
    expect(beyond.data).toEqual([]);
    expect(beyond.pagination.hasNextPage).toBe(false);
  });

  it("lists featured listings first when there is no search", async () => {
    const featured = await countWhere(sql`l.featured`);
    const { data } = await search({ pageSize: "100" });
    expect(data.slice(0, featured).every((x) => x.featured)).toBe(true);
    expect(data.slice(featured).some((x) => x.featured)).toBe(false);
  });
});

describe("bad and hostile input", () => {
  it("rejects an unknown filter value as a bad request", async () => {
    const attempt = search({ industries: ["AI", "Underwater Basket Weaving"] });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code: "bad_request", status: 400 });
  });

  it.each(["'; DROP TABLE listings; --", "%' OR '1'='1", "nimb:* | !x & (", "\\x00 $$ ;; ::int[]"])(
    "treats %j as plain text",
    async (text) => {
      const result = await search({ searchQuery: text });
      expect(result.pagination.totalRecords).toBeGreaterThanOrEqual(0);
      expect(await countWhere(sql`TRUE`)).toBe(LISTINGS);
    },
  );

  it("treats SQL in filter values as an unknown value, not as SQL", async () => {
    await expect(search({ industries: "AI') OR 1=1 --" })).rejects.toMatchObject({ code: "bad_request" });
    expect(await countWhere(sql`TRUE`)).toBe(LISTINGS);
  });
});

describe("gating", () => {
  async function allItems(viewer: Viewer) {
    const pages = await Promise.all([1, 2, 3].map((page) => search({ pageSize: "100", page: String(page) }, viewer)));
    return new Map(pages.flatMap((p) => p.data).map((item) => [item.id, item]));
  }

  it("sends listings above the viewer's tier as teasers without their details", async () => {
    const [asPublic, asSubscriber, asPremium] = await Promise.all([allItems(PUBLIC), allItems(SUBSCRIBER), allItems(PREMIUM)]);
    const levels = await database.rows<{ id: string; visibility: string }>(sql`SELECT id, visibility FROM listings`);
    const subscriberOnly = levels.filter((x) => x.visibility === "subscriber");
    const premiumOnly = levels.filter((x) => x.visibility === "premium");
    expect(subscriberOnly.length).toBeGreaterThan(0);
    expect(premiumOnly.length).toBeGreaterThan(0);

    for (const { id } of subscriberOnly) {
      const teaser = asPublic.get(id)!;
      expect(teaser.locked).toBe(true);
      for (const key of ["description", "countries", "targetPersonas", "businessModel"]) expect(teaser).not.toHaveProperty(key);
      expect(teaser.industry.length).toBeLessThanOrEqual(2);
      expect(teaser.geography.length).toBeLessThanOrEqual(1);
      const full = asPremium.get(id)!;
      expect(full.locked).toBe(false);
      expect(full).toHaveProperty("countries");
      expect(full.locked === false && full.countries.length).toBeGreaterThan(0);
      expect(asSubscriber.get(id)!.locked).toBe(false);
    }
    for (const { id } of premiumOnly) {
      expect(asSubscriber.get(id)!.locked).toBe(true);
      expect(asPremium.get(id)!.locked).toBe(false);
    }
    expect(levels.filter((x) => x.visibility === "public").every((x) => asPublic.get(x.id)!.locked === false)).toBe(true);
  });

  it("keeps a locked listing's countries and personas out of the response entirely", async () => {
    const [row] = await database.rows<{ id: string; name: string }>(sql`
      SELECT l.id, l.name FROM listings l
      WHERE l.visibility = 'subscriber' AND cardinality(l.country_ids) > 0 AND cardinality(l.persona_ids) > 0
      ORDER BY l.name LIMIT 1`);
    const result = await search({ searchQuery: row!.name, pageSize: "100" }, PUBLIC);
    const teaser = result.data.find((item) => item.id === row!.id)!;
    expect(teaser.locked).toBe(true);
    const hidden = await database.rows<{ name: string }>(sql`
      SELECT c.name FROM countries c, listings l WHERE l.id = ${row!.id} AND c.id = ANY(l.country_ids)
      UNION ALL SELECT p.name FROM target_personas p, listings l WHERE l.id = ${row!.id} AND p.id = ANY(l.persona_ids)`);
    const json = JSON.stringify(teaser);
    for (const { name } of hidden) expect(json).not.toContain(`"${name}"`);
  });
});

describe("counts kept between queries", () => {
  it("never answers a visitor with counts made for a member who sees more", async () => {
    const params = { type: "startup", industries: ["AI", "FinTech"] };
    // Each round on an index of its own, so nothing is kept from before it.
    await announceChange(database, "listings");
    const publicAlone = await search(params, PUBLIC);
    await announceChange(database, "listings");
    const premium = await search(params, PREMIUM);
    const publicAfter = await search(params, PUBLIC);
    expect(premium.facets.countries).not.toEqual(publicAlone.facets.countries);
    expect(publicAfter.facets).toEqual(publicAlone.facets);
    expect(publicAfter.pagination.totalRecords).toBe(publicAlone.pagination.totalRecords);
  });
});

describe("freshness", () => {
  it("shows a listing's unpublishing after the listings-changed announcement, and not before", async () => {
    const before = (await searchListings(database, query(), PREMIUM)).pagination.totalRecords;
    const [hidden] = await database.rows<{ id: string }>(sql`
      UPDATE listings SET processing_status = 'draft'
      WHERE id = (SELECT id FROM listings ORDER BY name LIMIT 1) RETURNING id`);
    try {
      expect((await searchListings(database, query(), PREMIUM)).pagination.totalRecords).toBe(before);
      await announceChange(database, "listings");
      const after = await searchListings(database, query({ pageSize: "100" }), PREMIUM);
      expect(after.pagination.totalRecords).toBe(before - 1);
      expect(after.data.some((item) => item.id === hidden!.id)).toBe(false);
    } finally {
      await database.rows(sql`UPDATE listings SET processing_status = 'published' WHERE id = ${hidden!.id}`);
      await announceChange(database, "listings");
    }
  });
});
