/**
 * The monthly summary e-mail to owners (decision 0117), a durable job like the digests (decision 0062): one job per
 * month, queued by whichever app server first records the month in `owner_insight_runs` (its key decides, DESIGN
 * D13). The job walks the owners in id order from its saved place; each owner's e-mail is claimed by a row unique per
 * owner and month before it is sent, so a retried job or a second worker racing it sends nobody a second one (a
 * "sending" row left by a crash is never sent again).
 */
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { ownerInsightDeliveries, ownerInsightRuns } from "#db/schema/owner-insights.ts";
import { ownedListings } from "~/features/listing-owners/ownership.server.ts";
import { inTransactionOf } from "~/lib/atomic-limit.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { getEnv, publicUrl, type Env } from "~/lib/env.server.ts";
import { AppError } from "~/lib/errors.ts";
import { enqueueJob, type Job } from "~/lib/job-queue.server.ts";
import { JobInterrupted, throwIfInterrupted, type JobHandler } from "~/lib/job-worker.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { sendEmail } from "~/lib/mailer.server.ts";
import { lastEndedMonth, monthOfWeek } from "./insight-weeks.ts";
import { monthSummaryOf } from "./listing-insights.server.ts";
import { summaryEmail } from "./summary-email.ts";
import { summaryEmailsOn, summaryUnsubscribeToken } from "./summary-emails.server.ts";

export const OWNER_SUMMARY_JOB = "owner_insights_summary";

export interface SummaryOptions {
  env?: Env;
  now?: () => Date;
}

export type SummaryOutcome = "sent" | "stored" | "failed" | "skipped" | "already_done";

interface Owner {
  id: string;
  name: string;
  email: string;
}

/** Owners with a verified address (DESIGN D15), after `after` in id order, a page at a time. */
async function ownersAfter(database: Database, after: string, limit = 100): Promise<Owner[]> {
  return database.rows<Owner>(sql`
    SELECT u.id, u.name, u.email FROM users u
    WHERE u.email_verified AND u.disabled_at IS NULL AND u.id > ${after}
      AND EXISTS (SELECT 1 FROM listing_owners o WHERE o.user_id = u.id)
    ORDER BY u.id LIMIT ${limit}`);
}

