/**
 * Following listings against a real database: idempotent follow and unfollow, the tier's cap (also raced), a listing
 * above the tier, unknown and archived listings, members kept apart, and follows through a merge and its undo.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema/accounts.ts";
import { listingFollows } from "#db/schema/follows.ts";
import { listings } from "#db/schema/listings.ts";
import { seedListings } from "#demo/seed-database.ts";
import { mergeDuplicate, undoMerge } from "~/features/duplicates/server/merge.server.ts";
import { setListingArchived } from "~/features/listing-editor/archive-listing.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { FOLLOW_CAP } from "./follow-limits.ts";
import { followListing, followState, listFollows, unfollowListing, type Follower } from "./follows.server.ts";

let database: Database;
let open: string[];
let premiumOnly: string[];
const admin = { id: "follows-admin" };

async function member(id: string, tier: "public" | "subscriber" | "premium"): Promise<Follower> {
  await database.db.insert(users).values({ id, name: id, email: `${id}@members.test`, tier, emailVerified: true });
  return { id, tier };
}

async function idsOf(visibility: "public" | "premium", n: number, offset = 0): Promise<string[]> {
  const rows = await database.db
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.visibility, visibility), eq(listings.processingStatus, "published")))
    .orderBy(asc(listings.name))
    .offset(offset)
    .limit(n);
  return rows.map((r) => r.id);
}

/** What a refused call threw: its code and message. */
async function refusal(work: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
}

const rowsOf = async (userId: string) =>
  (await database.db.select({ listingId: listingFollows.listingId }).from(listingFollows).where(eq(listingFollows.userId, userId))).map(
    (r) => r.listingId,
  );

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 80);
  await member(admin.id, "premium");
  open = await idsOf("public", 30);
  premiumOnly = await idsOf("premium", 3);
});

afterAll(async () => {
  await database?.close();
});

describe("following a listing", () => {
  it("follows once: a second follow changes nothing, and the state says so", async () => {
    const m = await member("follower-once", "subscriber");
    expect(await followListing(database, m, open[0]!)).toEqual({
      listingId: open[0],
      following: true,
      changed: true,
      count: 1,
      cap: FOLLOW_CAP.subscriber,
    });
    expect(await followListing(database, m, open[0]!)).toMatchObject({ following: true, changed: false, count: 1 });
    expect(await followState(database, m, open[0]!)).toMatchObject({ following: true, count: 1 });
    expect(await followState(database, m, open[1]!)).toMatchObject({ following: false, count: 1 });
    expect(await rowsOf(m.id)).toEqual([open[0]]);
  });

  it("unfollows once: a second unfollow changes nothing; an id of no listing is a 404", async () => {
    const m = await member("follower-unfollow", "public");
    await followListing(database, m, open[0]!);
    expect(await unfollowListing(database, m, open[0]!)).toMatchObject({ following: false, changed: true, count: 0 });
    expect(await unfollowListing(database, m, open[0]!)).toMatchObject({ following: false, changed: false, count: 0 });
    expect(await refusal(unfollowListing(database, m, "00000000-0000-4000-8000-000000000000"))).toMatchObject({ code: "not_found" });
    expect(await rowsOf(m.id)).toEqual([]);
  });

  it("refuses a listing that is not in the directory", async () => {
    const m = await member("follower-missing", "premium");
    expect(await refusal(followListing(database, m, "00000000-0000-4000-8000-000000000000"))).toMatchObject({ code: "not_found" });
    await setListingArchived(database, { id: open[29]!, archived: true, admin });
    expect(await refusal(followListing(database, m, open[29]!))).toMatchObject({ code: "not_found" });
    expect(await rowsOf(m.id)).toEqual([]);
  });

  it("refuses a listing above the member's tier (its locked teaser cannot be followed), and stores nothing", async () => {
    const m = await member("follower-locked", "public");
    expect(await refusal(followListing(database, m, premiumOnly[0]!))).toEqual({
      code: "forbidden",
      message: "This listing is not open on your plan. Upgrade to follow it.",
    });
    expect(await rowsOf(m.id)).toEqual([]);
    const p = await member("follower-premium", "premium");
    expect(await followListing(database, p, premiumOnly[0]!)).toMatchObject({ changed: true });
  });

  it("keeps members apart: one's follows are not another's, and another's unfollow leaves them", async () => {
    const a = await member("follower-a", "premium");
    const b = await member("follower-b", "premium");
    await followListing(database, a, open[2]!);
    await followListing(database, b, open[3]!);
    expect(await unfollowListing(database, b, open[2]!)).toMatchObject({ changed: false });
    expect((await listFollows(database, a)).items.map((i) => i.listingId)).toEqual([open[2]]);
    expect((await listFollows(database, b)).items.map((i) => i.listingId)).toEqual([open[3]]);
  });
});

