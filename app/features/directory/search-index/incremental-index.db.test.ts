/**
 * Changes applied to the directory index in place (decision 0095): after a rename, a new listing, an unpublish, a
 * featured flip, a field edit or an import batch, the maintained index answers every query exactly as a fresh full
 * build of the same database does (page ids in every order, totals and facet counts for each tier); a second process
 * catches up from the change log; a process behind the retained log rebuilds; the log is written in the writer's
 * transaction.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import { announceChange } from "~/lib/change-feed.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { openSecondHandle, openTestDatabase } from "#test-support/test-database.ts";
import type { Viewer } from "../../access/redact-listing.ts";
import { parseDirectoryQuery, type DirectoryQuery } from "../directory-filters.ts";
import { pruneListingChanges } from "./directory-changes.server.ts";
import { buildDirectoryIndex, getDirectoryIndex } from "./directory-index.server.ts";
import type { DirectoryIndex } from "./directory-index.ts";
import { searchListings, type DirectoryResult } from "../server/search-listings.server.ts";

const VIEWERS: Viewer[] = [{ tier: "public" }, { tier: "subscriber" }, { tier: "premium" }];
const SORTS = ["featured", "newest", "recently-funded", "most-raised", "recently-founded"];

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 60);
  // Some listings locked and some fields hidden, so that the tiers' answers differ.
  await database.rows(sql`UPDATE listings SET visibility = 'premium' WHERE id IN (SELECT id FROM listings ORDER BY id LIMIT 12)`);
  await database.rows(sql`UPDATE listings SET visibility = 'subscriber' WHERE id IN (SELECT id FROM listings ORDER BY id DESC LIMIT 9)`);
  await getDirectoryIndex(database);
});

afterAll(async () => {
  await database?.close();
});

function query(params: Record<string, string>): DirectoryQuery {
  const parsed = parseDirectoryQuery(new URLSearchParams(params));
  if (!parsed.ok) throw new Error(`test query rejected: ${parsed.error}`);
  return parsed.query;
}

/** Queries over what the directory holds now: every sort, a few filters of each kind, several pages, a search. */
async function queriesFor(fresh: DirectoryIndex, words: string[]): Promise<Array<Record<string, string>>> {
  const all = await searchListings(database, query({}), { tier: "premium" }, database, fresh);
  const top = (facet: Record<string, number>) => Object.keys(facet).slice(0, 2);
  const filters: Array<Record<string, string>> = [
    {},
    { entityType: "startup" },
    { entityType: "investor" },
    { featuredOnly: "true" },
    ...top(all.facets.industries).map((industries) => ({ industries })),
    ...top(all.facets.geographies).map((regions) => ({ regions })),
    ...top(all.facets.fundingStages).map((fundingStages) => ({ fundingStages })),
    ...top(all.facets.cities).map((cities) => ({ cities })),
    { foundedFrom: "2015" },
  ];
  const out: Array<Record<string, string>> = [];
  // Each filter in two of the orders, every order in turn; every order over three pages of everything.
  filters.forEach((filter, i) => {
    for (const sort of [SORTS[i % SORTS.length]!, SORTS[(i + 2) % SORTS.length]!]) out.push({ ...filter, sort });
  });
  for (const page of ["1", "2", "3"]) for (const sort of SORTS) out.push({ sort, page });
  for (const word of words) out.push({ searchQuery: word }, { searchQuery: word, sort: "newest" });
  return out;
}

/** The answers of the maintained index and of a fresh build, query by query, for every tier. */
async function expectSameAsFreshBuild(words: string[] = []): Promise<void> {
  await announceChange(database, "listings");
  const served = await getDirectoryIndex(database);
  const fresh = await buildDirectoryIndex(database);
  expect(served.size).toBe(fresh.size);
  const summary = (result: DirectoryResult) => ({
    ids: result.data.map((card) => card.id),
    pagination: result.pagination,
    facets: result.facets,
  });
  for (const params of await queriesFor(fresh, words)) {
    for (const viewer of VIEWERS) {
      const [got, want] = await Promise.all([
        searchListings(database, query(params), viewer, database, served),
        searchListings(database, query(params), viewer, database, fresh),
      ]);
      expect({ params, viewer, ...summary(got) }).toEqual({ params, viewer, ...summary(want) });
    }
  }
}

async function someListing(where = sql`true`, offset = 7): Promise<{ id: string; name: string }> {
  const [row] = await database.rows<{ id: string; name: string }>(
    sql`SELECT id, name FROM listings WHERE processing_status = 'published' AND ${where} ORDER BY name LIMIT 1 OFFSET ${offset}`,
  );
  return row!;
}

/** `count` new published listings copied from existing ones (every column but the key, slug, name and generated ones), in one statement. */
async function importCopies(count: number, name: string): Promise<void> {
  const [row] = await database.rows<{ list: string }>(sql`
    SELECT string_agg(quote_ident(column_name), ', ') AS list FROM information_schema.columns
    WHERE table_name = 'listings' AND is_generated = 'NEVER' AND column_name NOT IN ('id', 'slug', 'name')`);
  const columns = sql.raw(row!.list);
  await database.rows(sql`
    INSERT INTO listings (id, slug, name, ${columns})
    SELECT gen_random_uuid(), ${name.toLowerCase()} || '-' || n || '-' || slug, ${name} || ' ' || n, ${columns}
    FROM (SELECT *, row_number() OVER (ORDER BY id) AS n FROM listings WHERE processing_status = 'published' ORDER BY id LIMIT ${count}) l`);
}

