/**
 * The owners' preferences (issue 36, decision 0116) against a real database: a paused listing, a full month, a plan or
 * a kind of company it does not take are refused before anything is stored or counted; the monthly cap holds when two
 * requests race for its last place; an unclaimed listing keeps taking what the operators forward.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import { introPreferences } from "#db/schema/intro-preferences.ts";
import { listings } from "#db/schema/listings.ts";
import { grantOwnership, revokeOwnership } from "~/features/listing-owners/ownership.server.ts";
import type { Database } from "~/lib/db.server.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { openSecondHandle, openTestDatabase } from "#test-support/test-database.ts";
import { OPEN_PREFERENCES, type IntroPreferences } from "./intro-preferences.ts";
import { getIntroPreferences, introRefusal, saveIntroPreferences } from "./intro-preferences.server.ts";
import { createIntroRequest } from "./intro-requests.server.ts";
import { insertMember } from "./test-support.ts";

let database: Database;
let other: Database;
type Pick = { id: string; type: "startup" | "investor" | "partner"; slug: string; name: string };
let claimed: Pick;
let requesterListing: Pick;
const admin = { id: "prefs-admin" };
const owner = { id: "prefs-owner" };
const NOW = Date.parse("2031-06-15T12:00:00Z");
let n = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  other = await openSecondHandle(database);
  await seedListings(database, 30);
  const published = await database.db
    .select({ id: listings.id, type: listings.type, slug: listings.slug, name: listings.name })
    .from(listings)
    .where(sql`${listings.visibility} = 'public' AND ${listings.processingStatus} = 'published' AND ${listings.type} = 'startup'`)
    .limit(2);
  [claimed, requesterListing] = [published[0]!, published[1]!];
  await insertMember(database, admin.id, "premium", "admin");
  await insertMember(database, owner.id, "subscriber");
  await grantOwnership(database.db, {
    listingId: claimed.id,
    listingName: claimed.name,
    userId: owner.id,
    via: "operator",
    actor: { id: admin.id, source: "admin" },
  });
});

afterAll(async () => {
  await other?.close();
  await database?.close();
});

beforeEach(async () => {
  await database.db.delete(introPreferences);
  await database.rows(sql`DELETE FROM intro_requests`);
  await database.rows(sql`DELETE FROM rate_limit_windows`);
});

const set = (prefs: Partial<IntroPreferences>) =>
  saveIntroPreferences(database, { listing: claimed, prefs: { ...OPEN_PREFERENCES, ...prefs }, owner, now: NOW });

const ask = (db: Database, user: SessionUser | null, now = NOW) =>
  createIntroRequest(db, {
    input: {
      recipientType: claimed.type,
      recipientSlug: claimed.slug,
      senderName: user?.name ?? "Vera Visitor",
      senderEmail: user?.email ?? "vera@example.org",
      message: "We would like to talk about a pilot with your team this spring.",
    },
    user,
    clientAddress: `10.8.0.${++n}`,
    now,
  });

const counts = async () => {
  const [row] = await database.rows<{ requests: number; limits: number }>(
    sql`SELECT (SELECT count(*)::int FROM intro_requests) AS requests, (SELECT coalesce(sum(count), 0)::int FROM rate_limit_windows) AS limits`,
  );
  return row;
};

describe("refused up front, nothing counted", () => {
  it("a paused listing: the requester is told, no request is stored and no limit is counted", async () => {
    await set({ paused: true });
    const member = await insertMember(database, "prefs-member-1", "subscriber");
    expect(await introRefusal(database, { listing: claimed, user: member, now: NOW })).toMatchObject({ reason: "paused" });
    await expect(ask(database, member)).rejects.toMatchObject({
      code: "conflict",
      message: `${claimed.name} is not taking introduction requests at the moment.`,
    });
    await expect(ask(database, null)).rejects.toMatchObject({ code: "conflict" });
    expect(await counts()).toEqual({ requests: 0, limits: 0 });
  });

  it("plans: a member on a plan the owners do not take is refused with the plans that are; one on it passes", async () => {
    await set({ tiers: ["premium"] });
    const free = await insertMember(database, "prefs-member-2", "public");
    await expect(ask(database, free)).rejects.toMatchObject({ code: "forbidden", message: expect.stringContaining("plan") });
    expect(await counts()).toEqual({ requests: 0, limits: 0 });
    const premium = await insertMember(database, "prefs-member-3", "premium");
    expect((await ask(database, premium)).status).toBe("pending_review");
  });

  it("kinds of company: known from the listing the requester keeps; unknown passes only when the owners allow it", async () => {
    await set({ listingTypes: ["investor"], allowUnknown: true });
    const keeper = await insertMember(database, "prefs-member-4", "subscriber");
    await grantOwnership(database.db, {
      listingId: requesterListing.id,
      listingName: requesterListing.name,
      userId: keeper.id,
      via: "operator",
      actor: { id: admin.id, source: "admin" },
    });
    try {
      expect(await introRefusal(database, { listing: claimed, user: keeper, now: NOW })).toMatchObject({ reason: "listing_kind" });
      const unknown = await insertMember(database, "prefs-member-5", "subscriber");
      expect(await introRefusal(database, { listing: claimed, user: unknown, now: NOW })).toBeNull();
      await set({ listingTypes: ["investor"], allowUnknown: false });
      expect(await introRefusal(database, { listing: claimed, user: unknown, now: NOW })).toMatchObject({ reason: "unknown_listing" });
      await set({ listingTypes: ["startup"], allowUnknown: false });
      expect(await introRefusal(database, { listing: claimed, user: keeper, now: NOW })).toBeNull();
    } finally {
      await revokeOwnership(database.db, {
        listingId: requesterListing.id,
        listingName: requesterListing.name,
        userId: keeper.id,
        reason: "test",
        actor: { id: admin.id, source: "admin" },
      });
    }
  });

  it("an unclaimed listing's preferences are not applied: its requests go to review as before issue 36", async () => {
    await set({ paused: true });
    await revokeOwnership(database.db, {
      listingId: claimed.id,
      listingName: claimed.name,
      userId: owner.id,
      reason: "test",
      actor: { id: admin.id, source: "admin" },
    });
    try {
      const member = await insertMember(database, "prefs-member-6", "subscriber");
      expect((await ask(database, member)).status).toBe("pending_review");
    } finally {
      await grantOwnership(database.db, {
        listingId: claimed.id,
        listingName: claimed.name,
        userId: owner.id,
        via: "operator",
        actor: { id: admin.id, source: "admin" },
      });
    }
  });
});

describe("the monthly cap", () => {
  it("counts this month's requests (UTC) that were not rejected, and tells when it frees up", async () => {
    await set({ monthlyCap: 2 });
    const [a, b, c, d] = await Promise.all(["cap-a", "cap-b", "cap-c", "cap-d"].map((id) => insertMember(database, id, "subscriber")));
    await ask(database, d!, Date.parse("2031-05-31T23:59:00Z")); // last month: does not count
    await ask(database, a!);
    await ask(database, b!);
    await expect(ask(database, c!)).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringContaining("all the introduction requests it takes this month"),
    });
    await database.rows(sql`UPDATE intro_requests SET status = 'rejected' WHERE requester_id = ${b!.id}`);
    expect((await ask(database, c!)).status).toBe("pending_review");
    expect(await introRefusal(database, { listing: claimed, user: a!, now: Date.parse("2031-07-01T00:00:00Z") })).toBeNull();
  });

  it("holds when two requests race for the last place on two connections", async () => {
    await set({ monthlyCap: 1 });
    const [a, b] = await Promise.all(["race-a", "race-b"].map((id) => insertMember(database, id, "subscriber")));
    const outcomes = await Promise.allSettled([ask(database, a!), ask(other, b!)]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect((await counts())!.requests).toBe(1);
  });
});

describe("saving", () => {
  it("stores what the owner chose, audited, and refuses ids that are not on the reference lists", async () => {
    await set({ tiers: ["subscriber", "premium"], monthlyCap: 20 });
    expect(await getIntroPreferences(database, claimed.id)).toMatchObject({ tiers: ["subscriber", "premium"], monthlyCap: 20 });
    await expect(set({ industryIds: [987654] })).rejects.toMatchObject({
      code: "bad_request",
      message: "Choose industries from the list.",
    });
    const [entry] = await database.rows<{ action: string; actor_id: string }>(
      sql`SELECT action, actor_id FROM audit_log WHERE operation = 'owner_change' ORDER BY timestamp DESC LIMIT 1`,
    );
    expect(entry).toEqual({ action: "preferences_changed", actor_id: owner.id });
  });
});
