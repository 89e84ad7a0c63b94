/**
 * Deleting an account that pays (DESIGN D17, D18; decisions 0077 and 0079): nobody is charged for an account that is
 * gone. The deletion itself asks the payment provider nothing (no provider call inside its transaction, and a provider
 * that is down does not keep anyone from leaving); the erasure job cancels the subscription at the provider, refunds
 * a renewal the provider charged before the cancellation reached it, and forgets the customer there; while the
 * provider is down the erasure fails and the sweep runs it again until it answers. Webhooks about the deleted member's
 * customer, before or after the erasure, bring back no plan, no row and no id. The provider here is the in-memory one
 * (billing/test-support.ts); member-erasure.db.test.ts does the same against the fake of Stripe over HTTP.
 */
import { eq, sql } from "drizzle-orm";
import { accountErasures } from "#db/schema/account-erasures.ts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { grantTier } from "~/features/access/member-tier.server.ts";
import { completeCheckout, startCheckout } from "~/features/billing/checkout.server.ts";
import { providerFailure, type PaymentGateway } from "~/features/billing/payment-gateway.server.ts";
import { MemoryProvider, runBillingJobs, signedDelivery, TEST_WEBHOOK_SECRET } from "~/features/billing/test-support.ts";
import { receiveWebhook } from "~/features/billing/webhook-intake.server.ts";
import { storeTeamSubscription } from "~/features/billing/team-subscription-sync.server.ts";
import { teamMemberships, teams } from "#db/schema/teams.ts";
import { accountErasureHandler, queueUnfinishedErasures } from "~/features/member-data/account-erasure-job.server.ts";
import { ACCOUNT_ERASURE_JOB, deleteAccount } from "~/features/member-data/delete-account.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { JobWorker } from "~/lib/job-worker.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { deleteAccountPageData } from "~/features/member-data/delete-account-page.server.ts";
import { sessionUser, signUp } from "./support/plant-member.ts";

let database: Database;
let provider: MemoryProvider;
/** The provider as the app reaches it: every call refused while `down` (a network failure, an outage). */
let gateway: PaymentGateway;
let down = false;
let sequence = 0;

const runErasure = () => new JobWorker(database, { [ACCOUNT_ERASURE_JOB]: accountErasureHandler({ gateway: () => gateway }) }).tick();
const erasureOf = async (userId: string) =>
  (
    await database.db
      .select({ requestedAt: accountErasures.requestedAt, lastError: accountErasures.lastError })
      .from(accountErasures)
      .where(eq(accountErasures.userId, userId))
  )[0];

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

beforeEach(() => {
  provider = new MemoryProvider();
  down = false;
  gateway = new Proxy(provider, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== "function") return value;
      return (...args: unknown[]) =>
        down
          ? Promise.reject(providerFailure(new Error("connect ECONNREFUSED"), "the call"))
          : (value as (...a: unknown[]) => unknown).apply(target, args);
    },
  });
});

/** A member who paid for Premium monthly: the app's checkout, the provider's subscription, the return from Checkout. */
async function payingMember() {
  const n = ++sequence;
  const member = await signUp(database, `Paula Payer ${n}`, `paula.payer.${n}@example.org`);
  const who = { id: member.id, email: `paula.payer.${n}@example.org`, name: `Paula Payer ${n}` };
  const { url } = await startCheckout(
    database,
    gateway,
    who,
    { tier: "premium", interval: "monthly", dollars: 99, name: "Premium" },
    "http://localhost:3000",
  );
  const session = provider.sessions.get(url.split("/").at(-1)!)!;
  const subscription = provider.subscribe(session.customerId, "introbase_premium_monthly", { metadataUserId: member.id });
  session.subscriptionId = subscription.id;
  expect(await completeCheckout(database, gateway, member.id, session.id, new Date("2031-05-10T00:00:00Z"))).toBe(true);
  expect(await database.rows(sql`SELECT tier FROM users WHERE id = ${member.id}`)).toEqual([{ tier: "premium" }]);
  return { ...member, customerId: session.customerId, subscriptionId: subscription.id };
}

function subscriptionUpdated(subscriptionId: string, customerId: string) {
  const at = new Date("2031-05-11T00:00:00Z");
  return signedDelivery(
    {
      id: `evt_after_${++sequence}`,
      type: "customer.subscription.updated",
      created: Math.floor(at.getTime() / 1000),
      object: { id: subscriptionId, object: "subscription", customer: customerId },
    },
    at,
  );
}

async function deliver(delivery: { body: Uint8Array; signature: string }) {
  const at = new Date("2031-05-11T00:01:00Z");
  const { eventId } = await receiveWebhook(database, delivery.body, delivery.signature, { secret: TEST_WEBHOOK_SECRET, now: at });
  await runBillingJobs(database, gateway, at);
  const [event] = await database.rows<{ object_id: string | null; provider_customer_id: string | null; outcome: string }>(
    sql`SELECT object_id, provider_customer_id, outcome FROM billing_events WHERE id = ${eventId}`,
  );
  return event!;
}

