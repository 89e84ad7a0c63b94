/**
 * The audit view's reads: newest first, filtered by operation and action, capped at 100 by default and 1000 at
 * most, with the acting user's name and which mentioned ids are listings (only those get a back-office link).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "#db/schema/audit.ts";
import { listings } from "#db/schema/listings.ts";
import { insertMember } from "~/features/introductions/test-support.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { auditStatistics, auditTrailFor, findAuditEntries, MAX_AUDIT_ENTRIES, RECENT_AUDIT_ENTRIES } from "./audit-log.server.ts";

let database: Database;
const listingIds: Record<string, string> = {};
const requestId = "5b0e3f5e-8a1c-4b8e-9d2f-1c2b3a4d5e6f";
/** The statistics are asked for at this instant; the entries are placed around it. */
const NOW = Date.parse("2031-05-01T12:00:00Z");
const base = NOW - 60 * 60 * 1000;
const at = (minutes: number) => new Date(base + minutes * 60 * 1000);

beforeAll(async () => {
  database = await openTestDatabase();
  const admin = await insertMember(database, "audit-admin", "premium", "admin");
  for (const key of ["acme", "acme2"]) {
    const [row] = await database.db.insert(listings).values({ slug: key, type: "startup", name: key }).returning({ id: listings.id });
    listingIds[key] = row!.id;
  }
  // 120 cleanup batches an hour ago, then the entries the tests look at, newest last.
  await database.db.insert(auditLog).values(
    Array.from({ length: 120 }, (_, i) => ({
      timestamp: at(i / 100),
      operation: "cleanup_batch",
      source: "system",
      action: "skipped",
      details: { dryRun: true },
    })),
  );
  await database.db.insert(auditLog).values([
    {
      timestamp: at(10),
      operation: "merge_operation",
      source: "admin",
      action: "merged",
      companyName: "Acme",
      recordId: listingIds.acme,
      actorId: admin.id,
      details: { existingRecordId: listingIds.acme2, similarity: 0.97, mergedFields: ["website"] },
    },
    { timestamp: at(20), operation: "intro_request", source: "visitor", action: "created", companyName: "Acme", recordId: requestId },
    { timestamp: at(30), operation: "merge_operation", source: "admin", action: "undone", companyName: "Acme", recordId: listingIds.acme },
    { timestamp: at(40), operation: "manual_review", source: "admin", action: "merged", recordId: "not-a-uuid" },
    // Two days old: listed, but outside the statistics' 24 hours.
    { timestamp: new Date(NOW - 48 * 60 * 60 * 1000), operation: "tier_edit", source: "admin", action: "edited" },
  ]);
});

afterAll(async () => {
  await database?.close();
});

describe("recent audit entries", () => {
  it("are the 100 newest by default, newest first", async () => {
    const entries = await findAuditEntries(database);
    expect(entries).toHaveLength(RECENT_AUDIT_ENTRIES);
    expect(entries.map((e) => e.action).slice(0, 4)).toEqual(["merged", "undone", "created", "merged"]);
    const times = entries.map((e) => e.timestamp.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("show up to 1000 when asked, never more", async () => {
    expect(await findAuditEntries(database, { limit: 1000 })).toHaveLength(125);
    expect(MAX_AUDIT_ENTRIES).toBe(1000);
    expect(await findAuditEntries(database, { limit: 0 })).toHaveLength(1);
  });

  it("filter by operation and by action, together or apart", async () => {
    const merges = await findAuditEntries(database, { operation: "merge_operation" });
    expect(merges.map((e) => e.action)).toEqual(["undone", "merged"]);
    const merged = await findAuditEntries(database, { operation: "merge_operation", action: "merged" });
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ companyName: "Acme", details: { similarity: 0.97 } });
    expect((await findAuditEntries(database, { action: "merged" })).map((e) => e.operation)).toEqual(["manual_review", "merge_operation"]);
    expect(await findAuditEntries(database, { operation: "no_such_operation" })).toEqual([]);
  });

  it("name the acting user and tell which records are listings", async () => {
    const [merge] = await findAuditEntries(database, { operation: "merge_operation", action: "merged" });
    expect(merge).toMatchObject({ actorName: "Member audit-admin", recordIsListing: true, existingRecordIsListing: true });
    const [intro] = await findAuditEntries(database, { operation: "intro_request" });
    expect(intro).toMatchObject({ actorName: null, recordId: requestId, recordIsListing: false, existingRecordIsListing: false });
    const [review] = await findAuditEntries(database, { operation: "manual_review" });
    expect(review).toMatchObject({ recordId: "not-a-uuid", recordIsListing: false });
  });
});

describe("a record's history", () => {
  it("lists its entries oldest first, naming the admin who acted and leaving anonymous steps to their source", async () => {
    const trail = (await auditTrailFor(database, [listingIds.acme!])).get(listingIds.acme!)!;
    expect(trail.map((e) => [e.action, e.source, e.actorName])).toEqual([
      ["merged", "admin", "Member audit-admin"],
      ["undone", "admin", null],
    ]);
  });
});

describe("audit statistics", () => {
  it("count the last 24 hours by operation and action", async () => {
    const stats = await auditStatistics(database, NOW);
    expect(stats.total).toBe(124);
    expect(stats.byOperation).toEqual({ cleanup_batch: 120, merge_operation: 2, intro_request: 1, manual_review: 1 });
    expect(stats.byAction).toEqual({ skipped: 120, merged: 2, undone: 1, created: 1 });
  });
});
