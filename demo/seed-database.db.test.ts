/**
 * The bulk load (COPY, decision 0057) stores what the generator describes: the same counts, the same values field by
 * field, search_vector filled as the generated column computes it, distinct names and text; the indexes and foreign
 * keys it drops for the load are back afterwards, and a load that fails leaves nothing behind.
 */
import { asc, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refreshMatchColumns } from "~/features/duplicates/server/duplicate-scan.server.ts";
import { matchColumns } from "~/features/duplicates/matching/match-columns.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import * as s from "../db/schema/index.ts";
import { generateListings, LISTING_KEYS, type GeneratedListing } from "./generate-listings.ts";
import { seedListings, seedReferenceData } from "./seed-database.ts";

const COUNT = 3000;
let database: Database;
let expected: GeneratedListing[];
let schemaBefore: string[];

/** Every index and constraint of the loaded tables, as PostgreSQL would create them again. */
async function schemaOfLoadedTables(): Promise<string[]> {
  const rows = await database.rows<{ definition: string }>(sql`
    SELECT pg_get_indexdef(indexrelid) AS definition FROM pg_index
     WHERE indrelid::regclass::text IN ('listings', 'team_members', 'faqs', 'key_use_cases', 'how_it_works_steps', 'funding_rounds', 'investor_relationships')
    UNION ALL
    SELECT conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint
     WHERE conrelid::regclass::text IN ('listings', 'team_members', 'faqs', 'key_use_cases', 'how_it_works_steps', 'funding_rounds', 'investor_relationships', 'listing_description_terms')`);
  return rows.map((r) => r.definition).sort();
}

const count = async (table: string) =>
  (await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0]!.n;

beforeAll(async () => {
  database = await openTestDatabase();
  schemaBefore = await schemaOfLoadedTables();
  // The path a large seed takes (worker thread, indexes and keys rebuilt), at a size a test can afford.
  await seedListings(database, COUNT, undefined, { worker: true, rebuildIndexes: true });
  expected = [...generateListings(COUNT, await seedReferenceData(database))];
});

afterAll(async () => {
  await database?.close();
});

