/**
 * Webhooks are the truth (DESIGN D17, decision 0079): a delivery is believed only with a valid, recent signature on its
 * raw body; each event is applied once, however often and to however many servers it is delivered; events applied
 * in any order leave the state the provider holds now; and the tier follows the subscription through its life.
 */
import { eq, sql } from "drizzle-orm";
import { parseMetrics, valueOf } from "../../../bench/lib/prometheus-text.ts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { users } from "#db/schema/accounts.ts";
import { billingCustomers, billingEvents } from "#db/schema/billing.ts";
import { refreshDueMemberTiers } from "~/features/access/member-tier.server.ts";
import { PAST_DUE_GRACE_DAYS } from "~/features/access/tier-in-force.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import { metricsText } from "~/lib/metrics.server.ts";
import { openSecondHandle, openTestDatabase } from "#test-support/test-database.ts";
import { requeueFailedBillingEvents } from "./billing-event-job.server.ts";
import { MemoryProvider, runBillingJobs, signedDelivery, TEST_WEBHOOK_SECRET } from "./test-support.ts";
import { receiveWebhook } from "./webhook-intake.server.ts";

const NOW = new Date("2031-05-10T12:00:00Z");
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
const days = (n: number) => later(n * 24 * 60);

let database: Database;
let provider: MemoryProvider;
let sequence = 0;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

beforeEach(async () => {
  provider = new MemoryProvider();
  // Each test counts its own jobs: what an earlier test left queued (its provider is gone) is put aside.
  await database.rows(sql`UPDATE jobs SET status = 'completed' WHERE job_type = 'billing_event' AND status <> 'completed'`);
  await database.rows(sql`UPDATE billing_events SET processed_at = now(), outcome = 'set aside' WHERE processed_at IS NULL`);
});

/** A member with a provider customer, as a checkout leaves them. */
async function customer(): Promise<{ userId: string; customerId: string }> {
  const userId = `billing-member-${++sequence}`;
  await database.db.insert(users).values({ id: userId, name: `Member ${sequence}`, email: `${userId}@billing.test`, emailVerified: true });
  const customerId = `cus_${userId}`;
  await database.db.insert(billingCustomers).values({ userId, providerCustomerId: customerId });
  return { userId, customerId };
}

async function tierOf(userId: string): Promise<string> {
  const [row] = await database.db.select({ tier: users.tier }).from(users).where(eq(users.id, userId));
  return row!.tier;
}

const receive = (delivery: { body: Uint8Array; signature: string | null }, now = NOW, db = database) =>
  receiveWebhook(db, delivery.body, delivery.signature, { secret: TEST_WEBHOOK_SECRET, now });

/** Stripe deliveries counted so far in this process's metrics, by outcome. */
async function webhookCounts(): Promise<Record<"accepted" | "duplicate" | "refused", number>> {
  const samples = parseMetrics((await metricsText()).body);
  const of = (outcome: string) => valueOf(samples, "introbase_webhooks_received_total", { provider: "stripe", outcome }) ?? 0;
  return { accepted: of("accepted"), duplicate: of("duplicate"), refused: of("refused") };
}

async function refusal(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).status).toBe(400);
  return (error as AppError).message;
}

function subscriptionEvent(type: string, subscriptionId: string, customerId: string, created = NOW) {
  return signedDelivery(
    {
      id: `evt_${++sequence}`,
      type,
      created: Math.floor(created.getTime() / 1000),
      object: { id: subscriptionId, object: "subscription", customer: customerId },
    },
    created,
  );
}

