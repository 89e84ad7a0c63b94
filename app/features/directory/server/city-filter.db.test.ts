/**
 * The headquarters city filter (decision 0088) against a seeded database: totals and facet counts equal plain SQL
 * written here, any spelling of a city finds it, and the city being a gated field, a viewer never matches, counts or
 * has a search read by a city a listing does not show them. Saved searches keep it.
 */
import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import { announceChange } from "~/lib/change-feed.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import type { Viewer } from "../../access/redact-listing.ts";
import { getReferenceData } from "../../catalog/reference-data.server.ts";
import { canonicalQuery } from "../../saved-searches/saved-search-rules.ts";
import { parseDirectoryQuery, type DirectoryQuery } from "../directory-filters.ts";
import { gatedFiltersFor } from "../gated-filters.ts";
import { interpretDirectoryQuery } from "./interpret-directory-query.server.ts";
import { compareWithSnapshot } from "./matching-listings.server.ts";
import { searchListings } from "./search-listings.server.ts";
import { users } from "#db/schema/index.ts";
import { getFieldRules } from "../../access/field-rules.server.ts";
import { exportListings } from "./export-listings.server.ts";

const PUBLIC: Viewer = { tier: "public" };
const PREMIUM: Viewer = { tier: "premium" };
let database: Database;
/** A public startup whose city only premium members may see, alone in a city of its own. */
let hiddenCity: { id: string; city: string };

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 400);
  const [row] = await database.rows<{ id: string }>(sql`
    SELECT id::text FROM listings WHERE visibility = 'public' AND type = 'startup' AND hq_city IS NOT NULL ORDER BY name LIMIT 1`);
  hiddenCity = { id: row!.id, city: "Tartu" };
  await database.rows(sql`
    UPDATE listings SET hq_city = ${hiddenCity.city}, field_visibility = '{"hqCity": "premium"}'::jsonb WHERE id = ${hiddenCity.id}::uuid`);
  await announceChange(database, "listings");
});

afterAll(async () => {
  await database?.close();
});

function query(search: string): DirectoryQuery {
  const parsed = parseDirectoryQuery(new URLSearchParams(search));
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.query;
}
const search = (text: string, viewer: Viewer = PREMIUM) => searchListings(database, query(text), viewer);
const total = async (text: string, viewer: Viewer = PREMIUM) => (await search(text, viewer)).pagination.totalRecords;