describe("the cap", () => {
  it("stops a free member at the free cap with a message, and lets a followed listing be followed again", async () => {
    const m = await member("follower-cap", "public");
    for (const id of open.slice(0, FOLLOW_CAP.public)) await followListing(database, m, id);
    expect(await refusal(followListing(database, m, open[FOLLOW_CAP.public]!))).toEqual({
      code: "conflict",
      message: "You follow 5 listings, the most your plan allows. Unfollow one, or upgrade your plan to follow more.",
    });
    expect(await followListing(database, m, open[0]!)).toMatchObject({ changed: false, count: FOLLOW_CAP.public });
    await unfollowListing(database, m, open[0]!);
    expect(await followListing(database, m, open[FOLLOW_CAP.public]!)).toMatchObject({ changed: true, count: FOLLOW_CAP.public });
  });

  it("holds when follows race: one place left, twelve follows at once, one passes", async () => {
    const m = await member("follower-race", "public");
    for (const id of open.slice(0, FOLLOW_CAP.public - 1)) await followListing(database, m, id);
    // Every connection of the pool open first (on PostgreSQL), so the follows run side by side rather than one by
    // one behind connection set-up.
    await Promise.all(Array.from({ length: 10 }, () => database.rows(sql`SELECT 1 AS warm FROM pg_sleep(0.02)`)));
    const attempts = await Promise.allSettled(open.slice(8, 20).map((id) => followListing(database, m, id)));
    expect(attempts.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    const refused = attempts.filter((a): a is PromiseRejectedResult => a.status === "rejected").map((a) => (a.reason as AppError).code);
    expect(refused).toEqual(Array(11).fill("conflict"));
    expect(await rowsOf(m.id)).toHaveLength(FOLLOW_CAP.public);
  });
});

describe("follows through merges", () => {
  it("reads a follow of a merged listing as one of its survivor, once, and gives it back on undo", async () => {
    const m = await member("follower-merge", "premium");
    const [merged, survivor] = [open[20]!, open[21]!];
    await followListing(database, m, merged);
    await followListing(database, m, survivor);
    const { mergeId } = await mergeDuplicate(database, { survivorId: survivor, mergedId: merged, admin });
    // Both follows stay where they were made (the merge moved nothing of ours, and did not fail on the pair).
    expect((await rowsOf(m.id)).sort()).toEqual([merged, survivor].sort());
    expect((await listFollows(database, m)).items.map((i) => i.listingId)).toEqual([survivor]);
    expect(await followState(database, m, survivor)).toMatchObject({ following: true });

    await undoMerge(database, { mergeId, admin });
    expect((await listFollows(database, m)).items.map((i) => i.listingId).sort()).toEqual([merged, survivor].sort());
  });

  it("unfollowing the survivor drops the follow made on the merged listing too", async () => {
    const m = await member("follower-merge-unfollow", "premium");
    const [merged, survivor] = [open[22]!, open[23]!];
    await followListing(database, m, merged);
    await mergeDuplicate(database, { survivorId: survivor, mergedId: merged, admin });
    expect(await followListing(database, m, survivor)).toMatchObject({ changed: false });
    expect(await unfollowListing(database, m, survivor)).toMatchObject({ changed: true, count: 0 });
    expect(await rowsOf(m.id)).toEqual([]);
  });
});

describe("the list", () => {
  it("shows only teaser fields, marks a listing now above the tier and one archived", async () => {
    const m = await member("follower-list", "premium");
    await followListing(database, m, premiumOnly[1]!);
    await followListing(database, m, open[24]!);
    await setListingArchived(database, { id: open[24]!, archived: true, admin });
    const { items, count, cap } = await listFollows(database, { ...m, tier: "subscriber" });
    expect({ count, cap }).toEqual({ count: 2, cap: FOLLOW_CAP.subscriber });
    const byId = new Map(items.map((i) => [i.listingId, i]));
    expect(byId.get(premiumOnly[1]!)).toMatchObject({ locked: true, inDirectory: true });
    expect(byId.get(open[24]!)).toMatchObject({ locked: false, inDirectory: false });
    for (const item of items)
      expect(Object.keys(item).sort()).toEqual([
        "followedAt",
        "inDirectory",
        "listingId",
        "locked",
        "logo",
        "name",
        "slug",
        "tagline",
        "type",
        "url",
      ]);
    const [{ n }] = (await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM listing_follows WHERE user_id = ${m.id}`)) as [
      { n: number },
    ];
    expect(n).toBe(2);
  });
});