/** One owner's summary of `month`, at most once whoever else runs it. */
export async function deliverOwnerSummary(
  database: Database,
  owner: Owner,
  month: string,
  options: SummaryOptions = {},
): Promise<SummaryOutcome> {
  const now = (options.now ?? (() => new Date()))();
  const listings = await ownedListings(database, owner.id);
  const wanted = listings.length > 0 && (await summaryEmailsOn(database, owner.id));
  const [claimed] = await database.db
    .insert(ownerInsightDeliveries)
    .values({ userId: owner.id, monthStart: month, status: wanted ? "sending" : "skipped" })
    .onConflictDoNothing()
    .returning({ id: ownerInsightDeliveries.id });
  if (!claimed) return "already_done";
  if (!wanted) return "skipped";
  const env = options.env ?? getEnv();
  const site = publicUrl(env);
  const unsubscribeUrl = `${site}/unsubscribe-summary/${await summaryUnsubscribeToken(database, owner.id, now)}`;
  const figures = await Promise.all(
    listings.map(async (l) => ({ id: l.id, name: l.name, ...(await monthSummaryOf(database, l.id, month)) })),
  );
  const { subject, body } = summaryEmail({ name: owner.name, month, listings: figures, site, unsubscribeUrl });
  const result = await sendEmail(
    database,
    {
      kind: "owner_insights_summary",
      to: [owner.email],
      subject,
      body,
      headers: {
        // RFC 8058: the mail client's one click is a POST to this address, no cookie, no sign-in.
        "List-Unsubscribe": `<${unsubscribeUrl}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        "List-Id": "Introbase listing summary <owner-insights.introbase>",
      },
    },
    env,
  );
  await database.db
    .update(ownerInsightDeliveries)
    .set({ status: result.status, outboxEmailId: result.id, sentAt: now })
    .where(and(eq(ownerInsightDeliveries.id, claimed.id), eq(ownerInsightDeliveries.status, "sending")));
  return result.status;
}

const Parameters = z.object({ monthStart: z.iso.date() });
const Cursor = z.object({ after: z.string(), outcomes: z.record(z.string(), z.number()) });

/**
 * Weekly counts older than any page or e-mail shows are deleted once a month, by the month's summary run (one server,
 * once): the page offers the twelve ended months, so weeks that began more than a year before the month summarised
 * (with a week's margin for a week that straddles a month's start) go. Without it the table would grow by a row per
 * listing shown in a search, each week, for ever. Returns how many rows went.
 */
async function pruneInsightCounts(database: Database, monthStart: string): Promise<number> {
  const start = new Date(`${monthStart}T00:00:00Z`);
  const cutoff = new Date(Date.UTC(start.getUTCFullYear() - 1, start.getUTCMonth(), 1) - 7 * 86_400_000).toISOString().slice(0, 10);
  // Counted in the database: a year-old month of a million listings is too many rows to bring back.
  const [row] = await database.rows<{ n: number }>(
    sql`WITH gone AS (DELETE FROM listing_insight_counts WHERE week_start < ${cutoff}::date RETURNING 1) SELECT count(*)::int AS n FROM gone`,
  );
  const rows = row?.n ?? 0;
  if (rows) logger.info({ rows, before: cutoff }, "old weekly insight counts deleted");
  return rows;
}

/** Runs one month's summaries for every owner, from where an earlier attempt stopped. */
export function ownerSummaryJobHandler(options: SummaryOptions = {}): JobHandler {
  return async ({ database, job, progress, signal }) => {
    const { monthStart } = Parameters.parse(job.parameters);
    const saved = Cursor.safeParse(job.processedOutput);
    if (!saved.success) await pruneInsightCounts(database, monthStart);
    let after = saved.success ? saved.data.after : "";
    const outcomes: Record<string, number> = saved.success ? saved.data.outcomes : {};
    for (;;) {
      const owners = await ownersAfter(database, after);
      if (!owners.length) break;
      for (const owner of owners) {
        throwIfInterrupted(signal);
        let outcome: SummaryOutcome | "error";
        try {
          outcome = await deliverOwnerSummary(database, owner, monthStart, options);
        } catch (error) {
          if (error instanceof JobInterrupted) throw error;
          logger.error({ err: error, owner: owner.id }, "owner summary failed for an owner");
          outcome = "error";
        }
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
        after = owner.id;
        const done = Object.values(outcomes).reduce((a, b) => a + b, 0);
        await progress({ done, total: done, message: `${done} owners`, processedOutput: { after, outcomes } });
      }
    }
    return { after, outcomes, monthStart };
  };
}

/** Queues a month's summaries unless some server already did (the run row and the job: one transaction). */
export async function scheduleOwnerSummary(database: Database, monthStart: string, createdBy: string | null = null): Promise<Job | null> {
  return database.db.transaction(async (tx) => {
    const [run] = await tx
      .insert(ownerInsightRuns)
      .values({ monthStart })
      .onConflictDoNothing()
      .returning({ month: ownerInsightRuns.monthStart });
    if (!run) return null;
    const job = await enqueueJob(inTransactionOf(database, tx), { jobType: OWNER_SUMMARY_JOB, parameters: { monthStart }, createdBy });
    await tx.update(ownerInsightRuns).set({ jobId: job.id }).where(eq(ownerInsightRuns.monthStart, monthStart));
    return job;
  });
}

/** The month that ended last, queued once (each app server calls this on its timer). */
export function scheduleDueOwnerSummary(database: Database, now: Date): Promise<Job | null> {
  return scheduleOwnerSummary(database, lastEndedMonth(now).from);
}

/**
 * An operator's "send now" (/admin/digests): the month the current week counts in, so far (a demo shows the views
 * just made, even in a month's last days, whose week ends in the next month). The scheduler then skips that month
 * when it ends; the runs table says so.
 */
export async function sendOwnerSummaryNow(database: Database, adminId: string, now = new Date()): Promise<string> {
  const job = await scheduleOwnerSummary(database, monthOfWeek(now), adminId);
  if (!job) throw new AppError("conflict", "This month's owner summaries were already sent or queued.");
  return job.id;
}

/** Recent months and what happened to their e-mails, for the operators' page. */
export async function listOwnerSummaryRuns(database: Database, limit = 6) {
  // `not_made`: owners whose summary failed before it became a delivery (the job's own count), so a run with such
  // failures never reads as a clean "completed".
  return database.rows<{ month: string; job_status: string | null; deliveries: Record<string, number> | null; not_made: number }>(sql`
    SELECT to_char(r.month_start, 'YYYY-MM-DD') AS month, j.status AS job_status,
      coalesce((j.processed_output -> 'outcomes' ->> 'error')::int, 0) AS not_made,
      (SELECT jsonb_object_agg(status, n) FROM (SELECT d.status, count(*)::int AS n FROM owner_insight_deliveries d
         WHERE d.month_start = r.month_start GROUP BY d.status) AS counts) AS deliveries
    FROM owner_insight_runs r LEFT JOIN jobs j ON j.id = r.job_id
    ORDER BY r.month_start DESC LIMIT ${limit}`);
}

const SCHEDULE_EVERY_MS = 15 * 60 * 1000;

/** Starts this process's monthly timer (server/app.ts); returns the function that stops it. */
export function startOwnerSummaryScheduler(database: Database, { now = () => new Date(), everyMs = SCHEDULE_EVERY_MS } = {}): () => void {
  const look = () =>
    scheduleDueOwnerSummary(database, now())
      .then((job) => job && logger.info({ job: job.id }, "owner summaries queued"))
      .catch((error: unknown) => logger.warn({ err: error }, "owner summary scheduling failed; trying again later"));
  void look();
  const timer = setInterval(() => void look(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
