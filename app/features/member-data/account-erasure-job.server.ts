/**
 * The account erasure job (DESIGN D18, decision 0077): after "Delete my account" (delete-account.server.ts) it removes
 * or anonymises everything the database holds about the member, step by step, sends the one confirmation to their
 * address and deletes the erasure's row. A job survives restarts and runs on any server (DESIGN D10); each step is
 * idempotent and the cursor saved after each, so a resumed job goes on where it stopped. A job that fails, or that
 * waits for another job still holding the member's id, leaves the erasure's row: the sweep queues it again, so an
 * erasure ends within minutes normally and never lingers toward the privacy policy's 30 days unnoticed (it logs).
 */
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { accountErasures } from "#db/schema/account-erasures.ts";
import { endPaymentsAtProvider, forgetPaymentIds } from "~/features/billing/erase-member-payments.server.ts";
import { endPlansOfTeamsLeftEmpty } from "~/features/billing/team-erasure.server.ts";
import type { PaymentGateway } from "~/features/billing/payment-gateway.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { enqueueJob } from "~/lib/job-queue.server.ts";
import { throwIfInterrupted, type JobHandler } from "~/lib/job-worker.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { sendEmail } from "~/lib/mailer.server.ts";
import { ACCOUNT_ERASURE_JOB } from "./delete-account.server.ts";
import {
  eraseApplications,
  eraseDuplicateReports,
  eraseIntroRequestsReceived,
  eraseIntroRequestsSent,
  eraseListingContacts,
  type Erasure,
} from "./erase-member-records.server.ts";
import {
  eraseAuditMentions,
  eraseJobMentions,
  eraseMergeMentions,
  eraseOutboxMentions,
  eraseSignInLeftovers,
} from "./erase-member-mentions.server.ts";
import { eraseTeamPlaces } from "./erase-team-places.server.ts";
import { accountDeletedEmail } from "./leaving-emails.ts";

/** What a step may use besides the database: the payment provider, and the time (a test's own). */
interface StepContext {
  jobId: string;
  gateway: () => PaymentGateway;
  now: () => Date;
}

type Step = (database: Database, erasure: Erasure, context: StepContext) => Promise<number | "deferred">;

/** The user row: its deletion takes every row that names it with it (sessions, usage, saved searches, follows, digests). */
const deleteUserRow: Step = async (database, erasure) => {
  // Only the renamed row of this erasure: an id is never reused, and this makes sure of it.
  const rows = await database.rows<{ id: string }>(sql`
    DELETE FROM users WHERE id = ${erasure.id} AND email = ${`${erasure.erasureId}@erased.invalid`} RETURNING id`);
  return rows.length;
};

/** The last e-mail to the address, at most once (marked before it goes), kept in the outbox without the address. */
const sendConfirmation: Step = async (database, erasure) => {
  const marked = await database.rows<{ email: string }>(sql`
    UPDATE account_erasures SET confirmation_sent_at = now() WHERE id = ${erasure.erasureId}::uuid AND confirmation_sent_at IS NULL
    RETURNING email`);
  if (!marked.length) return 0;
  await sendEmail(database, { ...accountDeletedEmail({ email: marked[0]!.email }), recordRecipient: false });
  return 1;
};

/**
 * In order: the payment provider first (nobody is charged for an account that is gone: until it answers, the erasure
 * stops here and the sweep runs it again), then records while the foreign keys still say whose they are, the user row
 * last but the confirmation.
 */
const STEPS: ReadonlyArray<{ name: string; run: Step }> = [
  {
    name: "payment provider",
    run: async (database, erasure, { gateway, now }) =>
      (await endPaymentsAtProvider(database, gateway(), erasure.id, { deletedAt: erasure.requestedAt, now: now() })) +
      // A team only this member is in goes in the teams step: its paid seats end first (decision 0119).
      (await endPlansOfTeamsLeftEmpty(database, gateway(), erasure.id)),
  },
  { name: "introduction requests sent", run: eraseIntroRequestsSent },
  { name: "introduction requests received", run: eraseIntroRequestsReceived },
  { name: "applications", run: eraseApplications },
  { name: "duplicate reports", run: eraseDuplicateReports },
  { name: "listing contacts", run: eraseListingContacts },
  {
    name: "teams",
    run: (database, erasure, { gateway }) =>
      eraseTeamPlaces(database, erasure, () => endPlansOfTeamsLeftEmpty(database, gateway(), erasure.id)),
  },
  { name: "audit log", run: eraseAuditMentions },
  { name: "e-mail copies", run: eraseOutboxMentions },
  { name: "sign-in leftovers", run: eraseSignInLeftovers },
  { name: "other jobs", run: (database, erasure, { jobId }) => eraseJobMentions(database, erasure, jobId) },
  { name: "merges", run: eraseMergeMentions },
  { name: "payment records", run: (database, erasure) => forgetPaymentIds(database, erasure.id) },
  { name: "account", run: deleteUserRow },
  { name: "confirmation e-mail", run: sendConfirmation },
];

