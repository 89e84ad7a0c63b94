/**
 * Issue 32: the editor's Funding section says it holds "the summary figures profiles and the home page show". Its
 * amount and date, typed into a featured listing and saved through the editor's own action, must then be on the
 * profile, in the home page's table and in /api/listings, for a visitor (funding is public on open listings, decision
 * 0080), and on no answer for a viewer whose tier may not open the listing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import { getDirectoryIndex } from "~/features/directory/search-index/directory-index.server.ts";
import { insertMember } from "~/features/introductions/test-support.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { answerOf, loaderArgs, testUser } from "#test-support/test-route.ts";
import * as editListing from "./admin.listings.edit.tsx";
import * as newListing from "./admin.listings.new.tsx";
import { loader as listingsLoader } from "./api.listings.ts";
import { loader as homeLoader } from "./home.tsx";
import { loader as profileLoader } from "./profile.tsx";

let database: Database;
const admin = testUser("premium", "admin");
const premium = testUser("premium");

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 30);
  await insertMember(database, admin.id, "premium", "admin");
  await insertMember(database, premium.id, "premium");
});

afterAll(async () => {
  await database?.close();
});

const post = (fields: Record<string, string>) => ({
  user: admin,
  init: {
    method: "POST",
    body: new URLSearchParams({ intent: "save", type: "startup", ...fields }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  },
});

/** A featured listing made and then edited through the editor's actions, as an operator does it. */
async function editedListing(name: string, visibility: string, funding: Record<string, string>) {
  const created = (await newListing.action(
    loaderArgs(database, "/admin/listings/new", {}, post({ name, visibility, featured: "on" })) as never,
  )) as Response;
  const id = /\/admin\/listings\/([\w-]+)/.exec(created.headers.get("location") ?? "")![1]!;
  const saved = (await editListing.action(
    loaderArgs(database, `/admin/listings/${id}`, { id }, post({ name, visibility, featured: "on", ...funding })) as never,
  )) as Response;
  expect(saved.status).toBe(302);
  return name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}

type ProfileAnswer = { status: string; listing?: Record<string, unknown> };
const profile = async (slug: string, user = null as ReturnType<typeof testUser> | null) =>
  (await profileLoader(loaderArgs(database, `/profile/startup/${slug}`, { type: "startup", slug }, { user }) as never)) as ProfileAnswer;

async function homeRows(user = null as ReturnType<typeof testUser> | null) {
  const { fundingRows } = homeLoader(loaderArgs(database, "/", {}, { user }) as never);
  return (await fundingRows) as unknown as Array<Record<string, unknown>>;
}

/**
 * A visitor is answered from the index in hand while the one after a change is being built (decision 0059): wait for
 * that build first, as a writer does. Were the save not announced, this would be the old index and the item missing.
 */
async function apiItem(name: string) {
  await getDirectoryIndex(database);
  const response = await answerOf(
    listingsLoader(loaderArgs(database, `/api/listings?type=startups&featuredOnly=true&pageSize=100`) as never),
  );
  const body = (await response.json()) as { data: Array<Record<string, unknown>> };
  return body.data.find((item) => item.name === name);
}

describe("the editor's funding summary", () => {
  it("the amount and date typed in the Funding section show on the profile, the home table and /api/listings", async () => {
    const slug = await editedListing("Summary Figures Robotics", "public", { fundingAmount: "2,500,000", fundingDate: "2026-11-20" });

    const open = await profile(slug);
    expect(open.status).toBe("ok");
    expect(open.listing).toMatchObject({ latestRoundAmount: 2_500_000, latestRoundDate: "2026-11-20", amountRaised: 2_500_000 });

    const row = (await homeRows()).find((r) => r.name === "Summary Figures Robotics");
    expect(row).toMatchObject({ amount: "$2.5M", date: "Nov 2026", dateTime: "2026-11-20" });

    expect(await apiItem("Summary Figures Robotics")).toMatchObject({ latestRoundDate: "2026-11-20" });
  });

  it("the latest round's own fields and the total, when typed, are what every place shows", async () => {
    const slug = await editedListing("Summary Totals Labs", "public", {
      fundingAmount: "1,000,000",
      fundingDate: "2025-01-10",
      totalFundingRaised: "4,000,000",
      latestRoundType: "series-a",
      latestRoundAmount: "3,000,000",
      latestRoundDate: "2026-06-01",
    });
    expect((await profile(slug)).listing).toMatchObject({
      totalFundingRaised: 4_000_000,
      latestRoundType: "series-a",
      latestRoundAmount: 3_000_000,
      latestRoundDate: "2026-06-01",
    });
    expect((await homeRows()).find((r) => r.name === "Summary Totals Labs")).toMatchObject({ amount: "$3.0M", dateTime: "2026-06-01" });
    expect(await apiItem("Summary Totals Labs")).toMatchObject({
      totalFundingRaised: 4_000_000,
      latestRoundType: "series-a",
      latestRoundDate: "2026-06-01",
    });
  });

  it("a listing above the viewer's tier shows its figures to none of the three answers", async () => {
    const slug = await editedListing("Summary Premium Systems", "premium", { fundingAmount: "7,700,000", fundingDate: "2026-10-02" });
    const locked = await profile(slug);
    expect(locked.status).toBe("locked");
    expect(JSON.stringify(locked)).not.toMatch(/7700000|2026-10-02/);
    expect(JSON.stringify(await homeRows())).not.toMatch(/Summary Premium Systems|2026-10-02|\$7\.7M/);
    const item = await apiItem("Summary Premium Systems");
    expect(JSON.stringify(item ?? {})).not.toMatch(/2026-10-02|7700000/);
    // A premium member sees them.
    expect((await profile(slug, premium)).listing).toMatchObject({ latestRoundDate: "2026-10-02", latestRoundAmount: 7_700_000 });
  });
});
