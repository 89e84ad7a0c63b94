/**
 * The payment provider's webhooks (DESIGN D17, decision 0079): the signature is checked on the raw body, then the event
 * is recorded once by its id and queued as a job in the same transaction. Any app server may receive it, twice, at
 * the same moment: the event's row is the one that wins, the other insert finds it and queues nothing. The answer
 * goes back as soon as the job is stored, so a crash after it loses nothing (the job is resumed), and a crash before
 * it makes the provider send the event again.
 */
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { z } from "zod";
import { billingEvents } from "#db/schema/billing.ts";
import { inTransactionOf } from "~/lib/atomic-limit.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import { enqueueJob } from "~/lib/job-queue.server.ts";
import { countWebhook } from "~/lib/metrics.server.ts";

export const BILLING_EVENT_JOB = "billing_event";

/** How old a signature may be (Stripe's own default): an older delivery is a replay of a captured one. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The events that change a subscription, a payment or the tier; every other type is recorded and ignored. */
const APPLIED_EVENT_TYPES: ReadonlySet<string> = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "customer.subscription.paused",
  "customer.subscription.resumed",
  "customer.subscription.pending_update_applied",
  "customer.subscription.pending_update_expired",
  "invoice.paid",
  "invoice.payment_succeeded",
  "invoice.payment_failed",
  "invoice.payment_action_required",
]);

/** Only what the job needs, the ids, and the ledger's amount (no personal data is kept, decision 0079). */
const EventShape = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  created: z.number().int().nonnegative(),
  data: z.object({
    object: z.looseObject({
      id: z.string().max(255).optional(),
      object: z.string().max(255).optional(),
      customer: z.union([z.string().max(255), z.looseObject({ id: z.string().max(255) }), z.null()]).optional(),
      amount: z.number().int().optional().catch(undefined),
      amount_paid: z.number().int().optional().catch(undefined),
      currency: z.string().max(16).optional().catch(undefined),
    }),
  }),
});

/** Money the event records: paid on an invoice, or given back by a refund. Anything else has no amount of its own. */
function amountOf(object: z.infer<typeof EventShape>["data"]["object"]): { amount: number | null; currency: string | null } {
  const amount = object.object === "invoice" ? object.amount_paid : object.object === "refund" ? object.amount : undefined;
  return amount === undefined ? { amount: null, currency: null } : { amount, currency: object.currency ?? null };
}

export interface WebhookIntake {
  eventId: string;
  type: string;
  /** new: recorded now (and queued when it matters); duplicate: this id was received before, nothing was done. */
  received: "new" | "duplicate";
  queued: boolean;
}

function signatureRefusal(error: unknown): string {
  const message = error instanceof Error ? error.message : "";
  if (/tolerance/i.test(message))
    return `Refused: the Stripe-Signature timestamp is more than ${SIGNATURE_TOLERANCE_SECONDS / 60} minutes old (a replayed delivery).`;
  return "Refused: the Stripe-Signature header does not sign this body with this endpoint's secret.";
}

/** Checks a delivery's signature at `now` and records its event once; throws a 400 AppError for a forged, stale or malformed one. */
export async function receiveWebhook(
  database: Database,
  body: Uint8Array,
  signature: string | null,
  options: { secret: string; now: Date },
): Promise<WebhookIntake> {
  // Counted by outcome for the metrics (decision 0104): a refusal is whatever did not end in a recorded delivery.
  try {
    const intake = await recordWebhook(database, body, signature, options);
    countWebhook("stripe", intake.received === "duplicate" ? "duplicate" : "accepted");
    return intake;
  } catch (error) {
    countWebhook("stripe", "refused");
    throw error;
  }
}

async function recordWebhook(
  database: Database,
  body: Uint8Array,
  signature: string | null,
  options: { secret: string; now: Date },
): Promise<WebhookIntake> {
  if (!signature) throw new AppError("bad_request", "Refused: a webhook needs its Stripe-Signature header.");
  let verified: unknown;
  try {
    verified = Stripe.webhooks.constructEvent(
      Buffer.from(body),
      signature,
      options.secret,
      SIGNATURE_TOLERANCE_SECONDS,
      undefined,
      options.now.getTime(),
    );
  } catch (error) {
    throw new AppError("bad_request", signatureRefusal(error));
  }
  const parsed = EventShape.safeParse(verified);
  if (!parsed.success)
    throw new AppError("bad_request", "Refused: the body is not an event (id, type, created and data.object are needed).");
  const event = parsed.data;
  const object = event.data.object;
  const customer = typeof object.customer === "string" ? object.customer : (object.customer?.id ?? null);
  const applied = APPLIED_EVENT_TYPES.has(event.type);

  return database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(billingEvents)
      .values({
        id: event.id,
        type: event.type,
        // The ids are what the job reads the objects by: an event no job applies keeps none, since after an account's
        // deletion they would still lead to the person at the provider (decision 0077).
        objectId: applied ? (object.id ?? null) : null,
        providerCustomerId: applied ? customer : null,
        ...amountOf(object),
        providerCreatedAt: new Date(event.created * 1000),
        receivedAt: options.now,
        ...(applied ? {} : { processedAt: options.now, outcome: "ignored: not a billing change" }),
      })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id });
    if (!row) return { eventId: event.id, type: event.type, received: "duplicate", queued: false };
    if (!applied) return { eventId: event.id, type: event.type, received: "new", queued: false };
    const job = await enqueueJob(inTransactionOf(database, tx), {
      jobType: BILLING_EVENT_JOB,
      parameters: { eventId: event.id },
      createdBy: null,
    });
    await tx.update(billingEvents).set({ jobId: job.id }).where(eq(billingEvents.id, event.id));
    return { eventId: event.id, type: event.type, received: "new", queued: true };
  });
}