describe("a webhook's signature", () => {
  it("is refused when missing, made with another secret, or not of this body, and nothing is recorded", async () => {
    const { customerId } = await customer();
    const sub = provider.subscribe(customerId, "introbase_subscriber_monthly");
    const delivery = subscriptionEvent("customer.subscription.updated", sub.id, customerId);
    const before = await database.db.select().from(billingEvents);

    expect(await refusal(receive({ body: delivery.body, signature: null }))).toBe("Refused: a webhook needs its Stripe-Signature header.");
    const forged = signedDelivery(
      { id: "evt_forged", type: "customer.subscription.updated", object: { id: sub.id, customer: customerId } },
      NOW,
      "whsec_someone_else",
    );
    expect(await refusal(receive(forged))).toMatch(/does not sign this body/);
    const tampered = new TextEncoder().encode(delivery.text.replace('"customer.subscription.updated"', '"customer.subscription.deleted"'));
    expect(await refusal(receive({ body: tampered, signature: delivery.signature }))).toMatch(/does not sign this body/);
    expect(await refusal(receive({ body: delivery.body, signature: "t=1,v1=00" }))).toMatch(/does not sign this body/);

    expect(await database.db.select().from(billingEvents)).toEqual(before);
  });

  it("is refused once older than five minutes (a captured delivery sent again), and taken within them", async () => {
    const { customerId } = await customer();
    const sub = provider.subscribe(customerId, "introbase_subscriber_monthly");
    const delivery = subscriptionEvent("customer.subscription.updated", sub.id, customerId);
    expect(await refusal(receive(delivery, later(5.1)))).toBe(
      "Refused: the Stripe-Signature timestamp is more than 5 minutes old (a replayed delivery).",
    );
    expect(await receive(delivery, later(4.9))).toMatchObject({ received: "new", queued: true });
  });
});

