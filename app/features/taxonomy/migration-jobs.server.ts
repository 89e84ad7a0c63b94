/** The industries migration's jobs: starting one, the one under way, and how the screen reads one. */
import { and, desc, eq, inArray } from "drizzle-orm";
import { jobs } from "#db/schema/jobs.ts";
import { withinLimit } from "~/lib/atomic-limit.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import { enqueueJob, getJob, type Job } from "~/lib/job-queue.server.ts";
import { jobView } from "~/lib/job-view.ts";
import type { MigrationJobView, MigrationRun } from "./migration-run.ts";

export const INDUSTRIES_MIGRATION_JOB = "industries_migration";

export const MIGRATION_ALREADY_RUNNING = "A migration is already running: wait for it to finish.";

/** The queued or running migration, if any: only one may change the taxonomy at a time. */
export async function findActiveMigration({ db }: Database): Promise<Job | null> {
  const [job] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.jobType, INDUSTRIES_MIGRATION_JOB), inArray(jobs.status, ["queued", "running"])))
    .orderBy(desc(jobs.createdAt))
    .limit(1);
  return job ?? null;
}

/**
 * Queues a migration; refused (409, with the running job) while another is queued or running. Checked and queued
 * under one lock (decision 0034): two admins starting at once queued two migrations of one taxonomy.
 */
export async function startIndustriesMigration(database: Database, admin: { id: string }): Promise<Job> {
  let active: Job | null = null;
  const outcome = await withinLimit(database, {
    key: INDUSTRIES_MIGRATION_JOB,
    limit: 1,
    used: async (tx) => ((active = await findActiveMigration(tx)) ? 1 : 0),
    use: (tx) => enqueueJob(tx, { jobType: INDUSTRIES_MIGRATION_JOB, parameters: {}, createdBy: admin.id }),
  });
  if (!outcome.allowed) throw new AppError("conflict", MIGRATION_ALREADY_RUNNING, { details: { job: (active as Job | null)?.id } });
  return outcome.value;
}

function migrationJobView(job: Job): MigrationJobView {
  // The job's output is the run itself: sent once, as `run`.
  return { job: { ...jobView(job), output: null }, run: (job.processedOutput as MigrationRun | null) ?? null };
}

export async function getMigrationJob(database: Database, id: string): Promise<MigrationJobView | null> {
  const job = await getJob(database, id);
  return job && job.jobType === INDUSTRIES_MIGRATION_JOB ? migrationJobView(job) : null;
}

export async function latestMigrationJob({ db }: Database): Promise<MigrationJobView | null> {
  const [job] = await db.select().from(jobs).where(eq(jobs.jobType, INDUSTRIES_MIGRATION_JOB)).orderBy(desc(jobs.createdAt)).limit(1);
  return job ? migrationJobView(job) : null;
}
