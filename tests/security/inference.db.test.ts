/**
 * Inference of gated values through the directory (issue 14 §1, DESIGN D14). Reading a gated value is already
 * prevented (the leak test); here the attacker asks questions instead: "which listings have revenue range X?",
 * "which match this word?", "how many listings are in country Y?". For every tier, the answers must be a
 * function of what that tier sees on the cards and profiles it is sent, and of nothing else.
 *
 * The oracle is the product's own gate: each listing as the viewer receives it (a locked teaser, or a card and
 * its redacted profile). Every option of every filter is then asked of the directory, and the listings it
 * returns, its total and its facet count must be exactly those whose visible value has that option. Sentinels
 * (a country, a persona, an industry, a geography, a description word used only where they are hidden) make a
 * failure read plainly.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import { viewProfile } from "~/features/profiles/view-profile.server.ts";
import type { AccessLevel } from "~/features/access/tiers.ts";
import type { DirectoryItem, ListingType } from "~/features/catalog/listing-types.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { loaderArgs, testUser } from "#test-support/test-route.ts";
import { loader as listingsLoader } from "~/routes/api.listings.ts";
import { BAND_CODES, raisedBand, teamSizeBand, ticketBands } from "~/features/directory/investor-filters.ts";

const TIERS: AccessLevel[] = ["public", "subscriber", "premium"];
const WORD = "zqxhiddenword";

let database: Database;
type Filter =
  | "industries"
  | "geographies"
  | "countries"
  | "personas"
  | "fundingStages"
  | "businessModels"
  | "revenueRanges"
  | "raised"
  | "teamSize"
  | "ticketSize";
/** Per filter, every option as the API takes it (a name, or a code for business models and revenue ranges). */
const optionsOf = {} as Record<Filter, string[]>;
const sentinel = { country: "Zqxland", persona: "Zqx Persona", industry: "Zqx Industry", geography: "Zqx Geo" };
const slugs = { premiumStartup: "", overriddenRevenue: "" };

async function api(path: string, tier: AccessLevel) {
  const user = tier === "public" ? null : testUser(tier);
  const response = await listingsLoader(loaderArgs<Parameters<typeof listingsLoader>[0]>(database, path, {}, { user }));
  expect(response.status, path).toBe(200);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return (await response.json()) as { data: DirectoryItem[]; pagination: { totalRecords: number; hasNextPage: boolean }; facets: any };
}

/** Every listing a query returns, across all its pages. */
async function allIds(query: string, tier: AccessLevel): Promise<{ ids: Set<string>; total: number }> {
  const ids = new Set<string>();
  let total = 0;
  for (let page = 1; ; page++) {
    const body = await api(`/api/listings?pageSize=100&page=${page}${query ? `&${query}` : ""}`, tier);
    total = body.pagination.totalRecords;
    for (const item of body.data) ids.add(item.id);
    if (!body.pagination.hasNextPage) break;
  }
  expect(ids.size, `${query} as ${tier}: total equals the listings sent`).toBe(total);
  return { ids, total };
}

/** Each listing's values per filter, as this tier is shown them (teaser, or card plus redacted profile). */
async function visibleValues(tier: AccessLevel): Promise<Map<string, Record<Filter, string[]>>> {
  const out = new Map<string, Record<Filter, string[]>>();
  const viewer = { tier };
  for (let page = 1; ; page++) {
    const body = await api(`/api/listings?pageSize=100&page=${page}`, tier);
    for (const item of body.data) {
      const values: Record<Filter, string[]> = {
        industries: item.industry,
        geographies: item.geography,
        fundingStages: item.fundingStage ? [item.fundingStage] : [],
        countries: [],
        personas: [],
        businessModels: [],
        revenueRanges: [],
        raised: [],
        teamSize: [],
        ticketSize: [],
      };
      if (!item.locked) {
        const view = await viewProfile(database, item.type as ListingType, item.slug, viewer);
        if (view.status !== "ok") throw new Error(`an open card's profile answered ${view.status}`);
        values.countries = view.listing.countries;
        values.personas = view.listing.targetPersonas;
        values.industries = view.listing.industry;
        values.geographies = view.listing.geography;
        values.businessModels = await codesOf("business_models", view.listing.businessModel);
        values.revenueRanges = await codesOf("revenue_ranges", view.listing.revenueRange);
        // Decision 0084: the bands of what the opened profile shows, read by the same rules the filter documents.
        values.raised = [raisedBand(view.listing.totalFundingRaised)].filter((b): b is string => b !== null);
        values.teamSize = [teamSizeBand(view.listing.teamSize)].filter((b): b is string => b !== null);
        values.ticketSize = ticketBands(view.listing.ticketSize);
      }
      out.set(item.id, values);
    }
    if (!body.pagination.hasNextPage) break;
  }
  return out;
}

