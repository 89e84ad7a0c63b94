/**
 * Inference through the home table and investor profiles (issue 15 §6, DESIGN D14). The attacker changes nothing
 * they can see and watches whether what they are sent changes: if moving a locked company's round date reorders or
 * reselects the home table, the table tells when that company raised; if linking a locked company to an investor
 * changes the investor's profile, the profile tells who invested in it. Both must be invisible to a visitor.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema/index.ts";
import { getFundingRows } from "~/features/home/get-featured-startups.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { loaderArgs } from "#test-support/test-route.ts";
import { loader as profileLoader } from "~/routes/profile.tsx";

let database: Database;
const VISITOR = { tier: "public" } as const;

async function insert(slug: string, values: Partial<typeof s.listings.$inferInsert>) {
  const [row] = await database.db
    .insert(s.listings)
    .values({ slug, name: slug, type: "startup", ...values })
    .returning({ id: s.listings.id });
  return row!.id;
}

beforeAll(async () => {
  database = await openTestDatabase();
  for (let i = 0; i < 9; i++)
    await insert(`open-${i}`, { featured: true, latestRoundDate: `2020-0${i + 1}-01`, latestRoundType: "seed", amountRaised: 1_000_000 });
  for (let i = 0; i < 4; i++)
    await insert(`zqx-hidden-${i}`, { featured: true, visibility: i % 2 ? "premium" : "subscriber", latestRoundDate: "2015-01-01" });
});

afterAll(async () => {
  await database?.close();
});

async function investorPage(slug: string): Promise<string> {
  const result = await profileLoader(loaderArgs(database, `/profile/investor/${slug}`, { type: "investor", slug }) as never);
  return JSON.stringify(result);
}

describe("what a visitor can infer from profiles and the home table", () => {
  it("the home table does not change when a locked company's round date does", async () => {
    const before = await getFundingRows(database, VISITOR);
    expect(before.filter((row) => row.locked)).toHaveLength(2);
    for (const date of ["2030-12-31", "1999-01-01", null]) {
      await database.db
        .update(s.listings)
        .set({ latestRoundDate: date })
        .where(sql`${s.listings.slug} LIKE 'zqx-hidden-%'`);
      expect(await getFundingRows(database, VISITOR), `hidden rounds dated ${date}`).toEqual(before);
    }
  });

  it("an investor's profile does not change when it is linked to a locked company", async () => {
    const investor = await insert("oak-fund", { type: "investor", name: "Oak Fund" });
    const open = await insert("open-portfolio-co", { name: "Open Portfolio Co" });
    const [openRound] = await database.db
      .insert(s.fundingRounds)
      .values({ listingId: open, roundType: "seed", fundingDate: "2024-01-01" })
      .returning({ id: s.fundingRounds.id });
    await database.db
      .insert(s.investorRelationships)
      .values({ companyId: open, investorId: investor, investorName: "Oak Fund", fundingRoundId: openRound!.id });
    const before = await investorPage("oak-fund");
    expect(before).toContain("open-portfolio-co");

    const [hidden] = await database.db.select({ id: s.listings.id }).from(s.listings).where(eq(s.listings.slug, "zqx-hidden-1"));
    const [hiddenRound] = await database.db
      .insert(s.fundingRounds)
      .values({ listingId: hidden!.id, roundType: "series-b", fundingDate: "2025-06-01" })
      .returning({ id: s.fundingRounds.id });
    await database.db
      .insert(s.investorRelationships)
      .values({ companyId: hidden!.id, investorId: investor, investorName: "Oak Fund", fundingRoundId: hiddenRound!.id });
    expect(await investorPage("oak-fund")).toEqual(before);
  });
});
