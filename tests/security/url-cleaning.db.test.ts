/**
 * Issue 14 finding 8: urls stored before the http(s) rule (javascript:, data:, vbscript:, other schemes) are
 * cleaned by migration 0013. The test plants them in every url column, runs the migration's SQL as the migrator
 * does (statement by statement), and reads what is left. Runs on PGlite in npm test and on PostgreSQL in test:pg.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { users } from "#db/schema/accounts.ts";
import { featureApplications, pilotApplications } from "#db/schema/applications.ts";
import { fundingRounds, teamMembers } from "#db/schema/listing-details.ts";
import { listings } from "#db/schema/listings.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { isSafeWebUrl } from "~/lib/web-url.ts";

const MIGRATION = fileURLToPath(new URL("../../db/migrations/0013_clean_non_web_urls.sql", import.meta.url));
const statements = readFileSync(MIGRATION, "utf8")
  .split("--> statement-breakpoint")
  .map((s) => s.trim())
  .filter(Boolean);

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

async function runMigration() {
  for (const statement of statements) await database.rows(sql.raw(statement));
}

/** Each planted value and what the migration leaves of it. */
const CASES: Array<[planted: string, left: string | null]> = [
  ["javascript:alert(document.cookie)", null],
  [" JavaScript:alert(1)", null],
  ["java\tscript:alert(1)", null],
  ["data:text/html;base64,PHNjcmlwdD4=", null],
  ["vbscript:msgbox(1)", null],
  ["file:///etc/passwd", null],
  ["mailto:ceo@acme.example", null],
  ["//evil.example/x", null],
  ["not a website", null],
  ["https://acme.example/about", "https://acme.example/about"],
  ["HTTP://ACME.EXAMPLE", "HTTP://ACME.EXAMPLE"],
  ["  https://acme.example  ", "https://acme.example"],
  ["acme.example/about", "https://acme.example/about"],
];

it("cleans every url column: http(s) kept, bare domains made https, anything else emptied", async () => {
  const ids: string[] = [];
  for (const [i, [value]] of CASES.entries()) {
    const [listing] = await database.db
      .insert(listings)
      .values({
        slug: `planted-${i}`,
        type: "startup",
        name: `Planted ${i}`,
        logoUrl: value,
        websiteUrl: value,
        linkedinUrl: value,
        twitterUrl: value,
        facebookUrl: value,
        matchKey: "planted",
      })
      .returning({ id: listings.id });
    ids.push(listing!.id);
    await database.db.insert(teamMembers).values({ listingId: listing!.id, name: "Ada", photoUrl: value, linkedinUrl: value });
    await database.db.insert(fundingRounds).values({ listingId: listing!.id, roundType: "seed", announcementUrl: value });
    await database.db.insert(featureApplications).values({
      type: "startup",
      name: `Planted ${i}`,
      websiteUrl: value,
      linkedinUrl: value,
      tagline: "Tag",
      description: "Description",
      contactName: "Nia",
      contactEmail: "nia@example.org",
    });
    await database.db.insert(pilotApplications).values({
      company: `Planted ${i}`,
      website: value,
      stage: "Seed",
      goals: "Grow",
      contactName: "Pia",
      contactEmail: "pia@example.org",
    });
    await database.db.insert(users).values({ id: `planted-${i}`, name: "Ada", email: `ada${i}@example.org`, image: value });
  }
  // Our own stored files stay as logos and photos.
  const [media] = await database.db
    .insert(listings)
    .values({ slug: "media", type: "startup", name: "Media", logoUrl: "/media/0b5e-41aa", matchKey: "media" })
    .returning({ id: listings.id });
  await database.db.insert(teamMembers).values({ listingId: media!.id, name: "Ada", photoUrl: "/media/0b5e-41aa" });

  await runMigration();

  for (const [i, [planted, left]] of CASES.entries()) {
    const id = ids[i]!;
    const [row] = await database.rows<Record<string, string | null>>(sql`
      SELECT l.logo_url, l.website_url, l.linkedin_url, l.twitter_url, l.facebook_url, l.match_key,
        t.photo_url, t.linkedin_url AS team_linkedin, f.announcement_url,
        a.website_url AS application_website, a.linkedin_url AS application_linkedin, p.website AS pilot_website, u.image
      FROM listings l JOIN team_members t ON t.listing_id = l.id JOIN funding_rounds f ON f.listing_id = l.id
        JOIN feature_applications a ON a.name = l.name JOIN pilot_applications p ON p.company = l.name
        JOIN users u ON u.id = ${`planted-${i}`}
      WHERE l.id = ${id}`);
    const { match_key: matchKey, application_website: applicationWebsite, pilot_website: pilotWebsite, ...nullable } = row!;
    expect(nullable, JSON.stringify(planted)).toEqual(Object.fromEntries(Object.keys(nullable).map((k) => [k, left])));
    // The two columns that may not be NULL are emptied instead.
    expect([applicationWebsite, pilotWebsite]).toEqual([left ?? "", left ?? ""]);
    // A changed website or LinkedIn makes the duplicate matcher work the listing's match columns out again.
    expect(matchKey).toBe(left === planted ? "planted" : null);
    for (const value of Object.values(nullable)) if (value !== null) expect(isSafeWebUrl(value)).toBe(true);
  }
  const [kept] = await database.rows<{ logo_url: string; photo_url: string }>(
    sql`SELECT l.logo_url, t.photo_url FROM listings l JOIN team_members t ON t.listing_id = l.id WHERE l.id = ${media!.id}`,
  );
  expect(kept).toEqual({ logo_url: "/media/0b5e-41aa", photo_url: "/media/0b5e-41aa" });

  // Idempotent: a second run changes nothing.
  const snapshot = async () => database.rows(sql`SELECT id, logo_url, website_url, match_key FROM listings ORDER BY slug`);
  const before = await snapshot();
  await runMigration();
  expect(await snapshot()).toEqual(before);
});
