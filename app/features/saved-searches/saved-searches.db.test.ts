/**
 * Saved searches against a real database: one state one row, "new since you last looked" (new listings and listings
 * newly matching), the bounded snapshot, the caps, and gating by the member's tier.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import { announceChange } from "~/lib/change-feed.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { parseDirectoryQuery } from "../directory/directory-filters.ts";
import { compareWithSnapshot } from "../directory/server/matching-listings.server.ts";
import { createSavedSearch, getSavedSearch, newSinceLastLook } from "./saved-searches.server.ts";

let database: Database;
let industry = "";
let counter = 0;

const premium = { id: "ss-premium", tier: "premium" };
const subscriber = { id: "ss-subscriber", tier: "subscriber" };
const free = { id: "ss-public", tier: "public" };
const subscriber2 = { id: "ss-sub2", tier: "subscriber" };

async function addUser(member: { id: string; tier: string }) {
  await database.rows(sql`INSERT INTO users (id, name, email, email_verified, tier)
    VALUES (${member.id}, ${member.id}, ${`${member.id}@test.introbase.test`}, true, ${member.tier})`);
}

/** A new published startup in `industry`, created at `createdAt`. */
async function addStartup(options: { visibility?: string; createdAt?: string; industryName?: string } = {}): Promise<string> {
  counter++;
  const [row] = await database.rows<{ id: string }>(sql`
    INSERT INTO listings (slug, type, name, tagline, industry_ids, visibility, created_at)
    VALUES (${`zz-new-${counter}`}, 'startup', ${`Zz New ${counter}`}, 'A new one',
      ARRAY[(SELECT id FROM industries WHERE name = ${options.industryName ?? industry})], ${options.visibility ?? "public"},
      ${options.createdAt ?? "2030-01-01T00:00:00Z"}::timestamptz + ${`${counter} seconds`}::interval)
    RETURNING id`);
  await announceChange(database, "listings");
  return row!.id;
}

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 120);
  for (const m of [premium, subscriber, free, subscriber2]) await addUser(m);
  // An industry with some startups, not all.
  const [row] = await database.rows<{ name: string }>(sql`
    SELECT i.name FROM industries i JOIN listings l ON i.id = ANY(l.industry_ids) AND l.type = 'startup'
    GROUP BY i.name HAVING count(*) BETWEEN 3 AND 30 ORDER BY count(*) DESC, i.name LIMIT 1`);
  industry = row!.name;
});

afterAll(async () => {
  await database?.close();
});

