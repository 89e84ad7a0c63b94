/**
 * Durable jobs (DESIGN D10): rows in `jobs`, claimed by a worker with FOR UPDATE SKIP LOCKED so that several
 * server processes can share one queue without taking the same job twice. A running job says it is alive
 * (heartbeat) six times per lease (JOB_STALE_AFTER_MS); one whose heartbeat stopped for a whole lease was left by a
 * crashed or killed worker and is queued again for any process, or failed with its reason once it has been tried
 * MAX_ATTEMPTS times.
 */
import { and, eq, sql } from "drizzle-orm";
import { jobs } from "#db/schema/jobs.ts";
import { announceChange } from "./change-feed.server.ts";
import { textArray, type Database } from "./db.server.ts";
import { execRows } from "./db.server.ts";
import { getEnv } from "./env.server.ts";

export type Job = typeof jobs.$inferSelect;
export type JobStatus = Job["status"];

/**
 * The job lease: a heartbeat older than `staleAfterMs` means the worker is gone (six missed beats: a busy event loop is
 * not a dead one), and every worker looks for such jobs twice per lease, so a killed server's job resumes elsewhere
 * within about one and a half leases. A site picks the lease with JOB_STALE_AFTER_MS (default 30 s).
 */
export function jobLease(staleAfterMs = getEnv().JOB_STALE_AFTER_MS): {
  staleAfterMs: number;
  heartbeatMs: number;
  recoverEveryMs: number;
} {
  return { staleAfterMs, heartbeatMs: Math.floor(staleAfterMs / 6), recoverEveryMs: Math.floor(staleAfterMs / 2) };
}
export const MAX_ATTEMPTS = 3;

/**
 * Queues a job and wakes the workers of every app server (decision 0049). Given a transaction (`inTransactionOf`), the
 * wake-up is sent when it commits, so no worker looks before the job is there.
 */
export async function enqueueJob(
  database: Database,
  input: { jobType: string; parameters: Record<string, unknown>; createdBy: string | null; targetCompany?: string | null },
): Promise<Job> {
  const [job] = await database.db
    .insert(jobs)
    .values({
      jobType: input.jobType,
      parameters: input.parameters,
      createdBy: input.createdBy,
      targetCompany: input.targetCompany ?? null,
    })
    .returning();
  await announceChange(database, "jobs");
  return job!;
}

export async function getJob({ db }: Database, id: string): Promise<Job | null> {
  const [job] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  return job ?? null;
}

/** The oldest queued job of the given types, marked running for this worker; null when there is none. */
export async function claimNextJob(database: Database, workerId: string, jobTypes: readonly string[]): Promise<Job | null> {
  if (!jobTypes.length) return null;
  const [row] = await database.rows<{ id: string }>(sql`
    UPDATE jobs SET status = 'running', locked_by = ${workerId}, heartbeat_at = now(), attempts = attempts + 1,
      started_at = coalesce(started_at, now())
    WHERE id = (
      SELECT id FROM jobs WHERE status = 'queued' AND job_type = ANY(${textArray(jobTypes)})
      ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED
    )
    RETURNING id`);
  return row ? getJob(database, row.id) : null;
}

export interface JobProgress {
  done: number;
  total: number;
  message?: string | null;
  companiesProcessed?: number;
  newRecordsAdded?: number;
  updatedRecords?: number;
  apiCallsMade?: number;
  cost?: number;
  /** Where a resumed run starts again (the handler's own cursor), kept with the partial output. */
  processedOutput?: unknown;
}

/**
 * Progress, counters and partial output, written only while this worker still holds the job: a worker that
 * lost it (declared dead and requeued while it was merely slow) learns so here and stops.
 */
export async function reportProgress(database: Database, id: string, workerId: string, progress: JobProgress): Promise<boolean> {
  const updated = await database.db
    .update(jobs)
    .set({
      progressDone: progress.done,
      progressTotal: progress.total,
      progressMessage: progress.message ?? null,
      heartbeatAt: new Date(),
      ...(progress.companiesProcessed !== undefined && { companiesProcessed: progress.companiesProcessed }),
      ...(progress.newRecordsAdded !== undefined && { newRecordsAdded: progress.newRecordsAdded }),
      ...(progress.updatedRecords !== undefined && { updatedRecords: progress.updatedRecords }),
      ...(progress.apiCallsMade !== undefined && { apiCallsMade: progress.apiCallsMade }),
      ...(progress.cost !== undefined && { cost: progress.cost }),
      ...(progress.processedOutput !== undefined && { processedOutput: progress.processedOutput }),
    })
    .where(and(eq(jobs.id, id), eq(jobs.status, "running"), eq(jobs.lockedBy, workerId)))
    .returning({ id: jobs.id });
  return updated.length > 0;
}