describe("a change applied in place answers as a fresh build", () => {
  it("after a rename, read without reading the whole directory again", async () => {
    const listing = await someListing();
    await database.rows(sql`UPDATE listings SET name = 'Aardvark Analytics' WHERE id = ${listing.id}`);
    const returned: number[] = [];
    const rows = database.rows.bind(database);
    database.rows = async <T>(query: Parameters<typeof rows>[0]) => {
      const out = await rows<T>(query);
      returned.push(out.length);
      return out;
    };
    try {
      await announceChange(database, "listings");
      await getDirectoryIndex(database);
    } finally {
      database.rows = rows;
    }
    // The catch-up reads the change and the one listing, not the 60 listings of a build.
    expect(returned.reduce((a, b) => a + b, 0)).toBeLessThan(10);
    await expectSameAsFreshBuild(["aardvark", listing.name.split(" ")[0]!.toLowerCase()]);
  });
});

describe("every kind of change answers as a fresh build", () => {
  it("a new listing", async () => {
    await importCopies(1, "Zebra Robotics");
    await expectSameAsFreshBuild(["zebra"]);
  });

  it("an unpublish", async () => {
    const listing = await someListing();
    await database.rows(sql`UPDATE listings SET processing_status = 'archived' WHERE id = ${listing.id}`);
    await expectSameAsFreshBuild([listing.name.split(" ")[0]!.toLowerCase()]);
    expect((await getDirectoryIndex(database)).has(listing.id)).toBe(false);
  });

  it("a featured flip, both ways", async () => {
    const plain = await someListing(sql`NOT featured`);
    const featured = await someListing(sql`featured`, 0);
    await database.rows(sql`UPDATE listings SET featured = NOT featured WHERE id IN (${plain.id}, ${featured.id})`);
    await expectSameAsFreshBuild();
  });

  it("a field edit: industries, stage, city, visibility, amount raised and founding year", async () => {
    const listing = await someListing(sql`type = 'startup'`);
    await database.rows(sql`
      UPDATE listings SET industry_ids = (SELECT array_agg(id) FROM (SELECT id FROM industries ORDER BY id DESC LIMIT 2) i),
        funding_stage_id = (SELECT max(id) FROM funding_stages), hq_city = 'Reykjavík', visibility = 'subscriber',
        total_funding_raised = 123456789, founded_year = 1999
      WHERE id = ${listing.id}`);
    await expectSameAsFreshBuild();
  });

  it("an import batch of many listings, with names before, between and after the others", async () => {
    await importCopies(20, "Acme");
    await importCopies(15, "Mid");
    await importCopies(10, "Zz");
    await expectSameAsFreshBuild(["acme", "mid"]);
  });

  it("more new listings than the free slots: a full rebuild beside, with the same answers", async () => {
    const before = await getDirectoryIndex(database);
    await importCopies(60, "Overflow");
    await importCopies(60, "Overflow again");
    await expectSameAsFreshBuild();
    expect((await getDirectoryIndex(database)).capacity).toBeGreaterThanOrEqual(before.size + 120);
  });
});

async function changeRows(where = sql`true`): Promise<number> {
  const [row] = await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM listing_changes WHERE ${where}`);
  return row!.n;
}

describe("the change log", () => {
  it("is written in the writer's transaction: a rolled-back write leaves nothing", async () => {
    const listing = await someListing();
    const before = await changeRows();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE listings SET name = 'Never Was' WHERE id = ${listing.id}`);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await changeRows()).toBe(before);
    await database.rows(sql`UPDATE listings SET tagline = 'Kept' WHERE id = ${listing.id}`);
    expect(await changeRows(sql`listing_id = ${listing.id}`)).toBeGreaterThan(0);
  });

  it("names the investors whose last investment a round's new date moves", async () => {
    const [link] = await database.rows<{ investor: string; round: number }>(sql`
      SELECT r.investor_id AS investor, r.funding_round_id AS round FROM investor_relationships r
      WHERE r.investor_id IS NOT NULL AND r.funding_round_id IS NOT NULL LIMIT 1`);
    if (!link) throw new Error("the seed links no investor to a round");
    await database.rows(sql`UPDATE funding_rounds SET funding_date = DATE '2031-01-01' WHERE id = ${link.round}`);
    await expectSameAsFreshBuild();
  });
});

describe("a second process", () => {
  it("catches up from the log, and one behind the retained log rebuilds", async () => {
    const other = await openSecondHandle(database);
    try {
      const first = await getDirectoryIndex(other);
      const listing = await someListing();
      await database.rows(sql`UPDATE listings SET name = 'Quokka Quantum' WHERE id = ${listing.id}`);
      await announceChange(database, "listings");
      // The second process hears it as every server does (its feed, here told directly).
      await announceChange(other, "listings");
      const caughtUp = await getDirectoryIndex(other);
      expect(caughtUp.parts).toBe(first.parts);
      expect(caughtUp.generation).toBeGreaterThan(first.generation);
      const page = await searchListings(other, query({}), { tier: "premium" }, other, caughtUp);
      const fresh = await searchListings(other, query({}), { tier: "premium" }, other, await buildDirectoryIndex(other));
      expect(page.data.map((card) => card.id)).toEqual(fresh.data.map((card) => card.id));

      await database.rows(sql`UPDATE listings SET name = 'Quokka Quantum Two' WHERE id = ${listing.id}`);
      expect(await pruneListingChanges(database, new Date("2999-01-01T00:00:00Z"))).toBeGreaterThan(0);
      await announceChange(other, "listings");
      const rebuilt = await getDirectoryIndex(other);
      expect(rebuilt.parts).not.toBe(first.parts);
      const names = await searchListings(other, query({ searchQuery: "quokka quantum two" }), { tier: "premium" }, other, rebuilt);
      expect(names.data[0]?.id).toBe(listing.id);
    } finally {
      await other.close();
    }
  });
});
