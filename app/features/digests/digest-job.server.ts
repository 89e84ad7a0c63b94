/**
 * The digest as a durable job (decision 0062): one job per cadence and period, queued by whichever app server first
 * records the period in `digest_runs` (its primary key decides: PostgreSQL, not a timer, picks the one server, DESIGN
 * D13). The job walks the cadence's audience (digest-audience.server.ts: alerts of that cadence, or follows) in id
 * order, saving its place after each, and hands each to deliverDigest, which never sends a member's digest twice.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { digestRuns } from "#db/schema/saved-searches.ts";
import { DIGEST_CADENCES, type DigestCadence } from "#db/values/saved-searches.ts";
import { inTransactionOf } from "~/lib/atomic-limit.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { enqueueJob, type Job } from "~/lib/job-queue.server.ts";
import { JobInterrupted, throwIfInterrupted, type JobHandler } from "~/lib/job-worker.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { audience, audienceSize } from "./digest-audience.server.ts";
import { deliverDigest, type DeliveryOutcome, type DigestOptions } from "./deliver-digest.server.ts";
import { lastEndedPeriod, periodContaining } from "./digest-periods.ts";
import type { DigestPeriod } from "./digest-section.ts";

export const DIGEST_JOB = "saved_search_digest";

const Parameters = z.object({ cadence: z.enum(DIGEST_CADENCES), periodStart: z.iso.datetime() });
const Cursor = z.object({ after: z.string(), outcomes: z.record(z.string(), z.number()) });

/** Runs one period's digest for every member in the audience, from where an earlier attempt stopped. */
export function digestJobHandler(options: DigestOptions = {}): JobHandler {
  return async ({ database, job, progress, signal }) => {
    const { cadence, periodStart } = Parameters.parse(job.parameters);
    const period = periodContaining(cadence, new Date(periodStart));
    const saved = Cursor.safeParse(job.processedOutput);
    let after = saved.success ? saved.data.after : "";
    const outcomes: Record<string, number> = saved.success ? saved.data.outcomes : {};
    const total = await audienceSize(database, cadence);
    let done = Object.values(outcomes).reduce((a, b) => a + b, 0);
    for (;;) {
      const members = await audience(database, cadence, after);
      if (!members.length) break;
      for (const member of members) {
        throwIfInterrupted(signal);
        let outcome: DeliveryOutcome;
        try {
          outcome = await deliverDigest(database, member, cadence, period, options);
        } catch (error) {
          // Stopping (a shutdown, the job taken over) is not a member's failure: the run resumes from its cursor.
          if (error instanceof JobInterrupted) throw error;
          // One member's failure (a broken saved search, a provider's fault) does not stop everyone else's digest.
          logger.error({ err: error, member: member.id, cadence }, "digest failed for a member");
          outcome = "failed";
        }
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
        after = member.id;
        done++;
        await progress({
          done,
          total: Math.max(total, done),
          message: `${done} of ${total} members`,
          processedOutput: { after, outcomes },
        });
      }
    }
    return { after, outcomes, period: { from: period.from.toISOString(), to: period.to.toISOString() } };
  };
}

/**
 * Queues the digest of a period unless some server already did (the insert into digest_runs and the job are one
 * transaction: both or neither). Returns the job, or null when the period was already queued.
 */
export async function scheduleDigest(
  database: Database,
  cadence: DigestCadence,
  period: DigestPeriod,
  createdBy: string | null = null,
): Promise<Job | null> {
  return database.db.transaction(async (tx) => {
    const [run] = await tx
      .insert(digestRuns)
      .values({ cadence, periodStart: period.from })
      .onConflictDoNothing()
      .returning({ cadence: digestRuns.cadence });
    if (!run) return null;
    const job = await enqueueJob(inTransactionOf(database, tx), {
      jobType: DIGEST_JOB,
      parameters: { cadence, periodStart: period.from.toISOString() },
      createdBy,
    });
    await tx.execute(
      sql`UPDATE digest_runs SET job_id = ${job.id} WHERE cadence = ${cadence} AND period_start = ${period.from.toISOString()}::timestamptz`,
    );
    return job;
  });
}

/** The periods that have ended by `now` and were not queued yet, queued (each app server calls this on its timer). */
export async function scheduleDueDigests(database: Database, now: Date): Promise<Job[]> {
  const jobs: Job[] = [];
  for (const cadence of DIGEST_CADENCES) {
    const job = await scheduleDigest(database, cadence, lastEndedPeriod(cadence, now));
    if (job) jobs.push(job);
  }
  return jobs;
}

/** How often each app server looks for a period to queue: a digest goes out within this of midnight UTC. */
const SCHEDULE_EVERY_MS = 5 * 60 * 1000;

/** Starts this process's digest timer (server/app.ts); returns the function that stops it. */
export function startDigestScheduler(database: Database, { now = () => new Date(), everyMs = SCHEDULE_EVERY_MS } = {}): () => void {
  const look = () =>
    scheduleDueDigests(database, now())
      .then((jobs) => jobs.length && logger.info({ jobs: jobs.map((j) => j.id) }, "digests queued"))
      .catch((error: unknown) => logger.warn({ err: error }, "digest scheduling failed; trying again later"));
  void look();
  const timer = setInterval(() => void look(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