/** Published listings matching `condition`; for a visitor, only public listings that do not hide their city. */
async function countWhere(condition: SQL, viewer: Viewer = PREMIUM): Promise<number> {
  const shown =
    viewer.tier === "premium" ? sql`TRUE` : sql`l.visibility = 'public' AND coalesce(l.field_visibility->>'hqCity', 'public') = 'public'`;
  const [row] = await database.rows<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM listings l WHERE l.processing_status = 'published' AND (${shown}) AND (${condition})`,
  );
  return row!.n;
}

describe("the city filter equals a direct SQL count", () => {
  it.each([
    ["cities=Paris", () => sql`l.hq_city = 'Paris'`],
    ["cities=Paris,Lyon", () => sql`l.hq_city IN ('Paris', 'Lyon')`],
    ["cities=Paris&type=startup", () => sql`l.hq_city = 'Paris' AND l.type = 'startup'`],
  ] as Array<[string, () => SQL]>)("%s, as a member and as a visitor", async (text, condition) => {
    for (const viewer of [PREMIUM, PUBLIC]) {
      const expected = await countWhere(condition(), viewer);
      expect(expected).toBeGreaterThan(0);
      expect(await total(text, viewer)).toBe(expected);
    }
  });

  it("finds a city in any case, accents or spacing, and nothing for a city no listing has", async () => {
    const paris = await total("cities=Paris");
    expect(await total("cities=%20PARIS%20")).toBe(paris);
    expect(await total("cities=p%C3%A1ris")).toBe(paris);
    expect(await total("cities=Atlantis")).toBe(0);
  });

  it("counts each city under the other filters, in the listings' own spelling", async () => {
    const { facets } = await search("type=startup&cities=paris");
    const rows = await database.rows<{ hq_city: string; n: number }>(sql`
      SELECT hq_city, count(*)::int AS n FROM listings
      WHERE processing_status = 'published' AND type = 'startup' AND hq_city IS NOT NULL GROUP BY hq_city`);
    expect(facets.cities).toEqual(Object.fromEntries(rows.map((row) => [row.hq_city, row.n])));
    // The type's counts apply the city filter.
    expect(facets.entityType.startup).toBe(await countWhere(sql`l.hq_city = 'Paris' AND l.type = 'startup'`));
  });
});

describe("a visitor learns nothing of a city a listing does not show them", () => {
  it("never matches or counts the hidden city, which answers exactly as a city nobody has", async () => {
    expect(await total(`cities=${hiddenCity.city}`)).toBe(1);
    const hidden = await search(`cities=${hiddenCity.city}`, PUBLIC);
    const nobody = await search("cities=Atlantis", PUBLIC);
    expect(hidden.pagination.totalRecords).toBe(0);
    // Every count the same as for a city nobody has, the chosen city's own (0) aside.
    const { [hiddenCity.city]: chosen, ...otherCities } = hidden.facets.cities;
    const { Atlantis: none, ...nobodysOthers } = nobody.facets.cities;
    expect([chosen, none]).toEqual([0, 0]);
    expect({ ...hidden.facets, cities: otherCities }).toEqual({ ...nobody.facets, cities: nobodysOthers });
    const all = await search("", PUBLIC);
    expect(all.facets.cities).not.toHaveProperty(hiddenCity.city);
    expect((await search("", PREMIUM)).facets.cities[hiddenCity.city]).toBe(1);
  });

  it("reads a city in a search only for a viewer who may see it", async () => {
    const reference = await getReferenceData(database);
    const read = (viewer: Viewer) => interpretDirectoryQuery(database, query(`searchQuery=${hiddenCity.city}+startups`), reference, viewer);
    const member = await read(PREMIUM);
    expect(member.query.cities).toEqual([hiddenCity.city]);
    expect(member.interpretation?.terms.map((t) => t.filter)).toEqual(["cities", "type"]);
    // For a visitor "tartu" is a word like any other that no listing has: let go, as an unknown word would be.
    const visitor = await read(PUBLIC);
    expect(visitor.query.cities).toEqual([]);
    expect(visitor.interpretation?.terms.map((t) => t.filter)).toEqual(["type"]);
    expect(visitor.interpretation?.unmatched).toEqual(["tartu"]);
    const unknown = await interpretDirectoryQuery(database, query("searchQuery=Atlantis+startups"), reference, PUBLIC);
    expect(unknown.interpretation?.unmatched).toEqual(["atlantis"]);
  });

  it("under a global rule above the viewer, says so and matches nothing", async () => {
    await database.rows(sql`INSERT INTO field_visibility_rules (field_name, access_level) VALUES ('hqCity', 'subscriber')`);
    await announceChange(database, "field-rules");
    try {
      expect(gatedFiltersFor("public", await getFieldRules(database))).toContainEqual({ filter: "cities", requiredTier: "subscriber" });
      expect(await total("cities=Paris", PUBLIC)).toBe(0);
      expect((await search("", PUBLIC)).facets.cities).toEqual({});
      const [subscriber] = await database.rows<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM listings WHERE processing_status = 'published' AND hq_city = 'Paris'
          AND visibility IN ('public', 'subscriber') AND coalesce(field_visibility->>'hqCity', 'subscriber') <> 'premium'`);
      expect(subscriber!.n).toBeGreaterThan(0);
      expect(await total("cities=Paris", { tier: "subscriber" })).toBe(subscriber!.n);
    } finally {
      await database.rows(sql`DELETE FROM field_visibility_rules WHERE field_name = 'hqCity'`);
      await announceChange(database, "field-rules");
    }
  });
});

describe("the CSV export", () => {
  it("has the city where the listing shows it to the member, and an empty cell where it keeps it from them", async () => {
    const csvFor = async (tier: "subscriber" | "premium") => {
      const id = `csv-${tier}`;
      await database.db.insert(users).values({ id, name: id, email: `${id}@members.test`, tier, emailVerified: true });
      const csv = await exportListings(database, { id, tier }, query(`type=startup&cities=${hiddenCity.city},Paris`), "https://x.test");
      return csv.split("\r\n").filter(Boolean);
    };
    const premium = await csvFor("premium");
    expect(premium[0]).toMatch(/"Headquarters City"$/);
    expect(premium.filter((line) => line.endsWith(`"${hiddenCity.city}"`))).toHaveLength(1);
    expect(premium.filter((line) => line.endsWith('"Paris"')).length).toBeGreaterThan(0);
    const subscriber = await csvFor("subscriber");
    expect(subscriber.join("\n")).not.toContain(hiddenCity.city);
    expect(subscriber.slice(1).every((line) => line.endsWith('"Paris"'))).toBe(true);
  });
});

describe("saved searches keep the city", () => {
  it("round-trips it through the canonical query and applies it to the matches", async () => {
    const saved = canonicalQuery("cities=Paris,Lyon&type=startup");
    if (!saved.ok) throw new Error(saved.error);
    expect(saved.canonical).toBe("cities=Lyon&cities=Paris&type=startup");
    const report = await compareWithSnapshot(database, saved.query, PREMIUM, null, 5_000);
    expect(report.total).toBe(await countWhere(sql`l.hq_city IN ('Paris', 'Lyon') AND l.type = 'startup'`));
  });
});
