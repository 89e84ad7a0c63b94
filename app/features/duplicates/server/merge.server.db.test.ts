/**
 * Merging against a real database: every link moves, the merge is one transaction (a failure half-way changes
 * nothing), an undo restores both listings and every moved row exactly (checked over many random pairs), and a
 * merged listing's old address leads to its survivor.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import { Random } from "#demo/random.ts";
import { listings } from "#db/schema/listings.ts";
import { listingMerges } from "#db/schema/merges.ts";
import { insertMember } from "~/features/introductions/test-support.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { LISTING_LINKS, mergeDuplicate, survivorOf, undoMerge } from "./merge.server.ts";

let database: Database;
let startups: Array<{ id: string; slug: string; name: string }>;
const admin = { id: "merge-admin" };

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 80);
  await insertMember(database, admin.id, "premium", "admin");
  startups = await database.db
    .select({ id: listings.id, slug: listings.slug, name: listings.name })
    .from(listings)
    .where(eq(listings.type, "startup"))
    .orderBy(listings.slug);
});

afterAll(async () => {
  await database?.close();
});

/** Everything a merge may touch, as plain JSON: both listings and every row linked to either. */
async function snapshot(ids: string[]) {
  const list = `{${ids.join(",")}}`;
  const out: Record<string, unknown> = {
    listings: await database.rows(
      sql`SELECT to_jsonb(l.*) - 'search_vector' AS j FROM listings l WHERE id = ANY(${list}::uuid[]) ORDER BY id`,
    ),
    views: await database.rows(
      sql`SELECT to_jsonb(v.*) AS j FROM listing_views v WHERE listing_id = ANY(${list}::uuid[]) ORDER BY user_id, listing_id`,
    ),
  };
  for (const [table, column] of LISTING_LINKS) {
    out[`${table}.${column}`] = await database.rows(
      sql`SELECT to_jsonb(t.*) AS j FROM ${sql.identifier(table)} t WHERE ${sql.identifier(column)} = ANY(${list}::uuid[]) ORDER BY 1`,
    );
  }
  return JSON.parse(JSON.stringify(out));
}

async function addViewsAndIntro(a: string, b: string) {
  const viewer = await insertMember(database, `viewer-${a.slice(0, 6)}`);
  const other = await insertMember(database, `viewer2-${a.slice(0, 6)}`);
  await database.rows(sql`INSERT INTO listing_views (user_id, listing_id, year, month) VALUES
    (${viewer.id}, ${a}, 2026, 11), (${viewer.id}, ${b}, 2026, 11), (${other.id}, ${b}, 2026, 11)`);
  await database.rows(sql`INSERT INTO intro_requests (listing_id, recipient_name, requester_id, requester_name, requester_email, message, status)
    VALUES (${b}, 'x', ${viewer.id}, 'Viewer', 'viewer@example.org', 'A message long enough to be real.', 'pending_review')`);
}

describe("merge", () => {
  it("moves every link to the survivor, archives the duplicate and keeps the survivor's name", async () => {
    const [a, b] = [startups[0]!, startups[1]!];
    await addViewsAndIntro(a.id, b.id);
    const before = await snapshot([b.id]);
    const linkedToB = Object.entries(before)
      .filter(([k]) => k.includes("."))
      .reduce((n, [, rows]) => n + (rows as unknown[]).length, 0);
    expect(linkedToB).toBeGreaterThan(0);

    const result = await mergeDuplicate(database, { survivorId: a.id, mergedId: b.id, admin, score: 0.97, reasons: ["same domain"] });
    const [survivor] = await database.db.select().from(listings).where(eq(listings.id, a.id));
    const [merged] = await database.db.select().from(listings).where(eq(listings.id, b.id));
    expect(survivor!.name).toBe(a.name);
    expect(merged).toMatchObject({ processingStatus: "merged", mergedInto: a.id });
    const after = await snapshot([b.id]);
    for (const [table, column] of LISTING_LINKS) {
      if (column === "investor_id") continue;
      expect(after[`${table}.${column}`], `${table}.${column}`).toEqual([]);
    }
    // The member who viewed both keeps one view; the other viewer's view moved.
    expect(await database.rows(sql`SELECT user_id FROM listing_views WHERE listing_id = ${b.id}`)).toEqual([]);
    expect(result.moved["intro_requests.listing_id"]).toBe(1);
    expect(result.moved["listing_views.listing_id"]).toBe(1);

    const [audit] = await database.rows<{ action: string; details: { existingRecordId: string; mergedFields: string[] } }>(
      sql`SELECT action, details FROM audit_log WHERE operation = 'merge_operation' ORDER BY timestamp DESC LIMIT 1`,
    );
    expect(audit).toMatchObject({ action: "merged", details: { existingRecordId: b.id } });
    expect(await survivorOf(database, "startup", b.slug)).toEqual({ type: "startup", slug: a.slug });
    await expect(mergeDuplicate(database, { survivorId: a.id, mergedId: b.id, admin })).rejects.toThrow("already merged");

    await undoMerge(database, { mergeId: result.mergeId, admin });
    expect(await snapshot([b.id])).toEqual(before);
    expect(await survivorOf(database, "startup", b.slug)).toBeNull();
    await expect(undoMerge(database, { mergeId: result.mergeId, admin })).rejects.toThrow("already undone");
  });

  it("is atomic: a failure half-way leaves both listings and every link as they were", async () => {
    const [a, b] = [startups[2]!, startups[3]!];
    await addViewsAndIntro(a.id, b.id);
    const before = await snapshot([a.id, b.id]);
    const failAt = (step: string) => {
      if (step === "moved funding_rounds.listing_id") throw new Error("disk full");
    };
    await expect(mergeDuplicate(database, { survivorId: a.id, mergedId: b.id, admin, onStep: failAt })).rejects.toThrow("disk full");
    expect(await snapshot([a.id, b.id])).toEqual(before);
    expect(await database.rows(sql`SELECT id FROM listing_merges WHERE merged_id = ${b.id}`)).toEqual([]);
  });

  it("merge then undo restores both records exactly, for many random pairs", async () => {
    const rng = new Random(42);
    for (let i = 0; i < 12; i++) {
      const [a, b] = rng.sample(startups.slice(4), 2);
      const before = await snapshot([a!.id, b!.id]);
      const { mergeId } = await mergeDuplicate(database, { survivorId: a!.id, mergedId: b!.id, admin });
      expect(await snapshot([a!.id, b!.id])).not.toEqual(before);
      await undoMerge(database, { mergeId, admin });
      expect(await snapshot([a!.id, b!.id])).toEqual(before);
    }
  });

  it("refuses an undo that would lose a later edit of the survivor", async () => {
    const [a, b] = [startups[30]!, startups[31]!];
    const { mergeId } = await mergeDuplicate(database, { survivorId: a.id, mergedId: b.id, admin });
    const [merge] = await database.db.select({ mergedAt: listingMerges.mergedAt }).from(listingMerges).where(eq(listingMerges.id, mergeId));
    await database.db
      .update(listings)
      .set({ tagline: "Edited after the merge", updatedAt: new Date(merge!.mergedAt.getTime() + 1000) })
      .where(eq(listings.id, a.id));
    await expect(undoMerge(database, { mergeId, admin })).rejects.toThrow("edited after the merge");
  });
});
