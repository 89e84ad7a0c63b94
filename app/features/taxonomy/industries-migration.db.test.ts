/**
 * The industries migration against a real database, from the demo's flat taxonomy (one record per primary name,
 * no key) plus a provider-named record: backup, populate, validate; listings and applications keep their
 * industries; a second run changes nothing; the backup restores everything exactly.
 */
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema/index.ts";
import { getReferenceData } from "~/features/catalog/reference-data.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { getJob } from "~/lib/job-queue.server.ts";
import { JobWorker } from "~/lib/job-worker.server.ts";
import { listIndustryBackups, restoreIndustryBackup } from "./industries-backup.server.ts";
import { runIndustriesMigrationJob } from "./industries-migration-job.server.ts";
import { getMigrationJob, INDUSTRIES_MIGRATION_JOB, latestMigrationJob, startIndustriesMigration } from "./migration-jobs.server.ts";
import type { MigrationRun } from "./migration-run.ts";
import { admin, listingIndustryNames, migrate, openPreMigrationDatabase, snapshot, type PreMigration } from "./migration-test-support.ts";
import { taxonomyRecords } from "./taxonomy.ts";

const TAXONOMY_SIZE = taxonomyRecords().length;
let database: Database;
let pre: PreMigration;

beforeAll(async () => {
  pre = await openPreMigrationDatabase();
  database = pre.database;
});

afterAll(async () => {
  await database?.close();
});

