/**
 * Test code only: the far end of billing for tests that do not run the provider's fake over HTTP. A provider holds
 * subscriptions, invoices and checkout sessions in memory and answers the gateway's questions with their state as it
 * is now, like the real API; events are signed with the webhook secret as the provider signs them.
 */
import Stripe from "stripe";
import { claimNextJob, finishJob } from "~/lib/job-queue.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { billingEventJobHandler } from "./billing-event-job.server.ts";
import type { PaymentGateway, ProviderInvoice, ProviderPrice, ProviderSubscription } from "./payment-gateway.server.ts";
import { BILLING_EVENT_JOB } from "./webhook-intake.server.ts";

export const TEST_WEBHOOK_SECRET = "whsec_test_introbase_billing";

const PRICES: Record<string, number> = {
  introbase_subscriber_monthly: 2900,
  introbase_subscriber_annual: 29000,
  introbase_premium_monthly: 9900,
  introbase_premium_annual: 99000,
  introbase_team_monthly: 7900,
  introbase_team_annual: 79000,
};

function testPrice(lookupKey: string, overrides: Partial<ProviderPrice> = {}): ProviderPrice {
  return {
    id: `price_${lookupKey}`,
    lookupKey,
    unitAmount: PRICES[lookupKey] ?? 100,
    currency: "usd",
    interval: lookupKey.endsWith("annual") ? "year" : "month",
    intervalCount: 1,
    active: true,
    ...overrides,
  };
}

let objects = 0;

/** A provider in memory: what it holds is what the gateway reads; every call is counted by name. */
export class MemoryProvider implements PaymentGateway {
  readonly prices = new Map(Object.keys(PRICES).map((key) => [key, testPrice(key)]));
  readonly subscriptions = new Map<string, ProviderSubscription>();
  readonly invoices = new Map<string, ProviderInvoice>();
  readonly sessions = new Map<string, { id: string; customerId: string; subscriptionId: string | null; userId: string; priceId: string }>();
  readonly refunded: string[] = [];
  readonly deletedCustomers: string[] = [];
  readonly calls: string[] = [];
  private id(prefix: string) {
    // Unique across providers, as the provider's own ids are: a test's objects never take an earlier test's ids.
    return `${prefix}_${++objects}`;
  }

  /** A subscription as the provider would hold it after a paid checkout. */
  subscribe(customerId: string, lookupKey: string, facts: Partial<ProviderSubscription> = {}): ProviderSubscription {
    const sub: ProviderSubscription = {
      id: this.id("sub"),
      customerId,
      status: "active",
      metadataUserId: null,
      metadataTeamId: null,
      quantity: 1,
      itemId: this.id("si"),
      price: this.prices.get(lookupKey) ?? testPrice(lookupKey),
      currentPeriodEnd: new Date("2031-06-10T00:00:00Z"),
      cancelAtPeriodEnd: false,
      endedAt: null,
      ...facts,
    };
    this.subscriptions.set(sub.id, sub);
    return sub;
  }

  update(id: string, facts: Partial<ProviderSubscription>): ProviderSubscription {
    const sub = { ...this.subscriptions.get(id)!, ...facts };
    this.subscriptions.set(id, sub);
    return sub;
  }

  invoice(facts: Partial<ProviderInvoice> & { customerId: string }): ProviderInvoice {
    const inv: ProviderInvoice = {
      id: this.id("in"),
      subscriptionId: null,
      number: `INV-${objects}`,
      status: "paid",
      amountDue: 2900,
      amountPaid: 2900,
      currency: "usd",
      created: new Date("2031-05-10T00:00:00Z"),
      paidAt: new Date("2031-05-10T00:00:00Z"),
      hostedUrl: null,
      pdfUrl: null,
      ...facts,
    };
    this.invoices.set(inv.id, inv);
    return inv;
  }

