/**
 * An investor's portfolio from the database (issue 15 §6): the companies whose funding rounds name the investor,
 * through the profile route as each tier receives it. A company above the viewer's tier must leave no trace: not
 * its name, not its slug, not its round, not a count.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema/index.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { loaderArgs, testUser } from "#test-support/test-route.ts";
import type { AccessLevel } from "~/features/access/tiers.ts";
import { loader } from "./profile.tsx";
import { getInvestorPortfolio } from "~/features/profiles/investor-portfolio.server.ts";

let database: Database;
const ids: Record<string, string> = {};
const names: Record<string, string> = {};

async function listing(slug: string, values: Partial<typeof s.listings.$inferInsert> = {}): Promise<string> {
  const [row] = await database.db
    .insert(s.listings)
    .values({ slug, type: "startup", name: slug.replace(/-/g, " "), ...values })
    .returning({ id: s.listings.id, name: s.listings.name });
  ids[slug] = row!.id;
  names[slug] = row!.name;
  return row!.id;
}

/** A round of `company` with these investors (listing ids, or a bare name for an investor not in the directory). */
async function round(company: string, roundType: (typeof s.ROUND_TYPES)[number], fundingDate: string | null, investors: string[]) {
  const [r] = await database.db
    .insert(s.fundingRounds)
    .values({ listingId: ids[company]!, roundType, fundingDate, amount: 1_000_000 })
    .returning({ id: s.fundingRounds.id });
  for (const investor of investors) {
    await database.db.insert(s.investorRelationships).values({
      companyId: ids[company]!,
      investorId: ids[investor] ?? null,
      investorName: names[investor] ?? investor,
      fundingRoundId: r!.id,
    });
  }
}

beforeAll(async () => {
  database = await openTestDatabase();
  await listing("oak-ventures", {
    type: "investor",
    name: "Oak Ventures",
    ticketSize: "$250K - $1M",
    aum: 120_000_000,
    stageFocus: "Seed, Series A",
    investorType: "Venture Capital",
  });
  await listing("elm-capital", { type: "investor", name: "Elm Capital" });
  await listing("secret-fund", { type: "investor", name: "Secret Fund", visibility: "premium" });
  await listing("alder-pay", { name: "Alder Pay" });
  await listing("birch-health", { name: "Birch Health" });
  await listing("zqx-subscriber-co", { name: "Zqx Subscriber Co", visibility: "subscriber" });
  await listing("zqx-premium-co", { name: "Zqx Premium Co", visibility: "premium" });
  await listing("zqx-archived-co", { name: "Zqx Archived Co", processingStatus: "archived" });
  await listing("cedar-robotics", { name: "Cedar Robotics" });

  await round("alder-pay", "seed", "2021-03-02", ["oak-ventures"]);
  await round("alder-pay", "series-a", "2023-09-14", ["oak-ventures", "elm-capital"]);
  await round("birch-health", "pre-seed", "2024-11-05", ["oak-ventures"]);
  await round("zqx-subscriber-co", "series-b", "2025-06-30", ["oak-ventures"]);
  await round("zqx-premium-co", "seed", "2026-01-10", ["oak-ventures", "secret-fund"]);
  await round("zqx-archived-co", "seed", "2022-01-01", ["oak-ventures"]);
  // Another investor's round, and a round naming Oak Ventures only by a name that is linked to no listing.
  await round("cedar-robotics", "seed", "2025-01-01", ["elm-capital", "Oak Ventures Unlisted"]);

  for (const tier of ["public", "subscriber", "premium"] as const) {
    const user = testUser(tier);
    await database.db.insert(s.users).values({ id: user.id, name: user.name, email: user.email, tier });
  }
});

afterAll(async () => {
  await database?.close();
});

async function profile(slug: string, tier: AccessLevel | null) {
  const args = loaderArgs(database, `/profile/investor/${slug}`, { type: "investor", slug }, { user: tier ? testUser(tier) : null });
  // None of these listings is noindex, so the loader answers the plain object (not wrapped in data()).
  return (await loader(args as never)) as Extract<Awaited<ReturnType<typeof loader>>, { status: string }>;
}

const slugsOf = (p: { companies: Array<{ slug: string }> }) => p.companies.map((c) => c.slug);

describe("an investor's portfolio", () => {
  it("lists the companies whose rounds the investor joined, latest first, with the investor's facts", async () => {
    const result = await profile("oak-ventures", null);
    if (result.status !== "ok" || !("portfolio" in result)) throw new Error(`expected an open profile, got ${result.status}`);
    expect(result.portfolio).toEqual({
      total: 2,
      companies: [
        {
          slug: "birch-health",
          type: "startup",
          name: "Birch Health",
          logo: null,
          rounds: [{ roundType: "pre-seed", fundingDate: "2024-11-05" }],
        },
        {
          slug: "alder-pay",
          type: "startup",
          name: "Alder Pay",
          logo: null,
          rounds: [
            { roundType: "series-a", fundingDate: "2023-09-14" },
            { roundType: "seed", fundingDate: "2021-03-02" },
          ],
        },
      ],
    });
    expect(result.listing).toMatchObject({
      ticketSize: "$250K - $1M",
      aum: 120_000_000,
      stageFocus: "Seed, Series A",
      investorType: "Venture Capital",
    });
  });

  it("gives a visitor no trace of a company above their tier, anywhere in the route data", async () => {
    const sent = JSON.stringify(await profile("oak-ventures", null));
    for (const trace of ["zqx", "Zqx", "series-b", "2025-06-30", "2026-01-10", "Secret Fund", "secret-fund"])
      expect(sent).not.toContain(trace);
  });

  it("opens each company to the tiers that may see it", async () => {
    const subscriber = await profile("oak-ventures", "subscriber");
    const premium = await profile("oak-ventures", "premium");
    if (subscriber.status !== "ok" || premium.status !== "ok") throw new Error("expected open profiles");
    expect(slugsOf(subscriber.portfolio)).toEqual(["zqx-subscriber-co", "birch-health", "alder-pay"]);
    expect(slugsOf(premium.portfolio)).toEqual(["zqx-premium-co", "zqx-subscriber-co", "birch-health", "alder-pay"]);
    expect(JSON.stringify(subscriber)).not.toContain("zqx-premium-co");
  });

  it("leaves out unpublished companies, other investors' rounds and names linked to no listing", async () => {
    const all = await getInvestorPortfolio(database, "oak-ventures", { tier: "premium" });
    expect(slugsOf(all)).not.toContain("zqx-archived-co");
    expect(slugsOf(all)).not.toContain("cedar-robotics");
    expect(slugsOf(await getInvestorPortfolio(database, "elm-capital", { tier: "public" }))).toEqual(["cedar-robotics", "alder-pay"]);
  });

  it("sends no portfolio with a locked investor's teaser", async () => {
    const result = await profile("secret-fund", null);
    expect(result.status).toBe("locked");
    expect(JSON.stringify(result)).not.toContain("zqx-premium-co");
    expect(result).not.toHaveProperty("portfolio");
  });

  it("is empty for a slug that is not a published investor", async () => {
    expect(await getInvestorPortfolio(database, "alder-pay", { tier: "premium" })).toEqual({ companies: [], total: 0 });
    expect(await getInvestorPortfolio(database, "no-such-fund", { tier: "premium" })).toEqual({ companies: [], total: 0 });
  });
});