describe("a bulk-loaded seed", () => {
  it("has as many rows in every table as the generator wrote", async () => {
    const sum = (f: (g: GeneratedListing) => number) => expected.reduce((n, g) => n + f(g), 0);
    expect(await count("listings")).toBe(COUNT);
    expect(await count("team_members")).toBe(sum((g) => g.team.length));
    expect(await count("faqs")).toBe(sum((g) => g.faqs.length));
    expect(await count("key_use_cases")).toBe(sum((g) => g.useCases.length));
    expect(await count("how_it_works_steps")).toBe(sum((g) => g.steps.length));
    expect(await count("funding_rounds")).toBe(sum((g) => g.rounds.length));
    expect(await count("investor_relationships")).toBe(sum((g) => g.rounds.reduce((n, r) => n + r.investors.length, 0)));
  });

  it("stores a sample of listings and their details field by field as generated", async () => {
    const sample = expected.filter((_, i) => i % 61 === 0 || i % 97 === 96);
    const rows = await database.db
      .select()
      .from(s.listings)
      .where(
        inArray(
          s.listings.slug,
          sample.map((g) => g.listing.slug),
        ),
      );
    const bySlug = new Map(rows.map((r) => [r.slug, r]));
    for (const g of sample) {
      const row = bySlug.get(g.listing.slug)! as Record<string, unknown>;
      expect(row, g.listing.slug).toBeDefined();
      // createdAt follows the clock at generation time (and differs between the two runs): every other column compares.
      for (const key of LISTING_KEYS.filter((k) => k !== "id" && k !== "createdAt")) {
        expect(row[key], `${g.listing.slug}.${key}`).toEqual(g.listing[key] ?? null);
      }
      const id = row.id as string;
      const team = await database.db
        .select()
        .from(s.teamMembers)
        .where(inArray(s.teamMembers.listingId, [id]))
        .orderBy(asc(s.teamMembers.position));
      expect(team.map(({ name, title, linkedinUrl, email }) => ({ name, title, linkedinUrl, email }))).toEqual(g.team);
      const faqs = await database.db
        .select()
        .from(s.faqs)
        .where(inArray(s.faqs.listingId, [id]))
        .orderBy(asc(s.faqs.position));
      expect(faqs.map(({ question, answer }) => ({ question, answer }))).toEqual(g.faqs);
      const useCases = await database.db
        .select()
        .from(s.keyUseCases)
        .where(inArray(s.keyUseCases.listingId, [id]))
        .orderBy(asc(s.keyUseCases.position));
      expect(useCases.map(({ title, description }) => ({ title, description }))).toEqual(g.useCases);
      const steps = await database.db
        .select()
        .from(s.howItWorksSteps)
        .where(inArray(s.howItWorksSteps.listingId, [id]))
        .orderBy(asc(s.howItWorksSteps.position));
      expect(steps.map((x) => x.text)).toEqual(g.steps);
      const rounds = await database.db
        .select()
        .from(s.fundingRounds)
        .where(inArray(s.fundingRounds.listingId, [id]))
        .orderBy(asc(s.fundingRounds.id));
      expect(
        rounds.map((r) => ({ amount: r.amount, roundType: r.roundType, fundingDate: r.fundingDate, allInvestors: r.allInvestors })),
      ).toEqual(
        g.rounds.map((r) => ({
          amount: r.amount,
          roundType: r.roundType,
          fundingDate: r.fundingDate,
          allInvestors: r.investors.join(", "),
        })),
      );
    }
  });

  it("links every relationship to its round and to the investor's own listing", async () => {
    const [links] = await database.rows<{ total: number; linked: number; right: number; rounds: number }>(sql`
      SELECT count(*)::int AS total, count(r.investor_id)::int AS linked,
             count(*) FILTER (WHERE l.type = 'investor' AND l.name = r.investor_name)::int AS right,
             count(*) FILTER (WHERE f.listing_id = r.listing_id AND position(r.investor_name IN f.all_investors) > 0)::int AS rounds
        FROM investor_relationships r LEFT JOIN listings l ON l.id = r.investor_id LEFT JOIN funding_rounds f ON f.id = r.funding_round_id`);
    expect(links!.total).toBeGreaterThan(100);
    expect(links).toEqual({ total: links!.total, linked: links!.total, right: links!.total, rounds: links!.total });
  });

  it("fills search_vector as the generated column computes it, and full-text search finds listings by their words", async () => {
    const [vectors] = await database.rows<{ empty: number; different: number }>(sql`
      SELECT count(*) FILTER (WHERE search_vector IS NULL OR search_vector = ''::tsvector)::int AS empty,
             count(*) FILTER (WHERE search_vector IS DISTINCT FROM setweight(to_tsvector('english', coalesce(name, '')), 'A')
               || setweight(to_tsvector('english', coalesce(tagline, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C'))::int AS different
        FROM listings`);
    expect(vectors).toEqual({ empty: 0, different: 0 });
    const target = expected[1234]!.listing;
    const found = await database.rows<{ slug: string }>(
      sql`SELECT slug FROM listings WHERE search_vector @@ plainto_tsquery('english', ${target.name})`,
    );
    expect(found.map((r) => r.slug)).toContain(target.slug);
  });

  it("fills the description words of every published listing at once and turns their trigger back on", async () => {
    const [row] = await database.rows<{ published: number; terms: number; same: number; enabled: string }>(sql`
      SELECT (SELECT count(*)::int FROM listings WHERE processing_status = 'published') AS published,
             (SELECT count(*)::int FROM listing_description_terms) AS terms,
             (SELECT count(*)::int FROM listing_description_terms d JOIN listings l ON l.id = d.listing_id
               WHERE d.terms = strip(ts_filter(l.search_vector, '{c}'))) AS same,
             (SELECT tgenabled::text FROM pg_trigger WHERE tgname = 'listing_description_terms_sync') AS enabled`);
    expect(row!.published).toBeGreaterThan(0);
    expect(row).toEqual({ published: row!.published, terms: row!.published, same: row!.published, enabled: "O" });
  });

  it("writes every listing's duplicate-match columns as the matcher works them out, so a first scan has none to do", async () => {
    const rows = await database.db
      .select({
        name: s.listings.name,
        websiteUrl: s.listings.websiteUrl,
        linkedinUrl: s.listings.linkedinUrl,
        matchKey: s.listings.matchKey,
        matchDomain: s.listings.matchDomain,
        matchLinkedin: s.listings.matchLinkedin,
      })
      .from(s.listings);
    const wrong = rows.filter(
      ({ matchKey, matchDomain, matchLinkedin, ...listing }) =>
        JSON.stringify({ matchKey, matchDomain, matchLinkedin }) !== JSON.stringify(matchColumns(listing)),
    );
    expect(wrong).toEqual([]);
    expect(rows.filter((r) => r.matchDomain !== null).length).toBeGreaterThan(COUNT / 2);
    expect(await refreshMatchColumns(database)).toBe(0);
  });

  it("gives every listing its own name, slug and description (text, not copies)", async () => {
    const [distinct] = await database.rows<{ names: number; slugs: number; descriptions: number; taglines: number }>(sql`
      SELECT count(DISTINCT lower(name))::int AS names, count(DISTINCT slug)::int AS slugs,
             count(DISTINCT description)::int AS descriptions, count(DISTINCT tagline)::int AS taglines FROM listings`);
    expect(distinct).toMatchObject({ names: COUNT, slugs: COUNT, descriptions: COUNT });
    // Taglines share frames across the directory (generate-listings), but far from a few copies.
    expect(distinct!.taglines).toBeGreaterThan(COUNT / 2);
  });

  it("puts back every index and constraint it dropped, and the keys hold", async () => {
    expect(await schemaOfLoadedTables()).toEqual(schemaBefore);
    await expect(
      database.db.insert(s.faqs).values({ listingId: "00000000-0000-4000-8000-000000000000", question: "q", answer: "a" }),
    ).rejects.toThrow();
    // The round sequence moved past the ids the load used: the next round goes in.
    const [listing] = await database.db.select({ id: s.listings.id }).from(s.listings).limit(1);
    await database.db.insert(s.fundingRounds).values({ listingId: listing!.id, roundType: "seed" });
  });
});

describe("a bulk load that fails halfway", () => {
  it("leaves the database as it was: no rows, every index and key in place", async () => {
    const fresh = await openTestDatabase();
    try {
      const countIn = async (table: string) =>
        (await fresh.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0]!.n;
      const schema = async () =>
        (await fresh.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM pg_indexes WHERE tablename = 'listings'`))[0]!.n;
      const indexesBefore = await schema();
      // Three chunks of 400: the second COPY has run when the first report after it stops the load.
      const failing = seedListings(
        fresh,
        1_200,
        (done) => {
          if (done >= 800) throw new Error("stopped on purpose");
        },
        { worker: true, rebuildIndexes: true, chunkSize: 400 },
      );
      await expect(failing).rejects.toThrow("stopped on purpose");
      expect({ listings: await countIn("listings"), team: await countIn("team_members"), indexes: await schema() }).toEqual({
        listings: 0,
        team: 0,
        indexes: indexesBefore,
      });
    } finally {
      await fresh.close();
    }
  });
});
