/**
 * Issue 16 §1: a change made through one app server is served by another at its next read, not when its cache
 * expires. Two handles on one database stand for two servers (decision 0049); each test reads once through server B
 * (the cache fills), changes through server A (with the writer an operator uses, or as an import page writes),
 * waits for B to hear of it, and reads again through B. Without the change channel B answered from its cache for up to 2 minutes (directory), 5 (tier
 * records, field rules: what a viewer may see) or 60 (reference lists), and the next import on B matched against
 * listings as they were.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import * as s from "#db/schema/index.ts";
import { getFieldRules } from "~/features/access/field-rules.server.ts";
import type { Viewer } from "~/features/access/redact-listing.ts";
import { getTierDefinitions } from "~/features/access/tier-records.server.ts";
import { getReferenceData } from "~/features/catalog/reference-data.server.ts";
import { parseDirectoryQuery } from "~/features/directory/directory-filters.ts";
import { getDirectory } from "~/features/directory/server/get-directory.server.ts";
import { refreshMatchColumns } from "~/features/duplicates/server/duplicate-scan.server.ts";
import { matchColumns } from "~/features/duplicates/matching/match-columns.ts";
import { ImportSnapshot } from "~/features/imports/server/import-match.server.ts";
import { insertMember } from "~/features/introductions/test-support.ts";
import { setListingArchived } from "~/features/listing-editor/archive-listing.server.ts";
import { createReferenceValue, updateReferenceValue } from "~/features/reference-editor/edit-reference.server.ts";
import { getTierRows, updateTier } from "~/features/reference-editor/edit-tier.server.ts";
import { announceChange, onChange, startChangeFeed, type ChangeTopic } from "~/lib/change-feed.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { openSecondHandle, openTestDatabase } from "#test-support/test-database.ts";

const PREMIUM: Viewer = { tier: "premium" };
const admin = { id: "admin-cross-process" };

let a: Database;
let b: Database;
const feeds: Array<{ stop(): Promise<void> }> = [];
/** Listeners a failed test left waiting. */
const waiting: Array<() => void> = [];

beforeAll(async () => {
  a = await openTestDatabase();
  await seedListings(a, 30);
  await refreshMatchColumns(a);
  await insertMember(a, admin.id, "premium", "admin");
  b = await openSecondHandle(a);
  // No timers: each server hears the other only through its notifications.
  const noTimers = { setTimer: () => () => {} };
  for (const database of [a, b]) feeds.push(await startChangeFeed(database, noTimers));
});

afterEach(() => {
  for (const off of waiting.splice(0)) off();
});

afterAll(async () => {
  for (const feed of feeds) await feed.stop();
  await b?.close();
  await a?.close();
});

/** Resolves once server B has been told that `topic` changed (its caches, registered first, have dropped by then). */
function bHears(topic: ChangeTopic): Promise<void> {
  return new Promise((resolve) => {
    const off = onChange(topic, (told) => {
      if (told !== b) return;
      off();
      resolve();
    });
    waiting.push(off);
  });
}

function query(params: Record<string, string> = {}) {
  const parsed = parseDirectoryQuery(new URLSearchParams(params));
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.query;
}

describe("a change through one app server, read through another", () => {
  it("the directory (index and cached pages) no longer shows a listing archived on the other", async () => {
    const before = await getDirectory(b, query({ pageSize: "100" }), PREMIUM);
    const target = before.data[0]!;
    const heard = bHears("listings");
    expect(await setListingArchived(a, { id: target.id, archived: true, admin })).toBe("archived");
    await heard;
    const after = await getDirectory(b, query({ pageSize: "100" }), PREMIUM);
    expect(after.pagination.totalRecords).toBe(before.pagination.totalRecords - 1);
    expect(after.data.map((item) => item.id)).not.toContain(target.id);
  });

  it("the reference lists show a value added on the other", async () => {
    expect((await getReferenceData(b)).targetPersonas.map((p) => p.name)).not.toContain("Head of Procurement");
    const heard = bHears("reference-lists");
    const created = await createReferenceValue(a, "target-personas", { name: "Head of Procurement" }, admin);
    expect(created.ok).toBe(true);
    await heard;
    expect((await getReferenceData(b)).targetPersonas.map((p) => p.name)).toContain("Head of Procurement");
  });

  it("a tier's limit changed on the other counts from the next request", async () => {
    expect((await getTierDefinitions(b)).tiers.subscriber.maxCompanyViewsPerMonth).toBe(500);
    const values = (await getTierRows(a)).find((row) => row.name === "subscriber")!.values;
    const heard = bHears("tier-records");
    expect(await updateTier(a, "subscriber", { ...values, maxCompanyViewsPerMonth: "40" }, admin)).toEqual({ ok: true });
    await heard;
    expect((await getTierDefinitions(b)).tiers.subscriber.maxCompanyViewsPerMonth).toBe(40);
    // The reference lists carry the tiers' names and ranks: they drop too.
    const heardAgain = bHears("tier-records");
    expect(await updateTier(a, "subscriber", { ...values, displayName: "Plus" }, admin)).toEqual({ ok: true });
    await heardAgain;
    expect((await getReferenceData(b)).visibilityLevels.find((level) => level.name === "subscriber")!.displayName).toBe("Plus");
  });

  it("a field locked on the other is locked on the next read: gating never runs on the old rules", async () => {
    const [rule] = await a.db.select().from(s.fieldVisibilityRules).where(eq(s.fieldVisibilityRules.fieldName, "keyUseCases"));
    expect((await getFieldRules(b)).keyUseCases).toBe(rule!.accessLevel);
    const locked = rule!.accessLevel === "premium" ? "subscriber" : "premium";
    const heard = bHears("field-rules");
    const outcome = await updateReferenceValue(a, "field-rules", rule!.id, { fieldName: "keyUseCases", accessLevel: locked }, admin);
    expect(outcome.ok).toBe(true);
    await heard;
    expect((await getFieldRules(b)).keyUseCases).toBe(locked);
  });

  it("the snapshot an import keeps is dropped when listings change on the other, even where its fingerprint is blind", async () => {
    const kept = await ImportSnapshot.load(b);
    await kept.keepFor(b);
    expect(await ImportSnapshot.forImport(b)).toBe(kept);

    // A new name and website, with their match columns, written the way an import page that started before the newest
    // change writes them: live listings, the latest change and missing match columns, all the fingerprint counts, stay.
    const [listing] = await a.rows<{ id: string }>(sql`SELECT id::text FROM listings ORDER BY updated_at LIMIT 1`);
    const website = "https://fresh-domain-of-record.example";
    const columns = matchColumns({ name: "Renamed Holdings", websiteUrl: website, linkedinUrl: null });
    await a.rows(sql`UPDATE listings SET name = 'Renamed Holdings', website_url = ${website}, linkedin_url = NULL,
      match_key = ${columns.matchKey}, match_domain = ${columns.matchDomain}, match_linkedin = NULL WHERE id = ${listing!.id}`);
    const heard = bHears("listings");
    await announceChange(a, "listings");
    await heard;

    const next = await ImportSnapshot.forImport(b);
    expect(next).not.toBe(kept);
    expect(next.match({ name: "Quite Unrelated Name", websiteUrl: website, linkedinUrl: null })?.listingId).toBe(listing!.id);
  });
});