const Parameters = z.object({ erasureId: z.uuid() });
const Cursor = z.object({ step: z.number().int().min(0), counts: z.record(z.string(), z.number()) });

async function loadErasure(database: Database, erasureId: string): Promise<Erasure | null> {
  const [row] = await database.db.select().from(accountErasures).where(eq(accountErasures.id, erasureId)).limit(1);
  return row ? { erasureId: row.id, id: row.userId, email: row.email, names: row.names, requestedAt: row.requestedAt } : null;
}

/** `gateway`: the payment provider (server/app.ts gives the process's); `now`: the clock of what is stored. */
export function accountErasureHandler(options: { gateway: () => PaymentGateway; now?: () => Date }): JobHandler {
  const context = (jobId: string): StepContext => ({ jobId, gateway: options.gateway, now: options.now ?? (() => new Date()) });
  return async ({ database, job, progress, signal }) => {
    const { erasureId } = Parameters.parse(job.parameters);
    const erasure = await loadErasure(database, erasureId);
    // Finished by an earlier job (the sweep and a resumed job may both have queued one).
    if (!erasure) return { erased: true, counts: {} };
    const saved = Cursor.safeParse(job.processedOutput);
    const counts: Record<string, number> = saved.success ? saved.data.counts : {};
    for (let step = saved.success ? saved.data.step : 0; step < STEPS.length; step++) {
      throwIfInterrupted(signal);
      const { name, run } = STEPS[step]!;
      let outcome: number | "deferred";
      try {
        outcome = await run(database, erasure, context(job.id));
      } catch (error) {
        // The error (its values redacted by the logger) goes to the log; the job and the erasure row keep only the
        // step's name, since a failed query's message may quote the member's address.
        logger.error({ err: error, erasure: erasureId, step: name }, "account erasure step failed");
        const message = `The step "${name}" failed; the erasure is queued again by the sweep.`;
        await database.db.update(accountErasures).set({ lastError: message }).where(eq(accountErasures.id, erasureId));
        throw new Error(message);
      }
      if (outcome === "deferred") {
        logger.info({ erasure: erasureId, step: name }, "account erasure waits for another job that holds the member's id");
        return { waiting: name, step, counts };
      }
      counts[name] = outcome;
      await progress({ done: step + 1, total: STEPS.length, message: `Erased: ${name}`, processedOutput: { step: step + 1, counts } });
    }
    await database.db.delete(accountErasures).where(eq(accountErasures.id, erasureId));
    return { erased: true, counts };
  };
}

/**
 * Queues the job of every erasure that has none queued or running (one that failed, or waited for another job). Every
 * server runs it on a timer; two at once queue two jobs at most, and the second finds the erasure done or resumes it.
 */
export async function queueUnfinishedErasures(database: Database): Promise<number> {
  const waiting = await database.rows<{ id: string }>(sql`
    SELECT e.id::text AS id FROM account_erasures e
    WHERE NOT EXISTS (SELECT 1 FROM jobs j WHERE j.job_type = ${ACCOUNT_ERASURE_JOB} AND j.status IN ('queued', 'running')
                      AND j.parameters ->> 'erasureId' = e.id::text)
    ORDER BY e.requested_at`);
  for (const { id } of waiting)
    await enqueueJob(database, { jobType: ACCOUNT_ERASURE_JOB, parameters: { erasureId: id }, createdBy: null });
  return waiting.length;
}

/** How often each server looks for erasures to queue again. */
const SWEEP_EVERY_MS = 10 * 60 * 1000;

/** Starts this process's erasure sweep (server/app.ts); returns the function that stops it. */
export function startErasureSweep(database: Database, { everyMs = SWEEP_EVERY_MS } = {}): () => void {
  const look = () =>
    queueUnfinishedErasures(database)
      .then((queued) => queued && logger.warn({ queued }, "account erasures queued again"))
      .catch((error: unknown) => logger.warn({ err: error }, "account erasure sweep failed; trying again later"));
  void look();
  const timer = setInterval(() => void look(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
