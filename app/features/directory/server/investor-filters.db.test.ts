/**
 * The investor filters (decision 0084) against a seeded database: totals and facet counts equal plain SQL written
 * here over the columns, "within N months" judged by an injected clock, and a viewer below a listing's tier never
 * matching, counting or sorting it by these values. Saved searches keep and apply them.
 */
import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import type { Viewer } from "../../access/redact-listing.ts";
import { canonicalQuery } from "../../saved-searches/saved-search-rules.ts";
import { parseDirectoryQuery, type DirectoryQuery } from "../directory-filters.ts";
import { compareWithSnapshot } from "./matching-listings.server.ts";
import { searchListings } from "./search-listings.server.ts";

const LISTINGS = 400;
const PUBLIC: Viewer = { tier: "public" };
const PREMIUM: Viewer = { tier: "premium" };
let database: Database;
/** The clock: a day after the newest round seeded, so windows are judged against the data, not today. */
let now: Date;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, LISTINGS);
  const [row] = await database.rows<{ d: string }>(sql`SELECT (max(funding_date) + 1)::text AS d FROM funding_rounds`);
  now = new Date(`${row!.d}T12:00:00Z`);
});

afterAll(async () => {
  await database?.close();
});

function query(search: string): DirectoryQuery {
  const parsed = parseDirectoryQuery(new URLSearchParams(search));
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.query;
}
const total = async (search: string, viewer: Viewer = PREMIUM) =>
  (await searchListings(database, query(search), viewer, database, undefined, now)).pagination.totalRecords;

