/**
 * The industries migration when things go wrong: a failure half-way leaves committed batches consistent and the
 * failed batch as it was, and the backup restores the rest; a failed backup stops the run; a thrown failure is
 * logged as 'Migration failed' with populate marked as error; a run interrupted by a shutdown resumes from its
 * cursor and ends as an uninterrupted one would.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema/index.ts";
import type { Database } from "~/lib/db.server.ts";
import { JobInterrupted, type JobContext } from "~/lib/job-worker.server.ts";
import { restoreIndustryBackup } from "./industries-backup.server.ts";
import { runIndustriesMigrationJob } from "./industries-migration-job.server.ts";
import { startIndustriesMigration } from "./migration-jobs.server.ts";
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

describe("a migration that fails", () => {
  it("half-way keeps committed batches consistent, the failed batch as it was, and the backup restorable", async () => {
    expect(await snapshot(database)).toEqual(pre.original);
    // Energy's records cannot be written: the first batch of old records (which holds "Energy") and the Energy
    // category fail; everything else goes through.
    await database.rows(sql`CREATE FUNCTION refuse_energy() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.primary_category = 'Energy' AND NEW.industry_key IS NOT NULL THEN RAISE EXCEPTION 'disk full'; END IF; RETURN NEW; END $$`);
    await database.rows(sql`CREATE TRIGGER refuse_energy BEFORE INSERT OR UPDATE ON industries
      FOR EACH ROW EXECUTE FUNCTION refuse_energy()`);
    try {
      const { status, run } = await migrate(database);
      expect(status).toBe("completed");
      expect(run.steps).toEqual({ backup: "completed", populate: "error", validate: "error" });
      expect(run.results.success).toBe(false);
      expect(run.results.errors).toEqual(["Mapping existing records 1–25: disk full", "Energy: disk full"]);
      expect(run.results.missingCategories).toEqual([]); // the old "Energy" record is still there
      expect(run.results.missingRecords).toContain("Energy::Solar");
      expect(run.results.unmigratedRecords).toBe(25);
      expect(run.results.danglingListings).toBe(0);
      expect(run.log.at(-1)!.message).toBe("Migration completed with some issues");
      // The failed batch's records are untouched.
      const now = await snapshot(database);
      const byId = (rows: unknown[]) => new Map(rows.map((r) => [(r as { id: number }).id, r]));
      const before = byId(pre.original.industries);
      const after = byId(now.industries);
      for (let id = 1; id <= 25; id++) expect(after.get(id), `record ${id}`).toEqual(before.get(id));
      expect(await listingIndustryNames(database)).not.toEqual(pre.originalNames); // later batches did commit
      await restoreIndustryBackup(database, run.results.backupId!, admin);
      expect(await snapshot(database)).toEqual(pre.original);
    } finally {
      await database.rows(sql`DROP TRIGGER refuse_energy ON industries`);
      await database.rows(sql`DROP FUNCTION refuse_energy()`);
    }
  });

  it("stops after a failed backup, changing nothing", async () => {
    await database.rows(sql`CREATE FUNCTION refuse_backup() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'backup storage unavailable'; END $$`);
    await database.rows(sql`CREATE TRIGGER refuse_backup BEFORE INSERT ON industry_backups FOR EACH ROW EXECUTE FUNCTION refuse_backup()`);
    try {
      const { run } = await migrate(database);
      expect(run.steps).toEqual({ backup: "error", populate: "pending", validate: "pending" });
      expect(run.results.success).toBe(false);
      expect(run.results.error).toBe("Backup failed: backup storage unavailable");
      expect(await snapshot(database)).toEqual(pre.original);
    } finally {
      await database.rows(sql`DROP TRIGGER refuse_backup ON industry_backups`);
      await database.rows(sql`DROP FUNCTION refuse_backup()`);
    }
  });

  it("logs 'Migration failed' and marks populate as error when something throws", async () => {
    const job = await startIndustriesMigration(database, admin);
    const saved: MigrationRun[] = [];
    let calls = 0;
    const context: JobContext = {
      database,
      job: { ...job, status: "running" },
      signal: new AbortController().signal,
      logError: async () => {},
      progress: async ({ processedOutput }) => {
        saved.push(structuredClone(processedOutput as MigrationRun));
        // The connection drops just as populate starts.
        if ((processedOutput as MigrationRun).steps.populate === "running" && calls++ === 0) throw new Error("connection reset");
        return true;
      },
    };
    await expect(runIndustriesMigrationJob(context)).rejects.toThrow("connection reset");
    const last = saved.at(-1)!;
    expect(last.steps.populate).toBe("error");
    expect(last.results).toMatchObject({ success: false, error: "Migration failed: connection reset" });
    expect(last.log.map((l) => l.message)).toContain("Migration failed: connection reset");
    await database.db.update(s.jobs).set({ status: "failed" }).where(eq(s.jobs.id, job.id));
    await restoreIndustryBackup(database, last.results.backupId!, admin);
    expect(await snapshot(database)).toEqual(pre.original);
  });
});

describe("a migration interrupted by a shutdown", () => {
  it("resumes from its cursor and ends as an uninterrupted run would", async () => {
    expect(await snapshot(database)).toEqual(pre.original);
    const backupsBefore = await database.db.$count(s.industryBackups);
    const job = await startIndustriesMigration(database, admin);
    const shutdown = new AbortController();
    const last: { run: MigrationRun | null } = { run: null };
    const context = (processedOutput: MigrationRun | null, signal: AbortSignal): JobContext => ({
      database,
      job: { ...job, status: "running", processedOutput },
      signal,
      logError: async () => {},
      progress: async (p) => {
        last.run = structuredClone(p.processedOutput as MigrationRun);
        // The server stops once ten categories are written.
        if (last.run.cursor.primaryIndex === 10) shutdown.abort();
        return true;
      },
    });
    await expect(runIndustriesMigrationJob(context(null, shutdown.signal))).rejects.toBeInstanceOf(JobInterrupted);
    const cursor = last.run!;
    expect(cursor.steps).toMatchObject({ backup: "completed", populate: "running", validate: "pending" });
    expect(cursor.cursor.primaryIndex).toBe(10);

    const run = await runIndustriesMigrationJob(context(cursor, new AbortController().signal));
    expect(run.results).toMatchObject({
      success: true,
      backupCount: 33,
      recordsCreated: TAXONOMY_SIZE - 32,
      recordsUpdated: 32,
      recordsMerged: 1,
      errors: [],
    });
    expect(run.log.map((l) => l.message)).toContain("Resuming the migration after an interruption.");
    expect(await database.db.$count(s.industryBackups)).toBe(backupsBefore + 1);
    await database.db.update(s.jobs).set({ status: "completed" }).where(eq(s.jobs.id, job.id));
    await restoreIndustryBackup(database, run.results.backupId!, admin);
    expect(await snapshot(database)).toEqual(pre.original);
  });
});
