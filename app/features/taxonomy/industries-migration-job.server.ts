/**
 * The industries migration as a job (issue 6 §2, spec 02 §4, §8; DESIGN D10): backup, populate, validate, in
 * order. A failed backup stops the run; populate errors are listed and the run goes on to validate; the result is a
 * success only when all three steps succeed. The run (steps, log, results, cursor) is saved with every batch, so
 * the screen follows it live and a restarted server resumes after the last finished batch.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server.ts";
import { JobInterrupted, throwIfInterrupted, type JobContext } from "~/lib/job-worker.server.ts";
import { recordAudit } from "../audit/audit-log.server.ts";
import { announceTaxonomyChange, createIndustryBackup } from "./industries-backup.server.ts";
import {
  countOldRecords,
  migrateOldRecords,
  nextOldBatch,
  OLD_RECORDS_PER_BATCH,
  writePrimaryRecords,
} from "./industries-populate.server.ts";
import {
  addLog,
  finishRun,
  MIGRATION_ISSUES,
  MIGRATION_SUCCESS,
  newRun,
  validateIndustries,
  type IndustryRow,
  type MigrationRun,
} from "./migration-run.ts";
import { PRIMARY_CATEGORIES } from "./taxonomy.ts";
import { plural } from "~/lib/wording.ts";

export { INDUSTRIES_MIGRATION_JOB } from "./migration-jobs.server.ts";

/** The database's own words: the query wrapper's message repeats the SQL and its parameters, its cause says why. */
function message(error: unknown): string {
  let deepest = error;
  while (deepest instanceof Error && deepest.cause instanceof Error) deepest = deepest.cause;
  return deepest instanceof Error ? deepest.message : String(deepest);
}

