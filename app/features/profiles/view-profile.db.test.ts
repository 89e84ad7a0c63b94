import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { getFieldRules } from "../access/field-rules.server.ts";
import type { ListingType } from "../catalog/listing-types.ts";
import { getSimilarListings } from "./similar-listings.server.ts";
import { viewProfile } from "./view-profile.server.ts";

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 60);
});

afterAll(async () => {
  await database?.close();
});

interface Pick {
  slug: string;
  type: ListingType;
  description: string | null;
  problem: string | null;
}

/** A public listing with a team, whose team needs a subscription (global rule, no listing override). */
async function publicListingWithGatedTeam(): Promise<Pick & { team: string[] }> {
  const [row] = await database.rows<Pick & { team: string[] }>(sql`
    SELECT l.slug, l.type, l.description, l.problem, array_agg(t.name) AS team
    FROM listings l JOIN team_members t ON t.listing_id = l.id
    WHERE l.visibility = 'public' AND NOT (l.field_visibility ? 'team')
    GROUP BY l.id ORDER BY l.name LIMIT 1`);
  if (!row) throw new Error("the demo data has no public listing with a team");
  return row;
}

async function premiumListing(): Promise<Pick> {
  const [row] = await database.rows<Pick>(sql`
    SELECT slug, type, description, problem FROM listings
    WHERE visibility = 'premium' AND problem IS NOT NULL AND description IS NOT NULL ORDER BY name LIMIT 1`);
  if (!row) throw new Error("the demo data has no premium listing with a problem statement");
  return row;
}