async function countWhere(condition: SQL, viewer: Viewer = PREMIUM): Promise<number> {
  const open = viewer.tier === "premium" ? sql`TRUE` : sql`l.visibility = 'public'`;
  const [row] = await database.rows<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM listings l WHERE l.processing_status = 'published' AND (${open}) AND (${condition})`,
  );
  return row!.n;
}
/** The date N calendar months before the clock's day, as SQL. */
const monthsAgo = (months: number) => sql.raw(`('${now.toISOString().slice(0, 10)}'::date - interval '${months} months')`);
const lastInvestment = sql`(SELECT max(f.funding_date) FROM investor_relationships r JOIN funding_rounds f ON f.id = r.funding_round_id WHERE r.investor_id = l.id)`;

describe("the investor filters equal a direct SQL count", () => {
  it.each([
    ["raised=under-1m", () => sql`l.total_funding_raised < 1000000`],
    ["raised=1m-5m,5m-20m", () => sql`l.total_funding_raised >= 1000000 AND l.total_funding_raised < 20000000`],
    ["raised=20m-100m&raised=over-100m", () => sql`l.total_funding_raised >= 20000000`],
    ["foundedFrom=2018", () => sql`l.founded_year >= 2018`],
    ["foundedFrom=2010&foundedTo=2015", () => sql`l.founded_year BETWEEN 2010 AND 2015`],
    ["teamSize=11-50", () => sql`l.team_size = '11-50'`],
    ["teamSize=201-1000", () => sql`l.team_size IN ('201-500', '501-1000')`],
    ["ticketSize=over-10m", () => sql`l.ticket_size IN ('$5M - $20M', '$20M+')`],
    ["lastRound=6m", () => sql`l.latest_round_date >= ${monthsAgo(6)}`],
    ["lastRound=24m&type=startup", () => sql`l.latest_round_date >= ${monthsAgo(24)} AND l.type = 'startup'`],
    ["lastInvestment=3m", () => sql`l.type = 'investor' AND ${lastInvestment} >= ${monthsAgo(3)}`],
    ["lastInvestment=24m", () => sql`l.type = 'investor' AND ${lastInvestment} >= ${monthsAgo(24)}`],
  ] as Array<[string, () => SQL]>)("%s", async (search, condition) => {
    const expected = await countWhere(condition());
    expect(expected).toBeGreaterThan(0);
    expect(await total(search)).toBe(expected);
  });

  it("counts each band under the other filters", async () => {
    const result = await searchListings(database, query("type=startup"), PREMIUM, database, undefined, now);
    expect(result.facets.raised["1m-5m"]).toBe(
      await countWhere(sql`l.type = 'startup' AND l.total_funding_raised >= 1000000 AND l.total_funding_raised < 5000000`),
    );
    expect(result.facets.teamSize["1-10"]).toBe(await countWhere(sql`l.type = 'startup' AND l.team_size = '1-10'`));
    const investors = await searchListings(database, query("type=investor"), PREMIUM, database, undefined, now);
    expect(investors.facets.ticketSize["under-500k"]).toBe(
      await countWhere(sql`l.type = 'investor' AND l.ticket_size IN ('$50K - $250K', '$250K - $1M')`),
    );
  });

  it("moves the window with the clock it is given", async () => {
    const later = new Date(now.getTime() + 400 * 86_400_000);
    const atNow = await total("lastRound=12m");
    const atLater = (await searchListings(database, query("lastRound=12m"), PREMIUM, database, undefined, later)).pagination.totalRecords;
    expect(atLater).toBeLessThan(atNow);
  });
});

describe("a visitor learns nothing of a listing they cannot open", () => {
  it.each(["raised=1m-5m", "teamSize=11-50", "foundedFrom=2015", "lastRound=24m", "ticketSize=500k-2m", "lastInvestment=24m"])(
    "%s matches open listings only",
    async (search) => {
      const locked = await countWhere(sql`l.visibility <> 'public'`);
      expect(locked).toBeGreaterThan(0);
      const premium = await total(search);
      const visitor = await total(search, PUBLIC);
      expect(visitor).toBeLessThan(premium);
      // Every listing the visitor's filter finds is one they may open.
      const result = await searchListings(database, query(`${search}&pageSize=100`), PUBLIC, database, undefined, now);
      expect(result.data.every((item) => !item.locked)).toBe(true);
    },
  );

  it("counts bands over open listings only, and shows no funding on a locked card", async () => {
    const result = await searchListings(database, query("pageSize=100"), PUBLIC, database, undefined, now);
    const openRaised = await countWhere(sql`l.total_funding_raised < 1000000`, PUBLIC);
    expect(result.facets.raised["under-1m"] ?? 0).toBe(openRaised);
    const locked = result.data.filter((item) => item.locked);
    expect(locked.length).toBeGreaterThan(0);
    for (const item of locked) expect(item).not.toHaveProperty("totalFundingRaised");
    const open = result.data.filter((item) => !item.locked && item.totalFundingRaised);
    expect(open.length).toBeGreaterThan(0);
  });

  it("sorts by recently founded among open listings only, newest first", async () => {
    const result = await searchListings(database, query("sort=recently-founded&pageSize=100"), PUBLIC, database, undefined, now);
    const ids = result.data.map((item) => item.id);
    const rows = await database.rows<{ id: string; founded_year: number | null; visibility: string }>(
      sql`SELECT id::text, founded_year, visibility FROM listings WHERE id::text IN ${ids}`,
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    const years = ids.map((id) => byId.get(id)!.founded_year ?? -1);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    // A locked listing's founded year never lifts it: the newest founded here are all listings the visitor may open.
    expect(ids.every((id) => byId.get(id)!.visibility === "public")).toBe(true);
    const [newestLocked] = await database.rows<{ y: number }>(
      sql`SELECT max(founded_year)::int AS y FROM listings WHERE visibility <> 'public' AND processing_status = 'published'`,
    );
    expect(newestLocked!.y).toBeGreaterThanOrEqual(years[years.length - 1]!);
  });
});

describe("saved searches keep the investor filters", () => {
  it("round-trips them through the canonical query and applies them to the matches", async () => {
    const saved = canonicalQuery("foundedTo=2020&raised=over-100m,1m-5m&lastRound=24m&teamSize=11-50&foundedFrom=2012");
    if (!saved.ok) throw new Error(saved.error);
    expect(saved.canonical).toBe("foundedFrom=2012&foundedTo=2020&lastRound=24m&raised=1m-5m&raised=over-100m&teamSize=11-50");
    const again = canonicalQuery(saved.canonical);
    expect(again).toEqual(saved);
    const report = await compareWithSnapshot(database, saved.query, PREMIUM, null, 5_000, now);
    const expected = await countWhere(
      sql`l.founded_year BETWEEN 2012 AND 2020 AND l.team_size = '11-50' AND l.latest_round_date >= ${monthsAgo(24)}
          AND ((l.total_funding_raised >= 1000000 AND l.total_funding_raised < 5000000) OR l.total_funding_raised >= 100000000)`,
    );
    expect(report.total).toBe(expected);
  });
});