  async findPrice(lookupKey: string) {
    this.calls.push("findPrice");
    return this.prices.get(lookupKey) ?? null;
  }
  async createCustomer(member: { id: string }) {
    this.calls.push("createCustomer");
    return `cus_${member.id}`;
  }
  async createCheckoutSession(input: { customerId: string; priceId: string; userId: string }) {
    this.calls.push("createCheckoutSession");
    const id = this.id("cs");
    this.sessions.set(id, { id, customerId: input.customerId, subscriptionId: null, userId: input.userId, priceId: input.priceId });
    return { id, url: `https://checkout.example/${id}` };
  }
  async retrieveCheckoutSession(id: string) {
    this.calls.push("retrieveCheckoutSession");
    const s = this.sessions.get(id)!;
    return { id, customerId: s.customerId, subscriptionId: s.subscriptionId, clientReferenceId: s.userId };
  }
  async retrieveSubscription(id: string) {
    this.calls.push(`retrieveSubscription ${id}`);
    const sub = this.subscriptions.get(id);
    if (!sub) throw new Error(`no subscription ${id}`);
    return sub;
  }
  async retrieveInvoice(id: string) {
    this.calls.push("retrieveInvoice");
    return this.invoices.get(id)!;
  }
  async listInvoices(customerId: string) {
    this.calls.push("listInvoices");
    return [...this.invoices.values()].filter((i) => i.customerId === customerId).reverse();
  }
  async upcomingInvoice(_customerId: string, subscriptionId: string) {
    this.calls.push("upcomingInvoice");
    const sub = this.subscriptions.get(subscriptionId);
    if (!sub || sub.cancelAtPeriodEnd || sub.status === "canceled") return null;
    return { amountDue: sub.price?.unitAmount ?? 0, currency: "usd", date: sub.currentPeriodEnd };
  }
  async changePrice(sub: { id: string }, priceId: string) {
    this.calls.push("changePrice");
    const price = [...this.prices.values()].find((p) => p.id === priceId)!;
    return this.update(sub.id, { price });
  }
  async setCancelAtPeriodEnd(id: string, cancel: boolean) {
    this.calls.push(cancel ? "cancel" : "resume");
    return this.update(id, { cancelAtPeriodEnd: cancel });
  }
  async cancelNow(id: string) {
    this.calls.push("cancelNow");
    return this.update(id, { status: "canceled", endedAt: new Date("2031-05-12T00:00:00Z") });
  }
  async refundInvoice(invoiceId: string) {
    this.calls.push("refundInvoice");
    if (!this.refunded.includes(invoiceId)) this.refunded.push(invoiceId);
  }
  async deleteCustomer(customerId: string) {
    this.calls.push("deleteCustomer");
    // As the provider does: the customer's subscriptions end with it.
    for (const sub of this.subscriptions.values())
      if (sub.customerId === customerId && sub.status !== "canceled")
        this.update(sub.id, { status: "canceled", endedAt: new Date("2031-05-12T00:00:00Z") });
    if (!this.deletedCustomers.includes(customerId)) this.deletedCustomers.push(customerId);
  }
  async createPortalSession(customerId: string) {
    this.calls.push("createPortalSession");
    return `https://billing.example/portal/${customerId}`;
  }
  async createTeamCustomer(team: { id: string }) {
    this.calls.push("createTeamCustomer");
    return `cus_team_${team.id}`;
  }
  async createTeamCheckoutSession(input: { customerId: string; priceId: string; teamId: string; quantity: number }) {
    this.calls.push(`createTeamCheckoutSession ${input.quantity}`);
    const id = this.id("cs");
    this.sessions.set(id, { id, customerId: input.customerId, subscriptionId: null, userId: input.teamId, priceId: input.priceId });
    return { id, url: `https://checkout.example/${id}` };
  }
  /** A flat share: half of a month's price per seat added or removed (the real proration is the fake's, over HTTP). */
  async previewSeatChange(sub: { id: string }, quantity: number) {
    this.calls.push(`previewSeatChange ${quantity}`);
    const current = this.subscriptions.get(sub.id)!;
    return { amountDue: ((quantity - current.quantity) * (current.price?.unitAmount ?? 0)) / 2, currency: "usd", date: null };
  }
  async changeSeats(sub: { id: string }, quantity: number) {
    this.calls.push(`changeSeats ${quantity}`);
    return this.update(sub.id, { quantity });
  }
}

/** A webhook delivery as the provider sends it: the event's JSON and its Stripe-Signature header, signed at `signedAt`. */
export function signedDelivery(
  event: { id: string; type: string; created?: number; object: Record<string, unknown> },
  signedAt: Date,
  secret = TEST_WEBHOOK_SECRET,
): { body: Uint8Array; signature: string; text: string } {
  const text = JSON.stringify({
    id: event.id,
    object: "event",
    type: event.type,
    created: event.created ?? Math.floor(signedAt.getTime() / 1000),
    data: { object: event.object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: text, secret, timestamp: Math.floor(signedAt.getTime() / 1000) });
  return { body: new TextEncoder().encode(text), signature, text };
}

/** Runs every queued billing job to its end, as a worker would; returns how many ran. */
export async function runBillingJobs(database: Database, gateway: PaymentGateway, now: Date): Promise<number> {
  const handler = billingEventJobHandler(
    () => gateway,
    () => now,
  );
  let ran = 0;
  for (let job; (job = await claimNextJob(database, "test-worker", [BILLING_EVENT_JOB])); ran++) {
    try {
      const output = await handler({
        database,
        job,
        signal: new AbortController().signal,
        progress: async () => true,
        logError: async () => {},
      });
      await finishJob(database, job.id, "test-worker", { status: "completed", processedOutput: output });
    } catch (error) {
      await finishJob(database, job.id, "test-worker", { status: "failed", error: String(error) });
    }
  }
  return ran;
}