/** The API filters business models and revenue ranges by code; a profile shows their name. */
async function codesOf(table: "business_models" | "revenue_ranges", name: string | null): Promise<string[]> {
  if (!name) return [];
  const rows = await database.rows<{ code: string }>(sql`SELECT code FROM ${sql.identifier(table)} WHERE name = ${name} OR code = ${name}`);
  return rows.map((r) => r.code);
}

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 90);
  const [geo] = await database.rows<{ id: number }>(sql`INSERT INTO geographies (name) VALUES (${sentinel.geography}) RETURNING id`);
  const [country] = await database.rows<{ id: number }>(
    sql`INSERT INTO countries (name, iso_code, geography_id) VALUES (${sentinel.country}, 'ZQ', ${geo!.id}) RETURNING id`,
  );
  const [persona] = await database.rows<{ id: number }>(sql`INSERT INTO target_personas (name) VALUES (${sentinel.persona}) RETURNING id`);
  const [industry] = await database.rows<{ id: number }>(
    sql`INSERT INTO industries (name, primary_category) VALUES (${sentinel.industry}, ${sentinel.industry}) RETURNING id`,
  );
  const startups = await database.rows<{ id: string; slug: string }>(
    sql`SELECT id, slug FROM listings WHERE type = 'startup' AND processing_status = 'published' ORDER BY name LIMIT 3`,
  );
  const [premium, subscriber, open] = startups as [
    { id: string; slug: string },
    { id: string; slug: string },
    { id: string; slug: string },
  ];
  slugs.premiumStartup = premium.slug;
  slugs.overriddenRevenue = open.slug;
  // A premium listing whose hidden values are the only uses of each sentinel: its third industry and second
  // geography (a teaser shows two and one), its country, persona and a word of its description.
  for (const { id, level } of [
    { id: premium.id, level: "premium" },
    { id: subscriber.id, level: "subscriber" },
  ]) {
    await database.rows(sql`
      UPDATE listings SET visibility = ${level},
        industry_ids = (SELECT array_agg(id ORDER BY id) FROM (SELECT id FROM industries WHERE id <> ${industry!.id} ORDER BY id LIMIT 2) AS two) || ${industry!.id}::int,
        geography_ids = geography_ids[1:1] || ${geo!.id}::int,
        country_ids = ARRAY[${country!.id}::int], persona_ids = ARRAY[${persona!.id}::int],
        business_model_id = (SELECT id FROM business_models ORDER BY id LIMIT 1),
        revenue_range_id = (SELECT id FROM revenue_ranges ORDER BY id LIMIT 1),
        description = ${`A company whose description holds the word ${WORD} and nothing else of note.`}
      WHERE id = ${id}`);
  }
  // An open listing whose revenue range is premium by its own setting, though the global rule says subscriber.
  await database.rows(sql`
    UPDATE listings SET visibility = 'public', field_visibility = '{"revenueRange":"premium"}'::jsonb,
      revenue_range_id = (SELECT id FROM revenue_ranges ORDER BY id DESC LIMIT 1)
    WHERE id = ${open.id}`);
  const names = async (query: ReturnType<typeof sql>) => (await database.rows<{ v: string }>(query)).map((r) => r.v);
  optionsOf.industries = await names(sql`SELECT name AS v FROM industries`);
  optionsOf.geographies = await names(sql`SELECT name AS v FROM geographies`);
  optionsOf.countries = await names(sql`SELECT name AS v FROM countries`);
  optionsOf.personas = await names(sql`SELECT name AS v FROM target_personas`);
  optionsOf.fundingStages = await names(sql`SELECT name AS v FROM funding_stages`);
  optionsOf.businessModels = await names(sql`SELECT code AS v FROM business_models`);
  optionsOf.revenueRanges = await names(sql`SELECT code AS v FROM revenue_ranges`);
  optionsOf.raised = [...BAND_CODES.raised];
  optionsOf.teamSize = [...BAND_CODES.teamSize];
  optionsOf.ticketSize = [...BAND_CODES.ticketSize];
});

afterAll(async () => {
  await database?.close();
});

describe.each(TIERS)("as a %s viewer", (tier) => {
  it("every filter option returns, totals and counts exactly the listings whose visible value has it", async () => {
    const visible = await visibleValues(tier);
    const unfiltered = await api("/api/listings?pageSize=25", tier);
    for (const filter of Object.keys(optionsOf) as Filter[]) {
      for (const option of optionsOf[filter]) {
        const expected = [...visible].filter(([, values]) => values[filter].includes(option)).map(([id]) => id);
        const { ids, total } = await allIds(`${filter}=${encodeURIComponent(option)}`, tier);
        const label = `${filter}=${option} as ${tier}`;
        expect([...ids].sort(), label).toEqual(expected.sort());
        expect(total, label).toBe(expected.length);
        // A facet with no listing is left out of the answer, as if counted 0.
        expect(unfiltered.facets[filter][option] ?? 0, `facet ${label}`).toBe(expected.length);
      }
    }
  });

  it("a word only in a locked listing's description finds it only for those who may open it", async () => {
    const { ids } = await allIds(`searchQuery=${WORD}`, tier);
    const found = [...ids].length;
    expect(found).toBe({ public: 0, subscriber: 1, premium: 2 }[tier]);
  });
});

describe("sentinels hidden from an anonymous visitor", () => {
  it.each([
    ["countries", sentinel.country],
    ["personas", sentinel.persona],
    ["industries", sentinel.industry],
    ["geographies", sentinel.geography],
  ])("a filter on %s = a hidden value finds nothing and counts nothing", async (filter, value) => {
    const { total } = await allIds(`${filter}=${encodeURIComponent(value)}`, "public");
    expect(total).toBe(0);
    const premium = await allIds(`${filter}=${encodeURIComponent(value)}`, "premium");
    expect(premium.total).toBe(2);
  });

  it("a revenue range behind the listing's own premium setting is not matched for subscribers", async () => {
    const [row] = await database.rows<{ code: string }>(sql`SELECT code FROM revenue_ranges ORDER BY id DESC LIMIT 1`);
    const asSubscriber = await api(`/api/listings?pageSize=100&revenueRanges=${row!.code}`, "subscriber");
    expect(asSubscriber.data.map((item) => item.slug)).not.toContain(slugs.overriddenRevenue);
    const asPremium = await allIds(`revenueRanges=${row!.code}`, "premium");
    const [open] = await database.rows<{ id: string }>(sql`SELECT id FROM listings WHERE slug = ${slugs.overriddenRevenue}`);
    expect(asPremium.ids.has(open!.id)).toBe(true);
  });
});
