/**
 * The duplicate endpoints of spec 02 §7 as a client sees them: validation messages, the cleanup run's shape, a
 * live run merging only the high-confidence pair, manual merge, undo, get-company, the audit log, and the 301
 * from a merged listing's old profile address.
 */
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listings } from "#db/schema/listings.ts";
import { insertMember } from "~/features/introductions/test-support.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { answerOf, loaderArgs } from "#test-support/test-route.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import * as auditLog from "./api.admin.audit-log.ts";
import * as cleanup from "./api.admin.cleanup-duplicates.ts";
import * as getCompany from "./api.admin.get-company.ts";
import * as manualMerge from "./api.admin.merge-manual-duplicate.ts";
import * as undo from "./api.admin.undo-merge.ts";
import * as duplicateScans from "./api.admin.duplicate-scans.ts";
import * as jobs from "./api.admin.jobs.ts";
import * as reports from "./api.duplicate-reports.ts";
import * as profile from "./profile.tsx";

let database: Database;
let admin: SessionUser;
const ids: Record<string, string> = {};

beforeAll(async () => {
  database = await openTestDatabase();
  admin = await insertMember(database, "dup-admin", "premium", "admin");
  const rows: Array<[string, string, string | null, string | null]> = [
    ["acme", "Acme Robotics GmbH", "https://acme-robotics.de", "https://linkedin.com/company/acme-robotics"],
    ["acme2", "ACME Robotics", "www.acme-robotics.de", "linkedin.com/company/acme-robotics"],
    ["lumen", "Lumen Forge", null, null],
    ["lumen2", "Lumen Forge Inc.", null, null],
    ["other", "Quiet Partners", null, null],
  ];
  for (const [i, [key, name, websiteUrl, linkedinUrl]] of rows.entries()) {
    const [row] = await database.db
      .insert(listings)
      .values({ slug: key, type: "startup", name, websiteUrl, linkedinUrl, createdAt: new Date(Date.UTC(2025, 0, i + 1)) })
      .returning({ id: listings.id });
    ids[key] = row!.id;
  }
});

afterAll(async () => {
  await database?.close();
});