export async function heartbeat(database: Database, id: string, workerId: string): Promise<boolean> {
  const updated = await database.db
    .update(jobs)
    .set({ heartbeatAt: new Date() })
    .where(and(eq(jobs.id, id), eq(jobs.status, "running"), eq(jobs.lockedBy, workerId)))
    .returning({ id: jobs.id });
  return updated.length > 0;
}

/** Appends to the job's error log (per-item errors: the loop goes on, spec 02 §8). */
export async function logJobError(database: Database, id: string, message: string): Promise<void> {
  await database.db
    .update(jobs)
    .set({ errorLog: sql`array_append(${jobs.errorLog}, ${message.slice(0, 2000)})` })
    .where(eq(jobs.id, id));
}

export async function finishJob(
  database: Database,
  id: string,
  workerId: string,
  outcome: { status: "completed"; processedOutput?: unknown } | { status: "failed"; error: string },
): Promise<void> {
  await database.db
    .update(jobs)
    .set({
      status: outcome.status,
      completedAt: new Date(),
      lockedBy: null,
      ...(outcome.status === "completed"
        ? {
            processedOutput: outcome.processedOutput ?? null,
            // Never a plain "Completed." over records the job logged as failed (issue 32; job-view.ts says the same).
            progressMessage: sql`CASE cardinality(${jobs.errorLog}) WHEN 0 THEN 'Completed.' WHEN 1 THEN 'Completed with 1 error.'
              ELSE 'Completed with ' || cardinality(${jobs.errorLog}) || ' errors.' END`,
          }
        : { errorLog: sql`array_append(${jobs.errorLog}, ${outcome.error.slice(0, 2000)})`, progressMessage: outcome.error.slice(0, 300) }),
    })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, workerId)));
}

/** A job this worker put down on a clean shutdown: queued again at once, the attempt not counted against it. */
export async function releaseJob(database: Database, id: string, workerId: string): Promise<void> {
  const released = await database.db
    .update(jobs)
    .set({ status: "queued", lockedBy: null, attempts: sql`greatest(${jobs.attempts} - 1, 0)`, progressMessage: "Waiting to resume." })
    .where(and(eq(jobs.id, id), eq(jobs.status, "running"), eq(jobs.lockedBy, workerId)))
    .returning({ id: jobs.id });
  // Another app server's worker may take it up at once.
  if (released.length > 0) await announceChange(database, "jobs");
}

/**
 * Every job this worker still holds, handed back on shutdown (decision 0052): queued again at once, so another process
 * takes it now rather than after its heartbeat goes stale, the attempt not counted against it. For a handler that
 * did not reach a saved point in time: it resumes from the last cursor it saved. Returns the jobs' ids.
 */
export async function releaseWorkerJobs(database: Database, workerId: string): Promise<string[]> {
  const rows = await database.db
    .update(jobs)
    .set({ status: "queued", lockedBy: null, attempts: sql`greatest(${jobs.attempts} - 1, 0)`, progressMessage: "Waiting to resume." })
    .where(and(eq(jobs.status, "running"), eq(jobs.lockedBy, workerId)))
    .returning({ id: jobs.id });
  // Another process's worker takes them now, not at its next poll.
  if (rows.length > 0) await announceChange(database, "jobs");
  return rows.map((row) => row.id);
}

/**
 * Jobs whose worker stopped beating (a crash, a restart, a killed process): queued again to resume from their
 * saved cursor, or failed with the reason once they have used their attempts. Returns what it did.
 */
export async function recoverStaleJobs(
  database: Database,
  now = new Date(),
  staleAfterMs = jobLease().staleAfterMs,
): Promise<{ requeued: string[]; failed: string[] }> {
  const staleBefore = new Date(now.getTime() - staleAfterMs).toISOString();
  const rows = await execRows<{ id: string; status: JobStatus }>(
    database.db,
    sql`UPDATE jobs SET
          status = CASE WHEN attempts >= ${MAX_ATTEMPTS} THEN 'failed' ELSE 'queued' END,
          locked_by = NULL,
          completed_at = CASE WHEN attempts >= ${MAX_ATTEMPTS} THEN now() ELSE NULL END,
          error_log = array_append(error_log, CASE WHEN attempts >= ${MAX_ATTEMPTS}
            THEN 'Interrupted ' || attempts || ' times (server restart or crash); not retried again.'
            ELSE 'Interrupted (server restart or crash); resumed from the last saved point.' END),
          progress_message = CASE WHEN attempts >= ${MAX_ATTEMPTS} THEN 'Failed: interrupted too many times.' ELSE 'Waiting to resume.' END
        WHERE status = 'running' AND (heartbeat_at IS NULL OR heartbeat_at < ${staleBefore}::timestamptz)
        RETURNING id, status`,
  );
  const requeued = rows.filter((r) => r.status === "queued").map((r) => r.id);
  if (requeued.length > 0) await announceChange(database, "jobs");
  return { requeued, failed: rows.filter((r) => r.status === "failed").map((r) => r.id) };
}