/** Step 3: what the database holds now, checked against the taxonomy. */
async function validateMigration(database: Database) {
  const rows = await database.rows<{
    id: number;
    name: string;
    primary_category: string | null;
    secondary_category: string | null;
    industry_key: string | null;
    leads_on_trees_source: boolean;
  }>(sql`SELECT id, name, primary_category, secondary_category, industry_key, leads_on_trees_source FROM industries ORDER BY id`);
  const [dangling] = await database.rows<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM listings
    WHERE NOT (industry_ids <@ (SELECT coalesce(array_agg(id), '{}'::int[]) FROM industries))`);
  const industries: IndustryRow[] = rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    primaryCategory: r.primary_category,
    secondaryCategory: r.secondary_category,
    industryKey: r.industry_key,
    leadsOnTreesSource: r.leads_on_trees_source,
  }));
  const danglingListings = Number(dangling?.n ?? 0);
  return { ...validateIndustries(industries, danglingListings), danglingListings };
}

async function backupStep(context: JobContext, run: MigrationRun, save: () => Promise<void>): Promise<boolean> {
  run.steps.backup = "running";
  addLog(run, "Creating a backup of the existing industry records…");
  await save();
  try {
    const backup = await createIndustryBackup(context.database.db, context.job.createdBy);
    run.cursor.backupId = backup.id;
    run.cursor.backupAt = backup.createdAt.toISOString();
    run.results.backupId = backup.id;
    run.results.backupCount = backup.industries;
    run.steps.backup = "completed";
    addLog(
      run,
      `Backup created: ${plural(backup.industries, "industry record")} and the industries of ${plural(backup.listings, "listing")}.`,
      "success",
    );
    return true;
  } catch (error) {
    // Spec 02 §8: a backup failure logs the error and stops the run.
    run.steps.backup = "error";
    run.results.error = `Backup failed: ${message(error)}`;
    addLog(run, run.results.error, "error");
    return false;
  }
}

async function populateStep(context: JobContext, run: MigrationRun, save: () => Promise<void>): Promise<void> {
  const { database, signal } = context;
  run.steps.populate = "running";
  const backupAt = new Date(run.cursor.backupAt!);
  if (run.cursor.afterOldId === 0 && run.cursor.primaryIndex === 0) {
    const old = await countOldRecords(database);
    run.cursor.oldBatches = Math.ceil(old / OLD_RECORDS_PER_BATCH);
    addLog(
      run,
      `Populating LeadsOnTrees categories: ${old} existing records to map, ${PRIMARY_CATEGORIES.length} primary categories to write.`,
    );
  }
  await save();
  for (
    let ids = await nextOldBatch(database, run.cursor.afterOldId);
    ids.length;
    ids = await nextOldBatch(database, run.cursor.afterOldId)
  ) {
    throwIfInterrupted(signal);
    try {
      const batch = await migrateOldRecords(database, ids, backupAt);
      run.results.recordsUpdated += batch.updated;
      run.results.recordsMerged += batch.merged;
      for (const m of batch.mappings) addLog(run, `${m.from} → ${m.to} (${m.confidence}${m.merged ? ", merged" : ""})`);
    } catch (error) {
      const text = `Mapping existing records ${ids[0]}–${ids.at(-1)}: ${message(error)}`;
      run.results.errors.push(text);
      addLog(run, text, "error");
    }
    run.cursor.afterOldId = ids.at(-1)!;
    run.cursor.oldBatchesDone += 1;
    await save();
  }
  while (run.cursor.primaryIndex < PRIMARY_CATEGORIES.length) {
    throwIfInterrupted(signal);
    const primary = PRIMARY_CATEGORIES[run.cursor.primaryIndex]!;
    try {
      const { created, updated } = await writePrimaryRecords(database, primary);
      run.results.recordsCreated += created;
      run.results.recordsUpdated += updated;
      addLog(run, `${primary}: ${created} created, ${updated} updated.`);
    } catch (error) {
      const text = `${primary}: ${message(error)}`;
      run.results.errors.push(text);
      addLog(run, text, "error");
    }
    run.cursor.primaryIndex += 1;
    await save();
  }
  const r = run.results;
  run.steps.populate = r.errors.length ? "error" : "completed";
  addLog(
    run,
    `Populate finished: ${r.recordsCreated} created, ${r.recordsUpdated} updated, ${r.recordsMerged} merged, ${plural(r.errors.length, "error")}.`,
    r.errors.length ? "error" : "success",
  );
}

async function validateStep(context: JobContext, run: MigrationRun, save: () => Promise<void>): Promise<void> {
  run.steps.validate = "running";
  addLog(run, "Validating the migration…");
  await save();
  const found = await validateMigration(context.database);
  Object.assign(run.results, {
    leadsOnTreesRecords: found.leadsOnTreesRecords,
    primaryCategories: found.primaryCategories,
    missingCategories: found.missingCategories,
    missingRecords: found.missingRecords,
    duplicates: found.duplicates,
    totalRecords: found.totalRecords,
    unmigratedRecords: found.unmigratedRecords,
    danglingListings: found.danglingListings,
    validated: true,
  });
  run.steps.validate = found.ok ? "completed" : "error";
  addLog(
    run,
    `Validation: ${plural(found.totalRecords, "record")}, ${found.primaryCategories} of ${PRIMARY_CATEGORIES.length} categories found.`,
  );
  if (found.missingCategories.length) addLog(run, `Missing categories: ${found.missingCategories.join(", ")}`, "error");
  if (found.missingRecords.length) addLog(run, `Missing records: ${found.missingRecords.join(", ")}`, "error");
  if (found.duplicates.length) addLog(run, `Duplicates: ${found.duplicates.join("; ")}`, "error");
  if (found.unmigratedRecords)
    addLog(run, `${plural(found.unmigratedRecords, "record")} still ${found.unmigratedRecords === 1 ? "has" : "have"} no key.`, "error");
  if (found.danglingListings)
    addLog(
      run,
      `${plural(found.danglingListings, "listing")} ${found.danglingListings === 1 ? "points" : "point"} at industries that do not exist.`,
      "error",
    );
  if (found.ok) addLog(run, "Validation passed.", "success");
}

export async function runIndustriesMigrationJob(context: JobContext): Promise<MigrationRun> {
  const { database, job } = context;
  const run = (job.processedOutput as MigrationRun | null) ?? newRun();
  // Steps of work: the backup, each batch of old records, each primary category, the validation.
  const total = () => 2 + Math.max(run.cursor.oldBatches, run.cursor.oldBatchesDone) + PRIMARY_CATEGORIES.length;
  const done = () =>
    (run.steps.backup === "completed" ? 1 : 0) + run.cursor.oldBatchesDone + run.cursor.primaryIndex + (run.results.validated ? 1 : 0);
  const save = async () => {
    await context.progress({
      done: Math.min(done(), total()),
      total: total(),
      message: run.log.at(-1)?.message ?? "Starting the migration…",
      newRecordsAdded: run.results.recordsCreated,
      updatedRecords: run.results.recordsUpdated,
      processedOutput: run,
    });
  };
  if (!run.log.length) addLog(run, "Starting the industries migration.");
  else addLog(run, "Resuming the migration after an interruption.");
  try {
    if (!run.cursor.backupId && !(await backupStep(context, run, save))) {
      finishRun(run);
      await save();
      return run;
    }
    await populateStep(context, run, save);
    await validateStep(context, run, save);
    finishRun(run);
    addLog(run, run.results.success ? MIGRATION_SUCCESS : MIGRATION_ISSUES, run.results.success ? "success" : "error");
    await recordAudit(database.db, {
      operation: "industries_migration",
      source: "admin",
      action: "migrated",
      companyName: "Industries migration",
      recordId: `industry_backups:${run.cursor.backupId}`,
      actorId: job.createdBy,
      details: { table: "industries", job: job.id, results: run.results },
    });
    await save();
    return run;
  } catch (error) {
    if (error instanceof JobInterrupted) throw error;
    // Spec 02 §8: a thrown failure logs 'Migration failed' and marks populate as error.
    run.steps.populate = "error";
    if (run.steps.validate === "running") run.steps.validate = "error";
    run.results.error = `Migration failed: ${message(error)}`;
    addLog(run, run.results.error, "error");
    finishRun(run);
    await save().catch(() => {});
    throw error;
  } finally {
    // Whatever the run did is announced; should the database be gone, this process's caches are dropped all the same
    // and the run's own outcome (an interruption to resume, a failure) is what the worker must hear, not this one.
    await announceTaxonomyChange(database).catch(() => {});
  }
}
