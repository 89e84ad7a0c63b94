/**
 * Applying a recorded webhook event, as a job (decision 0079): the event says what changed, the provider's current
 * objects say what it is now. Applying an event twice gives the same result; the event row records it was applied.
 * A job that failed (the provider did not answer) is queued again by the billing clock for three days, as the
 * provider itself would retry a delivery.
 */
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import { billingEvents } from "#db/schema/billing.ts";
import { jobs } from "#db/schema/jobs.ts";
import { inTransactionOf } from "~/lib/atomic-limit.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { enqueueJob } from "~/lib/job-queue.server.ts";
import type { JobHandler } from "~/lib/job-worker.server.ts";
import type { PaymentGateway } from "./payment-gateway.server.ts";
import { customerOwner, recordPayment, syncSubscription } from "./sync-subscription.server.ts";
import { isTeamCustomer } from "./team-subscription-sync.server.ts";
import { BILLING_EVENT_JOB } from "./webhook-intake.server.ts";

export interface RecordedEvent {
  id: string;
  type: string;
  objectId: string | null;
  providerCreatedAt: Date;
}

/** What one event changes: the subscription it concerns, read afresh, and for an invoice the first payment too. */
async function applyBillingEvent(database: Database, gateway: PaymentGateway, event: RecordedEvent, now: Date): Promise<string> {
  const times = { observedAt: event.providerCreatedAt, now };
  if (!event.objectId) return "ignored: the event names no object";
  if (event.type.startsWith("checkout.session.")) {
    const session = await gateway.retrieveCheckoutSession(event.objectId);
    if (!session.subscriptionId) return "ignored: checkout made no subscription";
    return syncSubscription(database, gateway, session.subscriptionId, times);
  }
  if (event.type.startsWith("customer.subscription.")) return syncSubscription(database, gateway, event.objectId, times);
  if (event.type.startsWith("invoice.")) {
    const invoice = await gateway.retrieveInvoice(event.objectId);
    await recordPayment(database, invoice);
    if (!invoice.subscriptionId) return `invoice ${invoice.status ?? "draft"}: no subscription`;
    return syncSubscription(database, gateway, invoice.subscriptionId, times);
  }
  return `ignored: ${event.type}`;
}

/** The job of one event: applies it unless it was applied already, and records what it did. */
export function billingEventJobHandler(gateway: () => PaymentGateway, clock: () => Date = () => new Date()): JobHandler {
  return async ({ database, job }) => {
    const eventId = String(job.parameters.eventId ?? "");
    const [event] = await database.db.select().from(billingEvents).where(eq(billingEvents.id, eventId));
    if (!event) return { outcome: `no event ${eventId}` };
    if (event.processedAt) return { outcome: event.outcome, alreadyApplied: true };
    const outcome = await applyBillingEvent(database, gateway(), event, clock());
    // An event about no member's customer (a deleted account's, or one that was never ours) keeps no id that leads to a
    // person at the provider: only its type, amount and dates (decision 0077).
    // A team's customer is nobody's person: its events keep their ids (decision 0119).
    const owned =
      event.providerCustomerId !== null &&
      ((await customerOwner(database, event.providerCustomerId)) !== null || (await isTeamCustomer(database, event.providerCustomerId)));
    await database.db
      .update(billingEvents)
      .set({ processedAt: clock(), outcome, ...(owned ? {} : { objectId: null, providerCustomerId: null }) })
      .where(and(eq(billingEvents.id, eventId), isNull(billingEvents.processedAt)));
    return { outcome };
  };
}

const RETRY_AFTER_MS = 5 * 60 * 1000;
const RETRY_FOR_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * Events not applied because their job failed (the provider was down, or answered nonsense) get a new job five minutes
 * after the failure, for three days after they arrived. Returns how many were queued again.
 */
export async function requeueFailedBillingEvents(database: Database, now: Date): Promise<number> {
  const stuck = await database.db
    .select({ id: billingEvents.id })
    .from(billingEvents)
    .innerJoin(jobs, eq(jobs.id, billingEvents.jobId))
    .where(
      and(
        isNull(billingEvents.processedAt),
        eq(jobs.status, "failed"),
        lt(jobs.completedAt, new Date(now.getTime() - RETRY_AFTER_MS)),
        gt(billingEvents.receivedAt, new Date(now.getTime() - RETRY_FOR_MS)),
      ),
    )
    .limit(100);
  let queued = 0;
  for (const { id } of stuck) {
    await database.db.transaction(async (tx) => {
      // Only if no other server queued it meanwhile: the row still points at the failed job.
      const [still] = await tx
        .select({ jobId: billingEvents.jobId })
        .from(billingEvents)
        .innerJoin(jobs, eq(jobs.id, billingEvents.jobId))
        .where(and(eq(billingEvents.id, id), isNull(billingEvents.processedAt), eq(jobs.status, "failed")))
        .for("update", { of: billingEvents });
      if (!still) return;
      const job = await enqueueJob(inTransactionOf(database, tx), {
        jobType: BILLING_EVENT_JOB,
        parameters: { eventId: id },
        createdBy: null,
      });
      await tx.update(billingEvents).set({ jobId: job.id }).where(eq(billingEvents.id, id));
      queued++;
    });
  }
  return queued;
}
