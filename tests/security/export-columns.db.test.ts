/**
 * The CSV export's profile columns (issue 15 §8): a member downloads the directory and reads the file, not the page.
 * The attacker is a subscriber who wants a premium listing's website, LinkedIn or funding. Sentinels planted in those
 * fields must be in the file only for a tier that may see them. Funding of a listing the tier opens is public to
 * everyone (decision 0080: no plan sells it), so it is in the file whatever the record's funding flag says.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema/accounts.ts";
import { listings } from "#db/schema/listings.ts";
import { seedListings } from "#demo/seed-database.ts";
import { clearTierDefinitionsCache } from "~/features/access/tier-records.server.ts";
import type { AccessLevel } from "~/features/access/tiers.ts";
import { announceChange } from "~/lib/change-feed.server.ts";
import type { Database } from "~/lib/db.server.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { loaderArgs, testUser } from "#test-support/test-route.ts";
import { loader as exportLoader } from "~/routes/api.listings.export.ts";

const PREMIUM = { website: "https://zqx-premium-site.example", linkedin: "https://linkedin.com/company/zqx-premium", total: 987654321 };
const FUNDING = { total: 876543219, amount: 765432198, date: "2019-07-13" };

let database: Database;

async function member(tier: AccessLevel, suffix: string): Promise<SessionUser> {
  const user = { ...testUser(tier), id: `export-${tier}-${suffix}`, email: `export-${tier}-${suffix}@security.introbase.test` };
  await database.db.insert(users).values({ id: user.id, name: user.name, email: user.email, tier });
  return user;
}

async function exportFile(user: SessionUser): Promise<string> {
  const response = (await exportLoader(
    loaderArgs<Parameters<typeof exportLoader>[0]>(database, "/api/listings/export.csv?type=startups", {}, { user }),
  )) as Response;
  expect(response.status).toBe(200);
  return response.text();
}

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 60);
  const [premium] = await database.db
    .select({ id: listings.id })
    .from(listings)
    .where(sql`${listings.type} = 'startup' AND ${listings.visibility} = 'premium'`)
    .limit(1);
  const [open] = await database.db
    .select({ id: listings.id })
    .from(listings)
    .where(sql`${listings.type} = 'startup' AND ${listings.visibility} = 'public'`)
    .limit(1);
  await database.db
    .update(listings)
    .set({ websiteUrl: PREMIUM.website, linkedinUrl: PREMIUM.linkedin, totalFundingRaised: PREMIUM.total })
    .where(eq(listings.id, premium!.id));
  await database.db
    .update(listings)
    .set({ totalFundingRaised: FUNDING.total, latestRoundAmount: FUNDING.amount, latestRoundDate: FUNDING.date, latestRoundType: "seed" })
    .where(eq(listings.id, open!.id));
  await announceChange(database, "listings");
});

afterAll(async () => {
  await database?.close();
});

describe("the CSV export's profile columns", () => {
  it("hold a premium listing's website, LinkedIn and funding for premium only", async () => {
    const subscriber = await exportFile(await member("subscriber", "a"));
    for (const value of [PREMIUM.website, PREMIUM.linkedin, String(PREMIUM.total)]) expect(subscriber).not.toContain(value);
    const premium = await exportFile(await member("premium", "a"));
    for (const value of [PREMIUM.website, PREMIUM.linkedin, String(PREMIUM.total)]) expect(premium).toContain(value);
  });

  it("hold the funding a profile shows everyone (decision 0080: funding is not sold), whatever the record's funding flag says", async () => {
    await database.rows(sql`UPDATE visibility_levels SET can_view_funding_data = false, can_export_data = true WHERE name = 'subscriber'`);
    clearTierDefinitionsCache(database);
    try {
      const file = await exportFile(await member("subscriber", "c"));
      for (const value of [String(FUNDING.total), String(FUNDING.amount), FUNDING.date]) expect(file).toContain(value);
    } finally {
      await database.rows(sql`UPDATE visibility_levels SET can_view_funding_data = true WHERE name = 'subscriber'`);
      clearTierDefinitionsCache(database);
    }
  });
});