describe("the industries migration", () => {
  let run: MigrationRun;

  it("backs up, populates and validates, and succeeds", async () => {
    const before = await getReferenceData(database); // primes the hour-long cache
    expect(before.industries.map((i) => i.name)).toContain("FinTech");
    const result = await migrate(database);
    run = result.run;
    expect(result.status).toBe("completed");
    expect(run.steps).toEqual({ backup: "completed", populate: "completed", validate: "completed" });
    expect(run.finished).toBe(true);
    expect(run.results).toMatchObject({
      success: true,
      error: null,
      backupCount: 33,
      recordsCreated: TAXONOMY_SIZE - 32,
      recordsUpdated: 32,
      recordsMerged: 1,
      errors: [],
      leadsOnTreesRecords: TAXONOMY_SIZE,
      primaryCategories: 32,
      missingCategories: [],
      missingRecords: [],
      duplicates: [],
      totalRecords: TAXONOMY_SIZE,
      danglingListings: 0,
    });
    expect(run.log.at(-1)!.message).toBe("Migration completed successfully!");
    expect(run.log.every((line) => !Number.isNaN(Date.parse(line.at)))).toBe(true);
    expect(run.log.map((l) => l.message)).toContain("FinTech → FinTech: Financial Services (fuzzy)");
    expect(run.log.map((l) => l.message)).toContain("Health Care → Healthcare: Health Services (exact, merged)");
    // The reference data shows the new names at once.
    const after = await getReferenceData(database);
    expect(after.industries).toHaveLength(TAXONOMY_SIZE);
    expect(after.industries.map((i) => i.name)).toContain("FinTech: Financial Services");
  });

  it("keeps the backup as one row of every record and every listing's ids", async () => {
    const [backup] = await database.db.select().from(s.industryBackups).where(eq(s.industryBackups.id, run.results.backupId!));
    expect(backup!.industries).toHaveLength(33);
    expect(backup!.createdBy).toBe(admin.id);
    const listingEntries = Object.entries(pre.original.listings).filter(([, ids]) => ids.length > 0);
    for (const [id, ids] of listingEntries) expect(backup!.listingIndustries[id]).toEqual(ids);
    expect(backup!.listingIndustries[`application:${pre.applicationId}`]).toEqual([pre.ids.healthCare, pre.ids.fintech]);
    const [summary] = await listIndustryBackups(database);
    expect(summary).toMatchObject({ id: backup!.id, industries: 33, listings: listingEntries.length, createdBy: `Member ${admin.id}` });
  });

  it("renames old records in place, so listings keep their ids, and folds a duplicate place into one", async () => {
    const [renamed] = await database.db.select().from(s.industries).where(eq(s.industries.id, pre.ids.fintech));
    expect(renamed).toMatchObject({
      name: "FinTech: Financial Services",
      primaryCategory: "FinTech",
      secondaryCategory: "Financial Services",
      industryKey: "FinTech::Financial Services",
      leadsOnTreesSource: true,
      mappingConfidence: "fuzzy",
      preMigrationName: "FinTech",
    });
    expect(renamed!.migrationBackup).toBeInstanceOf(Date);
    const [fresh] = await database.db.select().from(s.industries).where(eq(s.industries.industryKey, "FinTech::Payments"));
    expect(fresh).toMatchObject({
      name: "FinTech: Payments",
      mappingConfidence: "exact",
      leadsOnTreesSource: true,
      preMigrationName: null,
    });
    expect(await database.db.select().from(s.industries).where(eq(s.industries.id, pre.ids.healthCare))).toEqual([]);
    // Every listing shows the new name of each industry it had, each once, in the same order.
    const names = await listingIndustryNames(database);
    const renames = new Map(run.log.map((l) => /^(.+) → (.+) \(/.exec(l.message)).flatMap((m) => (m ? [[m[1]!, m[2]!] as const] : [])));
    for (const [id, before] of Object.entries(pre.originalNames)) {
      expect(names[id], id).toEqual([...new Set(before.map((n) => renames.get(n)))]);
    }
    const [application] = await database.db
      .select({ ids: s.featureApplications.industryIds })
      .from(s.featureApplications)
      .where(eq(s.featureApplications.id, pre.applicationId));
    expect(application!.ids).toEqual([pre.ids.healthcare, pre.ids.fintech]);
  });

  it("is read back as the latest migration, with its run", async () => {
    const latest = (await latestMigrationJob(database))!;
    expect(latest.job).toMatchObject({ jobType: INDUSTRIES_MIGRATION_JOB, status: "completed" });
    expect(latest.run).toEqual(run);
    expect(await getMigrationJob(database, latest.job.id)).toEqual(latest);
    expect(await getMigrationJob(database, "00000000-0000-4000-8000-000000000000")).toBeNull();
  });

  it("writes an audit entry", async () => {
    const [entry] = await database.db
      .select()
      .from(s.auditLog)
      .where(eq(s.auditLog.recordId, `industry_backups:${run.results.backupId}`))
      .orderBy(desc(s.auditLog.timestamp));
    expect(entry).toMatchObject({ operation: "industries_migration", action: "migrated", actorId: admin.id });
  });

  it("creates and changes nothing on a second run", async () => {
    const before = await snapshot(database);
    const again = await migrate(database);
    expect(again.run.results).toMatchObject({
      success: true,
      recordsCreated: 0,
      recordsUpdated: 0,
      recordsMerged: 0,
      backupCount: TAXONOMY_SIZE,
    });
    const after = await snapshot(database);
    expect(after.industries).toEqual(before.industries);
    expect(after.listings).toEqual(before.listings);
  });

  it("refuses a second migration while one is queued", async () => {
    const queued = await startIndustriesMigration(database, admin);
    await expect(startIndustriesMigration(database, admin)).rejects.toMatchObject({ code: "conflict" });
    await expect(restoreIndustryBackup(database, run.results.backupId!, admin)).rejects.toMatchObject({ code: "conflict" });
    await new JobWorker(database, { [INDUSTRIES_MIGRATION_JOB]: runIndustriesMigrationJob }).tick();
    expect((await getJob(database, queued.id))!.status).toBe("completed");
  });

  it("restores the backup exactly: records, listings and applications", async () => {
    await getReferenceData(database);
    const restored = await restoreIndustryBackup(database, run.results.backupId!, admin);
    expect(restored.industries).toBe(33);
    expect(await snapshot(database)).toEqual(pre.original);
    expect(await listingIndustryNames(database)).toEqual(pre.originalNames);
    expect((await getReferenceData(database)).industries.map((i) => i.name)).toContain("Health Care");
    const [backup] = await listIndustryBackups(database, 10).then((all) => all.filter((b) => b.id === run.results.backupId));
    expect(backup!.restoredAt).not.toBeNull();
    // The id sequence follows the restored rows: a new record gets a fresh id.
    const [added] = await database.db.insert(s.industries).values({ name: "Brand New" }).returning({ id: s.industries.id });
    expect(added!.id).toBeGreaterThan(Math.max(...pre.original.industries.map((r) => (r as { id: number }).id)));
    await database.db.delete(s.industries).where(eq(s.industries.id, added!.id));
  });

  it("refuses an unknown backup", async () => {
    await expect(restoreIndustryBackup(database, "00000000-0000-4000-8000-000000000000", admin)).rejects.toMatchObject({
      code: "not_found",
    });
  });
});