async function post(route: { action: (args: never) => unknown }, path: string, body: unknown, user: SessionUser | null = admin) {
  const init = { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  return answerOf(route.action(loaderArgs(database, path, {}, { user, init }) as never));
}

describe("duplicate endpoints", () => {
  it("refuse bad parameters with the range in words", async () => {
    const bad = await post(cleanup, "/api/admin/cleanup-duplicates", { similarity: 0.3 });
    expect(bad.status).toBe(400);
    // The message, and the field it is about (decision 0108).
    expect(await bad.json()).toEqual({ error: "similarity must be at least 0.5.", field: "similarity" });
    expect((await (await post(cleanup, "/api/admin/cleanup-duplicates", { batchSize: "ten" })).json()).error).toMatch(/^batchSize must be/);
    expect((await post(manualMerge, "/api/admin/merge-manual-duplicate", { recordIds: ["x"] })).status).toBe(400);
  });

  it("a dry run reports the high-confidence pair and the review pair, and changes nothing", async () => {
    const response = await post(cleanup, "/api/admin/cleanup-duplicates", {});
    const body = await response.json();
    expect(body).toMatchObject({ success: true, dryRun: true, parameters: { similarity: 0.9, batchSize: 50 } });
    expect(body.results).toMatchObject({ duplicatesFound: 2, duplicatesResolved: 0, manualReviewRequired: 1 });
    expect(body.details.mergeOperations[0]).toMatchObject({
      primaryCompany: "Acme Robotics GmbH",
      mergedCompany: "ACME Robotics",
      isSimulation: true,
    });
    expect(body.details.manualReviewItems[0].recordIds).toEqual([ids.lumen, ids.lumen2]);
    expect(body.details.auditInfo).toMatchObject({ totalCompaniesInDatabase: 5, batchStart: 0, batchEnd: 5 });
    const acme = body.details.companyDetails.find((c: { name: string }) => c.name === "Acme Robotics GmbH");
    expect(acme.duplicateInfo).toMatchObject({ confidence: "High Confidence Duplicate", matchedCompany: "ACME Robotics" });
    const [row] = await database.db.select({ status: listings.processingStatus }).from(listings).where(eq(listings.id, ids.acme2!));
    expect(row!.status).toBe("published");
  });

  it("a live run merges the high-confidence pair only; its old address redirects; undo brings it back", async () => {
    const body = await (await post(cleanup, "/api/admin/cleanup-duplicates", { dryRun: false })).json();
    expect(body.results).toMatchObject({ duplicatesResolved: 1, manualReviewRequired: 1 });
    const mergeId = body.details.mergeOperations[0].mergeId;

    const redirect = await (
      profile.loader(loaderArgs(database, "/profile/startup/acme2", { type: "startup", slug: "acme2" }) as never) as Promise<unknown>
    ).catch((e: unknown) => e);
    expect(redirect).toBeInstanceOf(Response);
    expect((redirect as Response).status).toBe(301);
    expect((redirect as Response).headers.get("location")).toBe("/profile/startup/acme");

    const company = await (
      await getCompany.loader(loaderArgs(database, `/api/admin/get-company?recordId=${ids.acme2}`, {}, { user: admin }) as never)
    ).json();
    expect(company.company).toMatchObject({ processingStatus: "merged", mergedInto: ids.acme });

    expect(await (await post(undo, "/api/admin/undo-merge", { mergeId })).json()).toEqual({ success: true, error: null });
    const [row] = await database.db.select({ status: listings.processingStatus }).from(listings).where(eq(listings.id, ids.acme2!));
    expect(row!.status).toBe("published");
  });

  it("merges a reviewed pair by hand: oldest first unless the operator chooses the survivor", async () => {
    const url = "/api/admin/merge-manual-duplicate";
    const oldest = await (await post(manualMerge, url, { recordIds: [ids.lumen2, ids.lumen], dryRun: true })).json();
    expect(oldest).toMatchObject({ success: true, survivorId: ids.lumen, mergedId: ids.lumen2, merge: null });
    const outsider = await post(manualMerge, url, { recordIds: [ids.lumen, ids.lumen2], survivorId: ids.other });
    expect(outsider.status).toBe(400);
    expect(await outsider.json()).toEqual({ success: false, error: "survivorId must be one of the two recordIds." });
    expect((await post(manualMerge, url, { recordIds: [ids.lumen, ids.lumen2], survivorId: "lumen" })).status).toBe(400);

    // The newer listing chosen as the survivor: it keeps its address, and the older one is merged into it.
    const body = await (await post(manualMerge, url, { recordIds: [ids.lumen, ids.lumen2], survivorId: ids.lumen2 })).json();
    expect(body).toMatchObject({ success: true, error: null, survivorId: ids.lumen2, mergedId: ids.lumen });
    const rows = await database.db
      .select({ id: listings.id, status: listings.processingStatus })
      .from(listings)
      .where(inArray(listings.id, [ids.lumen!, ids.lumen2!]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({ [ids.lumen!]: "merged", [ids.lumen2!]: "published" });
    const again = await post(manualMerge, url, { recordIds: [ids.lumen, ids.lumen2] });
    expect(again.status).toBe(409);
  });

  it("keeps an audit trail: entries posted with the spec's shape, the last 100, and 24-hour statistics", async () => {
    const bad = await post(auditLog, "/api/admin/audit-log", { operation: "delete_everything", source: "x", action: "merged" });
    expect(bad.status).toBe(400);
    const ok = await post(auditLog, "/api/admin/audit-log", {
      operation: "duplicate_check",
      source: "manual",
      companyName: "Quiet Partners",
      recordId: ids.other,
      action: "ignored",
      details: { matchReason: "checked by hand", similarity: 0.5 },
    });
    expect(ok.status).toBe(201);
    const { entries, statistics } = await (
      await auditLog.loader(loaderArgs(database, "/api/admin/audit-log", {}, { user: admin }) as never)
    ).json();
    expect(entries[0]).toMatchObject({ operation: "duplicate_check", action: "ignored", actorId: admin.id });
    expect(statistics.byOperation).toMatchObject({ cleanup_batch: 2, merge_operation: 3, manual_review: 1, duplicate_check: 1 });
    const [{ n }] = (await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log`)) as [{ n: number }];
    expect(statistics.total).toBe(n);
  });

  it("queues a scan of several batches as a job, reported by the jobs endpoint", async () => {
    const refused = await post(duplicateScans, "/api/admin/duplicate-scans", { batches: 1 });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toBe("A scan of one batch runs at once: use Run Analysis.");
    const started = await post(duplicateScans, "/api/admin/duplicate-scans", { batchSize: 2, batches: null });
    expect(started.status).toBe(202);
    const job = await started.json();
    expect(job).toMatchObject({ jobType: "duplicate_scan", status: "queued", parameters: { batchSize: 2, batches: null, dryRun: true } });
    const view = await jobs.loader(loaderArgs(database, `/api/admin/jobs/${job.id}`, { id: job.id }, { user: admin }) as never);
    expect(await view.json()).toMatchObject({ id: job.id, status: "queued", output: null });
    const missing = await answerOf(jobs.loader(loaderArgs(database, "/api/admin/jobs/x", { id: "not-a-uuid" }, { user: admin }) as never));
    expect(missing.status).toBe(400);
  });

  it("takes members' duplicate reports: signed in only, validated, once per pair", async () => {
    const member = await insertMember(database, "dup-reporter", "public");
    const body = { listingId: ids.other, duplicateOfId: ids.acme, note: "  Same founders  " };
    expect((await post(reports, "/api/duplicate-reports", body, null)).status).toBe(401);
    const bad = await post(reports, "/api/duplicate-reports", { listingId: ids.other, duplicateOfId: "nope" }, member);
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe("Choose the listing it duplicates.");
    expect((await post(reports, "/api/duplicate-reports", { ...body, note: "x".repeat(501) }, member)).status).toBe(400);
    const first = await post(reports, "/api/duplicate-reports", body, member);
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ ok: true, message: "An operator will review the pair." });
    const again = await post(reports, "/api/duplicate-reports", { listingId: ids.acme, duplicateOfId: ids.other }, member);
    expect(again.status).toBe(200);
    expect((await again.json()).message).toMatch(/already reported/);
    const [row] = await database.rows<{ note: string; source: string }>(
      sql`SELECT note, source FROM duplicate_reviews WHERE reported_by = ${member.id}`,
    );
    expect(row).toEqual({ note: "Same founders", source: "report" });
  });
});
