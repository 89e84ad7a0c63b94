/**
 * What happens to an approved request the recipient does not answer (decision 0094): one reminder after
 * INTRO_REMINDER_AFTER_DAYS, and after INTRO_EXPIRE_AFTER_DAYS the request expires and the requester gets a polite note.
 * Both are counted from the approval (reviewed_at), when the recipient was asked.
 *
 * Safe on several app servers at once: each request is claimed by one conditional UPDATE over rows locked with
 * FOR UPDATE SKIP LOCKED (reminded_at still empty, status still awaiting_recipient), its audit entry in the same
 * transaction, and the e-mail is sent after the commit by the one run that claimed it. At most once: a process that
 * dies between the commit and the SMTP call loses that e-mail rather than risk sending it twice.
 */
import { and, asc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { jobs } from "#db/schema/jobs.ts";
import { introRequests } from "#db/schema/introductions.ts";
import { recordAudit } from "~/features/audit/audit-log.server.ts";
import { underLock } from "~/lib/atomic-limit.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { getEnv, type Env } from "~/lib/env.server.ts";
import { enqueueJob, type Job } from "~/lib/job-queue.server.ts";
import { throwIfInterrupted, type JobHandler } from "~/lib/job-worker.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { sendEmail } from "~/lib/mailer.server.ts";
import { expiredEmail, reminderEmail } from "./intro-emails.ts";
import { answerLinks, askedAt } from "./answer-links.server.ts";
import { ownersOf } from "./intro-preferences.server.ts";
import { unansweredQuestionEmail } from "./owner-emails.ts";
import { mailOwners } from "./owner-delivery.server.ts";

export const INTRO_FOLLOW_UP_JOB = "intro_follow_up";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Requests claimed per transaction: short locks, and a run on another server takes the next batch meanwhile. */
const BATCH = 50;

type IntroRow = typeof introRequests.$inferSelect;

/**
 * When the recipient was last asked: the approval, or the requester's answer to an owner's question, which puts the
 * request to the owners again (decision 0116). Reminder and expiry count from here.
 */
const askedAtColumn = sql`coalesce(${introRequests.requesterAnsweredAt}, ${introRequests.reviewedAt})`;
const askedBefore = (moment: Date) => sql`${askedAtColumn} <= ${moment.toISOString()}::timestamptz`;
const questionAskedBefore = (moment: Date) => sql`${introRequests.questionAskedAt} <= ${moment.toISOString()}::timestamptz`;
const askedAfter = (moment: Date) => sql`${askedAtColumn} > ${moment.toISOString()}::timestamptz`;
/** Someone to remind: the listing's contact address, or a claimed listing's owners. */
const remindable = or(isNotNull(introRequests.recipientEmail), eq(introRequests.deliveredToOwners, true))!;

/** Requests asked before `expireBefore` expire at `now`; those asked before `remindBefore` are due their reminder. */
function deadlines(now: Date, env: Env): { expireBefore: Date; remindBefore: Date } {
  return {
    expireBefore: new Date(now.getTime() - env.INTRO_EXPIRE_AFTER_DAYS * DAY_MS),
    remindBefore: new Date(now.getTime() - env.INTRO_REMINDER_AFTER_DAYS * DAY_MS),
  };
}

export interface FollowUpOutcome {
  /** Ids of the requests this run reminded and expired. */
  reminded: string[];
  expired: string[];
}

/**
 * One pass at `now`: expires what waited too long (first, so a request past its expiry is not reminded as well), then
 * reminds what waited long enough. `signal` stops it between batches (a shutdown); what is left is done by the next run.
 */
export async function runIntroFollowUps(
  database: Database,
  { now = new Date(), env = getEnv(), signal }: { now?: Date; env?: Env; signal?: AbortSignal } = {},
): Promise<FollowUpOutcome> {
  const { expireBefore, remindBefore } = deadlines(now, env);
  const outcome: FollowUpOutcome = { reminded: [], expired: [] };

  for (;;) {
    if (signal) throwIfInterrupted(signal);
    const batch = await claim(database, "expired", now, askedBefore(expireBefore));
    for (const request of batch) {
      await deliver(request.id, "expired", () => sendEmail(database, expiredEmail(request), env));
      outcome.expired.push(request.id);
    }
    if (batch.length < BATCH) break;
  }
  // A claimed listing's question the requester left unanswered for as long (decision 0116): the request closes too.
  for (;;) {
    if (signal) throwIfInterrupted(signal);
    const batch = await claim(database, "expired", now, questionAskedBefore(expireBefore), "awaiting_requester");
    for (const request of batch) {
      await deliver(request.id, "expired", () => sendEmail(database, unansweredQuestionEmail(request), env));
      outcome.expired.push(request.id);
    }
    if (batch.length < BATCH) break;
  }
  for (;;) {
    if (signal) throwIfInterrupted(signal);
    const due = and(isNull(introRequests.remindedAt), remindable, askedBefore(remindBefore), askedAfter(expireBefore));
    const batch = await claim(database, "reminded", now, due!);
    for (const request of batch) {
      await deliver(request.id, "reminded", async () => {
        if (request.deliveredToOwners) return mailOwners(database, "reminder", request, await ownersOf(database, request.listingId), env);
        const { expiresOn, ...links } = await answerLinks(database, request.id, askedAt(request), env);
        await sendEmail(database, reminderEmail({ ...request, recipientEmail: request.recipientEmail! }, links, expiresOn), env);
      });
      outcome.reminded.push(request.id);
    }
    if (batch.length < BATCH) break;
  }
  return outcome;
}

/**
 * One claimed request's e-mail. A message the mailer refuses to compose (an imported contact address it cannot accept)
 * is logged and skipped: the other claimed requests of the batch still get theirs, and the claim stands (at most once).
 */
async function deliver(requestId: string, action: "reminded" | "expired", send: () => Promise<unknown>): Promise<void> {
  try {
    await send();
  } catch (error) {
    logger.error({ err: error, request: requestId, action }, "introduction follow-up e-mail could not be composed");
  }
}

/**
 * Claims up to BATCH waiting requests matching `due` for one follow-up, in one transaction: rows another run holds are
 * skipped, and the UPDATE checks the status again, so a recipient answering at this moment wins or loses cleanly.
 */
async function claim(
  database: Database,
  action: "reminded" | "expired",
  now: Date,
  due: SQL,
  status: "awaiting_recipient" | "awaiting_requester" = "awaiting_recipient",
): Promise<IntroRow[]> {
  const waiting = eq(introRequests.status, status);
  return database.db.transaction(async (tx) => {
    const ids = tx
      .select({ id: introRequests.id })
      .from(introRequests)
      .where(and(waiting, due))
      .orderBy(asc(introRequests.reviewedAt))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    const rows = await tx
      .update(introRequests)
      .set(action === "expired" ? { status: "expired", expiredAt: now } : { remindedAt: now })
      .where(and(inArray(introRequests.id, ids), waiting, due))
      .returning();
    await recordAudit(
      tx,
      rows.map((row) => ({
        operation: "intro_request" as const,
        source: "system",
        action,
        companyName: row.recipientName,
        recordId: row.id,
      })),
    );
    return rows;
  });
}

/** The follow-ups as a job on the queue (decision 0018): the clock and settings are injected for tests. */
export function introFollowUpJobHandler({ now = () => new Date(), env = getEnv }: { now?: () => Date; env?: () => Env } = {}): JobHandler {
  return async ({ database, signal }) => {
    const outcome = await runIntroFollowUps(database, { now: now(), env: env(), signal });
    return { reminded: outcome.reminded.length, expired: outcome.expired.length };
  };
}

/** Whether any request waits for a follow-up at `now`: an unanswered request past its expiry or due its one reminder. */
function followUpDue(now: Date, env: Env): SQL {
  const { expireBefore, remindBefore } = deadlines(now, env);
  return or(
    and(
      eq(introRequests.status, "awaiting_recipient"),
      or(askedBefore(expireBefore), and(isNull(introRequests.remindedAt), remindable, askedBefore(remindBefore))),
    ),
    and(eq(introRequests.status, "awaiting_requester"), questionAskedBefore(expireBefore)),
  )!;
}

/**
 * Queues a follow-up run when something is due and no run is queued or running already. Under an advisory lock, so app
 * servers looking at the same moment queue one job between them (DESIGN D13); nothing due, no job (the queue and the
 * dashboard's job counts are not filled with empty runs). Returns the job, or null when none was queued.
 */
export async function scheduleIntroFollowUps(
  database: Database,
  { now = new Date(), env = getEnv() }: { now?: Date; env?: Env } = {},
): Promise<Job | null> {
  return underLock(database, `jobs:${INTRO_FOLLOW_UP_JOB}:schedule`, async (tx) => {
    const [pending] = await tx.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.jobType, INTRO_FOLLOW_UP_JOB), inArray(jobs.status, ["queued", "running"])))
      .limit(1);
    if (pending) return null;
    const [due] = await tx.db.select({ id: introRequests.id }).from(introRequests).where(followUpDue(now, env)).limit(1);
    if (!due) return null;
    return enqueueJob(tx, { jobType: INTRO_FOLLOW_UP_JOB, parameters: {}, createdBy: null });
  });
}

/** How often each app server queues a run: reminders and expiries go out within this of falling due. */
const SCHEDULE_EVERY_MS = 15 * 60 * 1000;

/** Starts this process's follow-up timer (server/app.ts); returns the function that stops it. */
export function startIntroFollowUpScheduler(database: Database, { now = () => new Date(), everyMs = SCHEDULE_EVERY_MS } = {}): () => void {
  const look = () =>
    scheduleIntroFollowUps(database, { now: now() })
      .then((job) => job && logger.debug({ job: job.id }, "introduction follow-ups queued"))
      .catch((error: unknown) => logger.warn({ err: error }, "introduction follow-up scheduling failed; trying again later"));
  void look();
  const timer = setInterval(() => void look(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