describe("saving a directory state", () => {
  it("keeps one row per state, whatever the spelling of its URL", async () => {
    const row = await createSavedSearch(database, premium, {
      name: "Startups",
      query: `type=startup&industries=${encodeURIComponent(industry)}&page=3&pageSize=50&sort=featured`,
      alertFrequency: "daily",
    });
    expect(row.query).toBe(`industries=${encodeURIComponent(industry).replaceAll("%20", "+")}&type=startup`);
    await expect(
      createSavedSearch(database, premium, {
        name: "Again",
        query: `industries=${encodeURIComponent(industry.toUpperCase())}&entityType=startup`,
        alertFrequency: "off",
      }),
    ).rejects.toMatchObject({ code: "conflict", message: 'You already saved this search as "Startups".' });
  });

  it("refuses a malformed state and a filter value that does not exist", async () => {
    await expect(createSavedSearch(database, premium, { name: "x", query: "sort=sideways", alertFrequency: "off" })).rejects.toMatchObject({
      code: "bad_request",
    });
    await expect(
      createSavedSearch(database, premium, { name: "x", query: "industries=Nothing+Like+It", alertFrequency: "off" }),
    ).rejects.toMatchObject({
      code: "bad_request",
      message: 'No industry called "Nothing Like It".',
    });
  });

  it("is for paying tiers, up to their cap, also when saves race", async () => {
    await expect(createSavedSearch(database, free, { name: "x", query: "type=partner", alertFrequency: "off" })).rejects.toMatchObject({
      code: "forbidden",
    });
    const attempts = await Promise.allSettled(
      Array.from({ length: 14 }, (_, i) =>
        createSavedSearch(database, subscriber, { name: `s${i}`, query: `searchQuery=word${i}`, alertFrequency: "off" }),
      ),
    );
    expect(attempts.filter((a) => a.status === "fulfilled")).toHaveLength(10);
    const refused = attempts.find((a) => a.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: "bad_request", message: expect.stringContaining("at most 10 saved searches") });
  });

  it("never shows one member's saved search to another", async () => {
    const row = await createSavedSearch(database, premium, { name: "Mine", query: "type=investor", alertFrequency: "off" });
    await expect(getSavedSearch(database, subscriber, row.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(newSinceLastLook(database, subscriber, row.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(getSavedSearch(database, premium, "not-a-uuid")).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("new since you last looked", () => {
  it("counts new listings and listings newly matching, once, until the member looks", async () => {
    const row = await createSavedSearch(database, premium, {
      name: "Industry",
      query: `industries=${encodeURIComponent(industry)}`,
      alertFrequency: "off",
    });
    expect((await newSinceLastLook(database, premium, row.id)).newCount).toBe(0);
    const added = await addStartup();
    // An older startup outside the industry is moved into it: newly matching, not new.
    const [moved] = await database.rows<{ id: string }>(sql`
      UPDATE listings SET industry_ids = industry_ids || (SELECT id FROM industries WHERE name = ${industry})
      WHERE id = (SELECT id FROM listings WHERE type = 'startup' AND visibility = 'public'
        AND NOT (SELECT id FROM industries WHERE name = ${industry}) = ANY(industry_ids) ORDER BY name LIMIT 1)
      RETURNING id`);
    await announceChange(database, "listings");
    const seen = await newSinceLastLook(database, premium, row.id, { markLooked: true, now: new Date("2030-02-01T00:00:00Z") });
    expect(seen.newCount).toBe(2);
    expect(seen.newListings.map((l) => l.id).sort()).toEqual([added, moved!.id].sort());
    expect(seen.newListings.find((l) => l.id === added)).toMatchObject({
      name: expect.stringMatching(/^Zz New/),
      path: expect.stringMatching(/^\/profile\/startup\//),
    });
    const after = await newSinceLastLook(database, premium, row.id);
    expect(after.newCount).toBe(0);
    expect(after.savedSearch.lastLookedAt.toISOString()).toBe("2030-02-01T00:00:00.000Z");
  });

  it("counts only what the member's tier may open", async () => {
    const query = `type=startup&industries=${encodeURIComponent(industry)}&searchQuery=zz`;
    const mine = await createSavedSearch(database, subscriber2, { name: "Zz", query, alertFrequency: "off" });
    const theirs = await createSavedSearch(database, premium, { name: "Zz", query, alertFrequency: "off" });
    const hidden = await addStartup({ visibility: "premium" });
    const sub = await newSinceLastLook(database, subscriber2, mine.id);
    expect(sub.newCount).toBe(0);
    expect(sub.newListings.map((l) => l.id)).not.toContain(hidden);
    const prem = await newSinceLastLook(database, premium, theirs.id);
    expect(prem.newListings.map((l) => l.id)).toContain(hidden);
  });
});

describe("a snapshot bounded to the newest matches", () => {
  it("reports new listings of a broad search but not older ones that start matching", async () => {
    const parsed = parseDirectoryQuery(new URLSearchParams("type=startup"));
    if (!parsed.ok) throw new Error(parsed.error);
    const viewer = { tier: "premium" as const };
    const first = await compareWithSnapshot(database, parsed.query, viewer, null, 5);
    expect(first.next.truncated).toBe(true);
    expect(first.next.listingIds).toHaveLength(5);
    const fresh = await addStartup();
    // A partner made a startup: it now matches, but it is older than anything the snapshot kept.
    await database.rows(sql`UPDATE listings SET type = 'startup', created_at = '2001-01-01' WHERE id = (
      SELECT id FROM listings WHERE type = 'partner' ORDER BY name LIMIT 1)`);
    await announceChange(database, "listings");
    const second = await compareWithSnapshot(database, parsed.query, viewer, first.next, 5);
    expect(second.newIds).toEqual([fresh]);
    // Unbounded, the same change is reported.
    const whole = await compareWithSnapshot(database, parsed.query, viewer, null, 100_000);
    expect(whole.next.truncated).toBe(false);
  });
});