describe("a plan paid at the payment provider", () => {
  it("is said, before the member confirms, to be cancelled at the provider so the card is not charged again", async () => {
    const member = await payingMember();
    const page = await deleteAccountPageData(database, await sessionUser(database, member.id), null);
    expect(page.happens).toContain(
      "Your Premium plan ends now: we cancel its subscription at our payment provider within minutes, so your card is not charged again (a renewal it takes before then is refunded). Your invoices stay with the provider, which keeps them for accounting.",
    );
    expect(page.happens).toContain(
      "For our accounts we keep the history of plan changes (plan, price, dates) and of payments (amount, date), without anything that identifies you.",
    );
  });

  it("ends with the account even while the provider is down, and the erasure cancels it once the provider answers", async () => {
    const member = await payingMember();
    await grantTier(database, member.id, { source: "complimentary", tier: "premium", note: "A gift" });
    down = true;
    const deleted = await deleteAccount(database, member.id);
    expect(deleted.endedPlan).toBe("Premium");
    // At once: the grants are gone and the tier with them.
    expect(await database.rows(sql`SELECT 1 FROM tier_grants WHERE user_id = ${member.id}`)).toEqual([]);
    expect(await database.rows(sql`SELECT tier FROM users WHERE id = ${member.id}`)).toEqual([{ tier: "public" }]);

    // The provider does not answer: the erasure stops before anything else, says which step, and keeps the account's
    // row (it holds the subscription to cancel) for the sweep.
    const { requestedAt } = (await erasureOf(member.id))!;
    provider.invoice({
      customerId: member.customerId,
      subscriptionId: member.subscriptionId,
      paidAt: new Date(requestedAt.getTime() - 20 * 86_400_000),
    });
    const renewal = provider.invoice({
      customerId: member.customerId,
      subscriptionId: member.subscriptionId,
      paidAt: new Date(requestedAt.getTime() + 3_600_000),
    });
    await runErasure();
    expect((await erasureOf(member.id))!.lastError).toBe('The step "payment provider" failed; the erasure is queued again by the sweep.');
    expect(provider.subscriptions.get(member.subscriptionId)!.status).toBe("active");
    expect(await database.rows(sql`SELECT 1 FROM users WHERE id = ${member.id}`)).toHaveLength(1);

    // It answers again: the next sweep's erasure cancels the subscription at once (nothing prorated, nothing invoiced),
    // refunds the renewal charged after the deletion (not what was paid before it), forgets the customer and finishes.
    down = false;
    expect(await queueUnfinishedErasures(database)).toBe(1);
    await runErasure();
    expect(await erasureOf(member.id)).toBeUndefined();
    expect(provider.subscriptions.get(member.subscriptionId)!.status).toBe("canceled");
    expect(provider.refunded).toEqual([renewal.id]);
    expect(provider.deletedCustomers).toEqual([member.customerId]);
    expect(await database.rows(sql`SELECT 1 FROM billing_subscriptions WHERE provider_customer_id = ${member.customerId}`)).toEqual([]);
  });

  it("lets no webhook about the deleted member's customer bring back a plan, a row or an id", async () => {
    const member = await payingMember();
    down = true;
    await deleteAccount(database, member.id);
    down = false;
    const before = await database.rows(sql`SELECT * FROM billing_subscriptions WHERE id = ${member.subscriptionId}`);

    // Between the deletion and its erasure: the provider still reports the subscription active.
    const early = await deliver(subscriptionUpdated(member.subscriptionId, member.customerId));
    expect(early).toEqual({ object_id: null, provider_customer_id: null, outcome: "ignored: subscription belongs to no member" });
    expect(await database.rows(sql`SELECT tier FROM users WHERE id = ${member.id}`)).toEqual([{ tier: "public" }]);
    expect(await database.rows(sql`SELECT * FROM billing_subscriptions WHERE id = ${member.subscriptionId}`)).toEqual(before);

    await runErasure();
    expect(await erasureOf(member.id)).toBeUndefined();
    // After it: late, or a replay of an old state.
    provider.update(member.subscriptionId, { status: "active" });
    const late = await deliver(subscriptionUpdated(member.subscriptionId, member.customerId));
    expect(late).toEqual({ object_id: null, provider_customer_id: null, outcome: "ignored: subscription belongs to no member" });
    expect(await database.rows(sql`SELECT 1 FROM billing_subscriptions WHERE provider_customer_id = ${member.customerId}`)).toEqual([]);
    expect(await database.rows(sql`SELECT 1 FROM billing_customers WHERE provider_customer_id = ${member.customerId}`)).toEqual([]);
    expect(await database.rows(sql`SELECT 1 FROM users WHERE id = ${member.id}`)).toEqual([]);
  });

  it("ends at the provider the paid seats of a team only the leaving member is in, before the team goes (decision 0119)", async () => {
    const member = await signUp(database, "Olga Owner", "olga.owner@example.org");
    const [team] = await database.db.insert(teams).values({ name: "Olga's fund", providerCustomerId: "cus_team_olga" }).returning();
    await database.db.insert(teamMemberships).values({ teamId: team!.id, userId: member.id, role: "owner", seat: true });
    const seats = provider.subscribe("cus_team_olga", "introbase_team_monthly", { quantity: 3, metadataTeamId: team!.id });
    const at = new Date("2031-05-10T00:00:00Z");
    await storeTeamSubscription(database, team!.id, seats, { observedAt: at, now: at });
    expect(await database.rows(sql`SELECT tier FROM users WHERE id = ${member.id}`)).toEqual([{ tier: "premium" }]);

    await deleteAccount(database, member.id);
    await runErasure();
    expect(await erasureOf(member.id)).toBeUndefined();
    expect(provider.subscriptions.get(seats.id)!.status).toBe("canceled");
    expect(await database.rows(sql`SELECT 1 FROM teams WHERE id = ${team!.id}`)).toEqual([]);
  });

  it("asks the provider nothing when the member never paid", async () => {
    const member = await signUp(database, "Nina Neverpaid", "nina.neverpaid@example.org");
    down = true;
    await deleteAccount(database, member.id);
    await runErasure();
    expect(await erasureOf(member.id)).toBeUndefined();
    expect(provider.calls).toEqual([]);
  });
});