describe("each event is applied once", () => {
  it("a replayed delivery is recorded once and applied once", async () => {
    const { userId, customerId } = await customer();
    const sub = provider.subscribe(customerId, "introbase_premium_monthly");
    const delivery = subscriptionEvent("customer.subscription.created", sub.id, customerId);
    const counted = await webhookCounts();
    const { eventId } = await receive(delivery);
    expect(await receive(delivery, later(1))).toMatchObject({ received: "duplicate", queued: false });
    await runBillingJobs(database, provider, NOW);
    expect(await receive(delivery, later(2))).toMatchObject({ received: "duplicate", queued: false });
    await runBillingJobs(database, provider, NOW);
    const [jobs] = await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM jobs WHERE parameters->>'eventId' = ${eventId}`);
    expect(jobs!.n).toBe(1);
    expect(provider.calls.filter((c) => c === `retrieveSubscription ${sub.id}`)).toHaveLength(1);
    expect(await tierOf(userId)).toBe("premium");
    // The operators' metrics (decision 0104) count one delivery accepted and two duplicates.
    const now = await webhookCounts();
    expect({ accepted: now.accepted - counted.accepted, duplicate: now.duplicate - counted.duplicate }).toEqual({
      accepted: 1,
      duplicate: 2,
    });
  });

  it("the same delivery reaching two servers at the same moment is recorded once and queued once", async () => {
    const { userId, customerId } = await customer();
    const sub = provider.subscribe(customerId, "introbase_subscriber_annual");
    const delivery = subscriptionEvent("customer.subscription.created", sub.id, customerId);
    const other = await openSecondHandle(database);
    try {
      const answers = await Promise.all([receive(delivery, NOW, database), receive(delivery, NOW, other)]);
      expect(answers.map((a) => a.received).sort()).toEqual(["duplicate", "new"]);
      const [row] = await database.rows<{ n: number; jobs: number }>(sql`
        SELECT count(*)::int AS n, count(job_id)::int AS jobs FROM billing_events WHERE id = ${answers[0]!.eventId}`);
      expect(row).toEqual({ n: 1, jobs: 1 });
    } finally {
      await other.close();
    }
    expect(await runBillingJobs(database, provider, NOW)).toBe(1);
    expect(await tierOf(userId)).toBe("subscriber");
  });

  it("records an event of a type that changes nothing, applies nothing for it, and answers its replay as a duplicate", async () => {
    const delivery = signedDelivery({ id: `evt_${++sequence}`, type: "customer.updated", object: { id: "cus_x" } }, NOW);
    expect(await receive(delivery)).toMatchObject({ received: "new", queued: false });
    expect(await receive(delivery)).toMatchObject({ received: "duplicate" });
    expect(await runBillingJobs(database, provider, NOW)).toBe(0);
  });

  it("keeps the ledger of every event (type, amount, currency) and the provider's ids only of events about a member's customer", async () => {
    const { customerId } = await customer();
    const sub = provider.subscribe(customerId, "introbase_subscriber_monthly");
    const paid = provider.invoice({ customerId, subscriptionId: sub.id });
    const events = [
      {
        id: `evt_${++sequence}`,
        type: "invoice.paid",
        object: { id: paid.id, object: "invoice", customer: customerId, amount_paid: 2900, currency: "usd" },
      },
      {
        id: `evt_${++sequence}`,
        type: "refund.created",
        object: { id: "re_1", object: "refund", charge: "ch_1", amount: 2900, currency: "usd" },
      },
      { id: `evt_${++sequence}`, type: "customer.deleted", object: { id: "cus_gone", object: "customer", email: "gone@example.org" } },
      {
        id: `evt_${++sequence}`,
        type: "customer.subscription.updated",
        object: { id: "sub_gone", object: "subscription", customer: "cus_gone" },
      },
    ];
    provider.subscribe("cus_gone", "introbase_subscriber_monthly", { id: "sub_gone" });
    for (const event of events) await receive(signedDelivery(event, NOW));
    await runBillingJobs(database, provider, NOW);
    const rows = await database.rows<Record<string, unknown> & { id: string }>(sql`
      SELECT id, type, object_id, provider_customer_id, amount, currency FROM billing_events
      WHERE id IN (${sql.join(
        events.map((e) => sql`${e.id}`),
        sql`, `,
      )})`);
    const inOrder = events.map((e) => rows.find((r) => r.id === e.id)!).map(({ id: _, ...row }) => row);
    expect(inOrder).toEqual([
      { type: "invoice.paid", object_id: paid.id, provider_customer_id: customerId, amount: 2900, currency: "usd" },
      { type: "refund.created", object_id: null, provider_customer_id: null, amount: 2900, currency: "usd" },
      { type: "customer.deleted", object_id: null, provider_customer_id: null, amount: null, currency: null },
      { type: "customer.subscription.updated", object_id: null, provider_customer_id: null, amount: null, currency: null },
    ]);
  });

  it("an event whose job failed (the provider did not answer) is queued again five minutes later, and then applied", async () => {
    const { userId, customerId } = await customer();
    const sub = provider.subscribe(customerId, "introbase_subscriber_monthly");
    await receive(subscriptionEvent("customer.subscription.created", sub.id, customerId));
    const down = Object.assign(Object.create(provider) as MemoryProvider, {
      retrieveSubscription: () => Promise.reject(new Error("connect ECONNREFUSED")),
    });
    expect(await runBillingJobs(database, down, NOW)).toBe(1);
    expect(await tierOf(userId)).toBe("public");
    // Stamped by the database's clock when it failed: five minutes after that (an hour here), it goes back in the queue.
    const [failed] = await database.rows<{ ms: number }>(sql`
      SELECT (extract(epoch FROM j.completed_at) * 1000)::float8 AS ms
      FROM billing_events e JOIN jobs j ON j.id = e.job_id WHERE e.processed_at IS NULL AND j.status = 'failed'`);
    const failedAt = failed!.ms;
    const inAnHour = new Date(failedAt + 60 * 60_000);
    expect(await requeueFailedBillingEvents(database, new Date(failedAt + 60_000))).toBe(0);
    expect(await requeueFailedBillingEvents(database, inAnHour)).toBe(1);
    expect(await requeueFailedBillingEvents(database, inAnHour)).toBe(0);
    expect(await runBillingJobs(database, provider, NOW)).toBe(1);
    expect(await tierOf(userId)).toBe("subscriber");
  });
});

describe("events in any order", () => {
  it("a subscription update applied before the checkout that made it gives the plan, and the checkout changes nothing after it", async () => {
    const { userId, customerId } = await customer();
    const sub = provider.subscribe(customerId, "introbase_subscriber_monthly", { metadataUserId: userId });
    const session = await provider.createCheckoutSession({ customerId, priceId: sub.price!.id, userId });
    provider.sessions.get(session.id)!.subscriptionId = sub.id;
    const checkout = signedDelivery(
      { id: `evt_${++sequence}`, type: "checkout.session.completed", object: { id: session.id, customer: customerId } },
      NOW,
    );

    await receive(subscriptionEvent("customer.subscription.updated", sub.id, customerId));
    await runBillingJobs(database, provider, NOW);
    expect(await tierOf(userId)).toBe("subscriber");
    await receive(checkout);
    await runBillingJobs(database, provider, NOW);
    expect(await tierOf(userId)).toBe("subscriber");
  });

  it("a late 'updated' event applied after the subscription ended leaves it ended", async () => {
    const { userId, customerId } = await customer();
    const sub = provider.subscribe(customerId, "introbase_premium_monthly");
    const updated = subscriptionEvent("customer.subscription.updated", sub.id, customerId, later(-10));
    await receive(subscriptionEvent("customer.subscription.created", sub.id, customerId, later(-20)), later(-20));
    await runBillingJobs(database, provider, NOW);
    expect(await tierOf(userId)).toBe("premium");

    provider.update(sub.id, { status: "canceled", endedAt: NOW });
    await receive(subscriptionEvent("customer.subscription.deleted", sub.id, customerId));
    await runBillingJobs(database, provider, NOW);
    expect(await tierOf(userId)).toBe("public");
    await receive(updated, later(-6));
    await runBillingJobs(database, provider, NOW);
    expect(await tierOf(userId)).toBe("public");
  });

  it("a member's first payment is the earliest paid invoice, whichever invoice event is applied first", async () => {
    const { userId, customerId } = await customer();
    const sub = provider.subscribe(customerId, "introbase_subscriber_monthly");
    const first = provider.invoice({ customerId, subscriptionId: sub.id, paidAt: days(-20) });
    const second = provider.invoice({ customerId, subscriptionId: sub.id, paidAt: days(-5) });
    for (const inv of [second, first])
      await receive(signedDelivery({ id: `evt_${++sequence}`, type: "invoice.paid", object: { id: inv.id, customer: customerId } }, NOW));
    await runBillingJobs(database, provider, NOW);
    const [row] = await database.db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
    expect(row).toMatchObject({ firstPaymentInvoiceId: first.id, firstPaymentAt: days(-20) });
  });
});

describe("the tier follows the subscription", () => {
  async function apply(type: string, subId: string, customerId: string, at: Date) {
    await receive(subscriptionEvent(type, subId, customerId, at), at);
    await runBillingJobs(database, provider, at);
  }

  it(`active: the plan; past due: the plan for ${PAST_DUE_GRACE_DAYS} days from the failure, then the free tier; paid again: the plan`, async () => {
    const { userId, customerId } = await customer();
    const sub = provider.subscribe(customerId, "introbase_premium_annual");
    await apply("customer.subscription.created", sub.id, customerId, NOW);
    expect(await tierOf(userId)).toBe("premium");

    provider.update(sub.id, { status: "past_due" });
    await apply("customer.subscription.updated", sub.id, customerId, days(1));
    expect(await tierOf(userId)).toBe("premium");
    // The same failure reported again a day later does not push the end of the grace period back.
    await apply("customer.subscription.updated", sub.id, customerId, days(2));
    await refreshDueMemberTiers(database, days(1 + PAST_DUE_GRACE_DAYS - 0.01));
    expect(await tierOf(userId)).toBe("premium");
    expect(await refreshDueMemberTiers(database, days(1 + PAST_DUE_GRACE_DAYS))).toBeGreaterThan(0);
    expect(await tierOf(userId)).toBe("public");

    provider.update(sub.id, { status: "active" });
    await apply("customer.subscription.updated", sub.id, customerId, days(10));
    expect(await tierOf(userId)).toBe("premium");
  });

  it("cancelled at the period's end: the plan until then, the free tier after it", async () => {
    const { userId, customerId } = await customer();
    const sub = provider.subscribe(customerId, "introbase_subscriber_monthly", { currentPeriodEnd: days(12) });
    provider.update(sub.id, { cancelAtPeriodEnd: true });
    await apply("customer.subscription.updated", sub.id, customerId, NOW);
    expect(await tierOf(userId)).toBe("subscriber");
    await refreshDueMemberTiers(database, days(11));
    expect(await tierOf(userId)).toBe("subscriber");
    await refreshDueMemberTiers(database, days(12));
    expect(await tierOf(userId)).toBe("public");
  });
});