describe("viewProfile", () => {
  it("the demo rules gate the team for visitors", async () => {
    expect((await getFieldRules(database)).team).toBe("subscriber");
  });

  it("sends a visitor no team member's name, only the team placeholder", async () => {
    const listing = await publicListingWithGatedTeam();
    const result = await viewProfile(database, listing.type, listing.slug, { tier: "public" });
    expect(result.status).toBe("ok");
    if (result.status !== "ok") return;
    expect(result.listing.team).toEqual([]);
    expect(result.listing.lockedFields.team).toEqual({
      requiredTier: "subscriber",
      placeholder: "Team profiles available",
      message: "Upgrade to view executive team details",
    });
    const json = JSON.stringify(result);
    for (const name of listing.team) expect(json).not.toContain(name);
  });

  it("shows the same team to a subscriber", async () => {
    const listing = await publicListingWithGatedTeam();
    const result = await viewProfile(database, listing.type, listing.slug, { tier: "subscriber" });
    expect(result.status).toBe("ok");
    if (result.status !== "ok") return;
    expect(result.listing.team.map((m) => m.name).sort()).toEqual([...listing.team].sort());
    expect(result.listing.lockedFields.team).toBeUndefined();
  });

  it("never sends contact e-mails", async () => {
    const listing = await publicListingWithGatedTeam();
    const result = await viewProfile(database, listing.type, listing.slug, { tier: "premium" });
    expect(JSON.stringify(result)).not.toMatch(/@[a-z0-9]+\.example/);
  });

  it("turns a premium listing into a teaser for a visitor, without description or problem", async () => {
    const listing = await premiumListing();
    const result = await viewProfile(database, listing.type, listing.slug, { tier: "public" });
    expect(result.status).toBe("locked");
    if (result.status !== "locked") return;
    expect(result.teaser).toMatchObject({ locked: true, slug: listing.slug, listingVisibility: "premium" });
    expect(result.teaser).not.toHaveProperty("description");
    expect(result.teaser).not.toHaveProperty("problem");
    const json = JSON.stringify(result);
    expect(json).not.toContain(listing.description!);
    expect(json).not.toContain(listing.problem!);
    expect(result.teaser.industry.length).toBeLessThanOrEqual(2);
    expect(result.teaser.geography.length).toBeLessThanOrEqual(1);
  });

  it("opens the premium listing for a premium member", async () => {
    const listing = await premiumListing();
    const result = await viewProfile(database, listing.type, listing.slug, { tier: "premium" });
    expect(result.status).toBe("ok");
    if (result.status === "ok") expect(result.listing.description).toBe(listing.description);
  });

  it("finds nothing for a wrong slug or the wrong type", async () => {
    const listing = await publicListingWithGatedTeam();
    const otherType: ListingType = listing.type === "startup" ? "investor" : "startup";
    expect(await viewProfile(database, listing.type, `${listing.slug}-nope`, { tier: "premium" })).toEqual({ status: "not_found" });
    expect(await viewProfile(database, otherType, listing.slug, { tier: "premium" })).toEqual({ status: "not_found" });
    expect(await viewProfile(database, listing.type, "", { tier: "premium" })).toEqual({ status: "not_found" });
  });

  it("does not show unpublished listings", async () => {
    const listing = await publicListingWithGatedTeam();
    await database.rows(sql`UPDATE listings SET processing_status = 'draft' WHERE slug = ${listing.slug}`);
    try {
      expect(await viewProfile(database, listing.type, listing.slug, { tier: "premium" })).toEqual({ status: "not_found" });
    } finally {
      await database.rows(sql`UPDATE listings SET processing_status = 'published' WHERE slug = ${listing.slug}`);
    }
  });

  it("loads how-it-works steps, use cases and FAQs in their order", async () => {
    const [row] = await database.rows<{ id: string; slug: string }>(sql`
      SELECT l.id, l.slug FROM listings l WHERE l.type = 'startup' AND l.visibility = 'public'
        AND EXISTS (SELECT 1 FROM how_it_works_steps s WHERE s.listing_id = l.id) ORDER BY l.name LIMIT 1`);
    // Reverse the stored order, so the profile can only match it by reading the positions.
    const texts = async (query: ReturnType<typeof sql>) => (await database.rows<{ t: string }>(query)).map((r) => r.t);
    const steps = await texts(sql`SELECT text AS t FROM how_it_works_steps WHERE listing_id = ${row!.id} ORDER BY position`);
    const useCases = await texts(sql`SELECT title AS t FROM key_use_cases WHERE listing_id = ${row!.id} ORDER BY position`);
    const questions = await texts(sql`SELECT question AS t FROM faqs WHERE listing_id = ${row!.id} ORDER BY position`);
    expect([steps.length, useCases.length, questions.length].every((n) => n >= 2)).toBe(true);
    for (const table of ["how_it_works_steps", "key_use_cases", "faqs"])
      await database.rows(sql`UPDATE ${sql.raw(table)} SET position = 100 - position WHERE listing_id = ${row!.id}`);
    const result = await viewProfile(database, "startup", row!.slug, { tier: "premium" });
    if (result.status !== "ok") throw new Error(`expected a profile, got ${result.status}`);
    expect(result.listing.howItWorks).toEqual(steps.reverse());
    expect(result.listing.keyUseCases.map((u) => u.title)).toEqual(useCases.reverse());
    expect(result.listing.faqs.map((f) => f.question)).toEqual(questions.reverse());
  });
});

describe("getSimilarListings", () => {
  it("offers up to three other visible listings of the same type sharing an industry", async () => {
    const [row] = await database.rows<{ slug: string; industry_ids: number[] }>(sql`
      SELECT slug, industry_ids FROM listings WHERE type = 'startup' ORDER BY name LIMIT 1`);
    const similar = await getSimilarListings(database, "startup", row!.slug, { tier: "public" });
    expect(similar.length).toBeGreaterThan(0);
    expect(similar.length).toBeLessThanOrEqual(3);
    const slugs = similar.map((s) => s.slug);
    expect(slugs).not.toContain(row!.slug);
    const visibility = await database.rows<{ visibility: string; type: string; shares: boolean }>(sql`
      SELECT visibility, type, industry_ids && ${sql.raw(`'{${row!.industry_ids.join(",")}}'::int[]`)} AS shares
      FROM listings WHERE slug IN (${sql.join(
        slugs.map((s) => sql`${s}`),
        sql`, `,
      )})`);
    for (const v of visibility) expect(v).toEqual({ visibility: "public", type: "startup", shares: true });
  });
});
