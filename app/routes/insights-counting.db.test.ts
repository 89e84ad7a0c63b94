/**
 * Owner insights, the counting (decision 0117), through the profile and directory routes: a person's profile view counts once in the total and once in each of
 * their buckets, a crawler's counts nothing, each card of a directory page is an appearance, and counts flushed by
 * two processes add up.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema/accounts.ts";
import { listingInsightCounts } from "#db/schema/owner-insights.ts";
import { seedListings } from "#demo/seed-database.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { loaderArgs, testUser } from "#test-support/test-route.ts";
import { grantOwnership } from "~/features/listing-owners/ownership.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { InsightTally, insightTallyFor } from "~/features/owner-insights/insight-tally.server.ts";
import { countProfileView, UNKNOWN } from "~/features/owner-insights/record-insights.server.ts";
import type { Route as DirectoryRoute } from "./+types/directory";
import type { Route as ProfileRoute } from "./+types/profile";
import { loader as directoryLoader } from "./directory.tsx";
import { loader as profileLoader } from "./profile.tsx";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let database: Database;
let target: { id: string; type: string; slug: string };
let visitorListing: { id: string; type: string; name: string; industry: string };
const member = { ...testUser("subscriber"), id: "insight-visitor", email: "visitor@insights.test" };

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 30);
  target = (
    await database.rows<{ id: string; type: string; slug: string }>(sql`
    SELECT id, type, slug FROM listings WHERE processing_status = 'published' AND type = 'startup' ORDER BY name LIMIT 1`)
  )[0]!;
  visitorListing = (
    await database.rows<{ id: string; type: string; name: string; industry: string }>(sql`
    SELECT l.id, l.type, l.name, i.name AS industry FROM listings l JOIN industries i ON i.id = l.industry_ids[1]
    WHERE l.processing_status = 'published' AND l.type = 'investor' ORDER BY l.name LIMIT 1`)
  )[0]!;
  await database.db
    .insert(users)
    .values({ id: member.id, name: member.name, email: member.email, tier: "subscriber", emailVerified: true });
  await grantOwnership(database.db, {
    listingId: visitorListing!.id,
    listingName: visitorListing!.name,
    userId: member.id,
    via: "operator",
    actor: { id: member.id, source: "admin" },
  });
});

afterAll(async () => {
  await database?.close();
});

/** Every count of a listing and metric, all weeks together, as "dimension:bucket" → count. */
async function countsOf(listingId: string, metric: "view" | "appearance"): Promise<Record<string, number>> {
  await insightTallyFor(database).flush();
  const t = listingInsightCounts;
  const rows = await database.db
    .select({ dimension: t.dimension, bucket: t.bucket, count: sql<number>`sum(${t.count})::int` })
    .from(t)
    .where(and(eq(t.listingId, listingId), eq(t.metric, metric)))
    .groupBy(t.dimension, t.bucket);
  return Object.fromEntries(rows.map((r) => [`${r.dimension}:${r.bucket}`, r.count]));
}

async function clear() {
  await insightTallyFor(database).flush();
  await database.db.delete(listingInsightCounts);
}

const viewProfile = (agent: string | null, user: typeof member | null = null) =>
  profileLoader(
    loaderArgs<ProfileRoute.LoaderArgs>(
      database,
      `/profile/${target.type}/${target.slug}`,
      { type: target.type, slug: target.slug },
      {
        user,
        init: { headers: agent ? { "user-agent": agent } : {} },
      },
    ),
  );

describe("profile views", () => {
  it("counts a signed-out person's view in the total and in the signed-out, unknown buckets", async () => {
    await clear();
    await viewProfile(BROWSER);
    await viewProfile(BROWSER);
    expect(await countsOf(target.id, "view")).toEqual({
      "total:all": 2,
      "plan:signed_out": 2,
      [`listing_type:${UNKNOWN}`]: 2,
      [`industry:${UNKNOWN}`]: 2,
    });
  });

  it("counts a member who keeps a listing by plan, by their listing's type and industry, and never by who", async () => {
    await clear();
    await viewProfile(BROWSER, member);
    const counts = await countsOf(target.id, "view");
    expect(counts).toEqual({
      "total:all": 1,
      "plan:subscriber": 1,
      "listing_type:investor": 1,
      [`industry:${visitorListing.industry}`]: 1,
    });
    const stored = JSON.stringify(await database.db.select().from(listingInsightCounts));
    for (const trace of [member.id, member.email, member.name, visitorListing.id]) expect(stored).not.toContain(trace);
  });

  it("counts nothing for a crawler, a script without a User-Agent or a prefetch", async () => {
    await clear();
    await viewProfile(GOOGLEBOT);
    await viewProfile(null);
    await profileLoader(
      loaderArgs<ProfileRoute.LoaderArgs>(
        database,
        `/profile/${target.type}/${target.slug}`,
        { type: target.type, slug: target.slug },
        {
          init: { headers: { "user-agent": BROWSER, "sec-purpose": "prefetch" } },
        },
      ),
    );
    expect(await countsOf(target.id, "view")).toEqual({});
  });
});

describe("search appearances", () => {
  it("counts each listing of a directory results page once, and nothing for a crawler's page", async () => {
    await clear();
    const page = (agent: string) =>
      directoryLoader(loaderArgs<DirectoryRoute.LoaderArgs>(database, "/listings", {}, { init: { headers: { "user-agent": agent } } }));
    const shown = await page(BROWSER);
    await page(GOOGLEBOT);
    const ids = shown.result.data.map((item) => item.id);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(await countsOf(id, "appearance")).toEqual({ "total:all": 1, "plan:signed_out": 1 });
  });

  it("adds up the increments of two processes flushing the same rows at once", async () => {
    await clear();
    const a = new InsightTally(database);
    const b = new InsightTally(database);
    const now = new Date("2026-11-25T12:00:00Z");
    const visitor = { plan: "premium" as const, listingType: UNKNOWN, industry: UNKNOWN };
    for (let i = 0; i < 7; i++) countProfileView(a, target.id, visitor, now);
    for (let i = 0; i < 5; i++) countProfileView(b, target.id, visitor, now);
    await Promise.all([a.flush(), b.flush()]);
    // The next flush of each adds again; a flush with nothing pending writes nothing.
    countProfileView(a, target.id, visitor, now);
    expect(await a.flush()).toBe(4);
    expect(await b.flush()).toBe(0);
    expect(await countsOf(target.id, "view")).toMatchObject({ "total:all": 13, "plan:premium": 13 });
  });

  it("keeps each week's counts apart (the injected clock decides the week)", async () => {
    await clear();
    const tally = new InsightTally(database);
    const visitor = { plan: "public" as const, listingType: UNKNOWN, industry: UNKNOWN };
    countProfileView(tally, target.id, visitor, new Date("2026-11-29T23:59:59Z"));
    countProfileView(tally, target.id, visitor, new Date("2026-11-30T00:00:00Z"));
    await tally.flush();
    const rows = await database.db
      .select({ week: listingInsightCounts.weekStart, count: listingInsightCounts.count })
      .from(listingInsightCounts)
      .where(and(eq(listingInsightCounts.listingId, target.id), eq(listingInsightCounts.dimension, "total")))
      .orderBy(listingInsightCounts.weekStart);
    expect(rows).toEqual([
      { week: "2026-11-23", count: 1 },
      { week: "2026-11-30", count: 1 },
    ]);
  });
});
