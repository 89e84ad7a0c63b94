/**
 * A subscription's life through the official client and the fake's clock: plan changes with their prorations,
 * cancelling and resuming, renewals, failed renewals and their retries, the preview of the next invoice, refunds.
 */
import Stripe from "stripe";
import { afterEach, describe, expect, it } from "vitest";
import { CARDS, START, startFixture, subscribe, type Fixture } from "./fake-test-support.ts";

let f: Fixture;
afterEach(async () => {
  await f.close();
});

const DAY = 86400;
const FEB_15 = Date.UTC(2027, 1, 15, 12) / 1000;
const MAR_15 = Date.UTC(2027, 2, 15, 12) / 1000;
const events = async (type: string) => {
  await f.fake.settled();
  return f.receiver.received.map((r) => f.verify(r)).filter((e) => e.type === type);
};
const price = async (key: string) => (await f.stripe.prices.list({ lookup_keys: [key] })).data[0]!;

/** Replaces the card on file through the portal's form, as a customer would. */
async function portalCard(customer: string, number: string) {
  const portal = await f.stripe.billingPortal.sessions.create({ customer, return_url: "http://app.test/settings/billing" });
  const res = await fetch(`${portal.url}/payment-method`, {
    method: "POST",
    body: new URLSearchParams({ number, expiry: "12 / 30", cvc: "123" }),
    redirect: "manual",
  });
  return { portal, res };
}

describe("plan changes", () => {
  it("invoices the prorated difference at once with always_invoice, and says what changed", async () => {
    f = await startFixture();
    const { subscription } = await subscribe(f);
    const premium = await price("introbase_premium_monthly");
    f.fake.advance(10 * DAY + 6 * 3600); // a third of the way through the 31-day January period, to the second
    const item = subscription.items.data[0]!;
    const updated = await f.stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: premium.id }],
      proration_behavior: "always_invoice",
    });
    expect(updated.items.data[0]).toMatchObject({ id: item.id, price: { id: premium.id }, current_period_end: FEB_15 });
    const invoice = await f.stripe.invoices.retrieve(String(updated.latest_invoice));
    const left = (FEB_15 - (START + 10 * DAY + 6 * 3600)) / (FEB_15 - START);
    expect(invoice).toMatchObject({
      billing_reason: "subscription_update",
      status: "paid",
      amount_paid: Math.round(9900 * left) - Math.round(2900 * left),
    });
    expect(invoice.lines.data.map((l) => [l.amount, l.parent?.subscription_item_details?.proration])).toEqual([
      [-Math.round(2900 * left), true],
      [Math.round(9900 * left), true],
    ]);
    const [change] = await events("customer.subscription.updated");
    expect((change as Stripe.CustomerSubscriptionUpdatedEvent).data.previous_attributes?.items?.data[0]?.price.id).toBe(item.price.id);
  });

  it("keeps create_prorations for the next renewal, where the preview and then the invoice show them", async () => {
    f = await startFixture();
    const { subscription } = await subscribe(f);
    const premium = await price("introbase_premium_monthly");
    f.fake.advance(15 * DAY);
    const preview = await f.stripe.invoices.createPreview({
      subscription: subscription.id,
      subscription_details: { items: [{ id: subscription.items.data[0]!.id, price: premium.id }], proration_behavior: "create_prorations" },
    });
    await f.stripe.subscriptions.update(subscription.id, { items: [{ id: subscription.items.data[0]!.id, price: premium.id }] });
    expect((await f.stripe.invoices.list({ subscription: subscription.id })).data).toHaveLength(1);
    const upcoming = await f.stripe.invoices.createPreview({ subscription: subscription.id });
    expect(upcoming.total).toBe(preview.total);
    expect(upcoming.lines.data.map((l) => l.amount)).toEqual([-Math.round((2900 * 16) / 31), Math.round((9900 * 16) / 31), 9900]);
    f.fake.advance(16 * DAY);
    const [renewal] = (await f.stripe.invoices.list({ subscription: subscription.id, limit: 1 })).data;
    expect(renewal).toMatchObject({
      billing_reason: "subscription_cycle",
      total: upcoming.total,
      status: "paid",
      period_start: FEB_15,
      period_end: MAR_15,
    });
  });

  it("restarts the cycle on a change to annual, invoicing the year less the unused month", async () => {
    f = await startFixture();
    const { subscription } = await subscribe(f);
    const annual = await price("introbase_subscriber_annual");
    const updated = await f.stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0]!.id, price: annual.id }],
      proration_behavior: "create_prorations",
    });
    expect(updated.items.data[0]).toMatchObject({ current_period_start: START, current_period_end: Date.UTC(2028, 0, 15, 12) / 1000 });
    expect(updated.billing_cycle_anchor).toBe(START);
    const invoice = await f.stripe.invoices.retrieve(String(updated.latest_invoice));
    expect(invoice).toMatchObject({ total: 29000 - 2900, amount_paid: 26100, status: "paid" });
  });

  it("credits a downgrade to the customer's balance and spends it on the next invoice", async () => {
    f = await startFixture();
    const { subscription, customer } = await subscribe(f, "introbase_premium_monthly");
    const cheaper = await price("introbase_subscriber_monthly");
    await f.stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0]!.id, price: cheaper.id }],
      proration_behavior: "always_invoice",
    });
    expect(((await f.stripe.customers.retrieve(customer.id)) as Stripe.Customer).balance).toBe(-7000);
    f.fake.advance(31 * DAY);
    const [renewal] = (await f.stripe.invoices.list({ subscription: subscription.id, limit: 1 })).data;
    expect(renewal).toMatchObject({ subtotal: 2900, amount_due: 0, starting_balance: -7000, ending_balance: -4100, status: "paid" });
  });
  it("refuses a change the card would decline with error_if_incomplete, changing nothing", async () => {
    f = await startFixture();
    const { subscription } = await subscribe(f);
    await f.fake.settled();
    f.fake.store.cards.set(String(subscription.default_payment_method), { kind: "attaches-then-fails" });
    const premium = await price("introbase_premium_monthly");
    const item = subscription.items.data[0]!;
    const refused = await f.stripe.subscriptions
      .update(subscription.id, {
        items: [{ id: item.id, price: premium.id }],
        proration_behavior: "always_invoice",
        payment_behavior: "error_if_incomplete",
      })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(refused).toMatchObject({ statusCode: 402, code: "card_declined", decline_code: "generic_decline" });
    const after = await f.stripe.subscriptions.retrieve(subscription.id);
    expect(after.items.data[0]!.price.id).toBe(item.price.id);
    expect((await f.stripe.invoices.list({ subscription: subscription.id })).data).toHaveLength(1);
    expect(await events("customer.subscription.updated")).toHaveLength(0);
  });
});

describe("cancelling", () => {
  it("cancels at the period's end (and can take it back), then ends the subscription when the period does", async () => {
    f = await startFixture();
    const { subscription } = await subscribe(f);
    const set = await f.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(set).toMatchObject({
      status: "active",
      cancel_at_period_end: true,
      cancel_at: FEB_15,
      canceled_at: START,
      cancellation_details: { reason: "cancellation_requested" },
    });
    expect(await f.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false })).toMatchObject({
      cancel_at_period_end: false,
      cancel_at: null,
    });
    await f.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    f.fake.advance(31 * DAY);
    expect(await f.stripe.subscriptions.retrieve(subscription.id)).toMatchObject({ status: "canceled", ended_at: FEB_15 });
    expect((await f.stripe.invoices.list({ subscription: subscription.id })).data).toHaveLength(1);
    expect((await events("customer.subscription.updated")).map((e) => (e.data.object as Stripe.Subscription).cancel_at_period_end)).toEqual(
      [true, false, true],
    );
    expect(await events("customer.subscription.deleted")).toHaveLength(1);
    expect((await f.stripe.subscriptions.list({ customer: String(subscription.customer) })).data).toHaveLength(0);
    expect((await f.stripe.subscriptions.list({ status: "canceled" })).data).toHaveLength(1);
  });

  it("cancels now on DELETE, once", async () => {
    f = await startFixture();
    const { subscription } = await subscribe(f);
    const canceled = await f.stripe.subscriptions.cancel(subscription.id, {
      invoice_now: false,
      prorate: false,
      expand: ["latest_invoice"],
    });
    expect(canceled).toMatchObject({ status: "canceled", ended_at: START, canceled_at: START, latest_invoice: { object: "invoice" } });
    expect(await f.stripe.subscriptions.cancel(subscription.id).catch((e: unknown) => e)).toMatchObject({ statusCode: 400 });
    expect(await f.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true }).catch((e: unknown) => e)).toMatchObject({
      statusCode: 400,
    });
    const [deleted] = await events("customer.subscription.deleted");
    expect((deleted!.data.object as Stripe.Subscription).status).toBe("canceled");
  });
});

describe("renewals", () => {
  it("renews each period with a paid invoice", async () => {
    f = await startFixture();
    const { subscription } = await subscribe(f);
    f.fake.advance(59 * DAY);
    const sub = await f.stripe.subscriptions.retrieve(subscription.id);
    expect(sub.items.data[0]).toMatchObject({ current_period_start: MAR_15, current_period_end: Date.UTC(2027, 3, 15, 12) / 1000 });
    const invoices = (await f.stripe.invoices.list({ subscription: subscription.id })).data;
    expect(invoices.map((i) => [i.billing_reason, i.status, i.period_start])).toEqual([
      ["subscription_cycle", "paid", MAR_15],
      ["subscription_cycle", "paid", FEB_15],
      ["subscription_create", "paid", START],
    ]);
    expect((await events("invoice.paid")).map((e) => e.created)).toEqual([START, FEB_15, MAR_15]);
  });

  it("fails a renewal on a card that starts failing: past_due, retried on schedule, then canceled", async () => {
    f = await startFixture();
    const { subscription, customer } = await subscribe(f);
    const { res } = await portalCard(customer.id, CARDS.failsLater);
    expect(res.status).toBe(303);
    f.fake.advance(31 * DAY);
    expect((await f.stripe.subscriptions.retrieve(subscription.id)).status).toBe("past_due");
    const [failed] = (await f.stripe.invoices.list({ subscription: subscription.id, status: "open" })).data;
    expect(failed).toMatchObject({ attempt_count: 1, next_payment_attempt: FEB_15 + 3 * DAY, amount_remaining: 2900 });
    f.fake.advance(15 * DAY);
    expect(await f.stripe.subscriptions.retrieve(subscription.id)).toMatchObject({
      status: "canceled",
      ended_at: FEB_15 + 15 * DAY,
      cancellation_details: { reason: "payment_failed" },
    });
    expect((await events("invoice.payment_failed")).map((e) => [e.created, (e.data.object as Stripe.Invoice).attempt_count])).toEqual([
      [FEB_15, 1],
      [FEB_15 + 3 * DAY, 2],
      [FEB_15 + 8 * DAY, 3],
      [FEB_15 + 15 * DAY, 4],
    ]);
    expect(await events("customer.subscription.deleted")).toHaveLength(1);
  });

  it("leaves the subscription unpaid after the retries when so configured", async () => {
    f = await startFixture({ dunning: { retryDays: [1], afterRetries: "unpaid" } });
    const { subscription } = await subscribe(f);
    // The control switches the card the subscription already has, as if the bank started refusing it.
    const switched = await fetch(`${f.fake.url}/__control/payment-methods/${String(subscription.default_payment_method)}/card`, {
      method: "POST",
      headers: { Authorization: `Bearer ${f.fake.controlToken}` },
      body: JSON.stringify({ number: "4000000000000341" }),
    });
    expect(switched.status).toBe(200);
    f.fake.advance(31 * DAY);
    expect((await f.stripe.subscriptions.retrieve(subscription.id)).status).toBe("past_due");
    f.fake.advance(DAY);
    expect((await f.stripe.subscriptions.retrieve(subscription.id)).status).toBe("unpaid");
  });

  it("pays a past-due invoice when the customer puts a working card in the portal", async () => {
    f = await startFixture();
    const { subscription, customer } = await subscribe(f);
    await portalCard(customer.id, CARDS.failsLater);
    f.fake.advance(32 * DAY);
    const { res } = await portalCard(customer.id, CARDS.pays);
    expect(res.headers.get("location")).toMatch(/\?done=card$/);
    expect((await f.stripe.subscriptions.retrieve(subscription.id)).status).toBe("active");
    expect((await f.stripe.invoices.list({ subscription: subscription.id, status: "open" })).data).toHaveLength(0);
    const statuses = (await events("customer.subscription.updated")).map((e) => (e.data.object as Stripe.Subscription).status);
    expect(statuses.at(-1)).toBe("active");
  });
});

describe("billing portal", () => {
  it("opens for a customer, shows the plan, cancels at the period's end and renews from its forms", async () => {
    f = await startFixture();
    const { customer, subscription } = await subscribe(f);
    expect(await f.stripe.billingPortal.sessions.create({ customer: "cus_missing" }).catch((e: unknown) => e)).toMatchObject({
      statusCode: 400,
      param: "customer",
    });
    const portal = await f.stripe.billingPortal.sessions.create({ customer: customer.id, return_url: "http://app.test/settings/billing" });
    expect(portal).toMatchObject({
      object: "billing_portal.session",
      customer: customer.id,
      return_url: "http://app.test/settings/billing",
    });
    const html = await (await fetch(portal.url)).text();
    expect(html).toContain("Subscriber");
    expect(html).toContain("Renews on 15 Feb 2027");
    expect(html).toContain("visa ending in 4242");
    expect(html).toContain('href="http://app.test/settings/billing"');
    const post = (action: string) =>
      fetch(`${portal.url}/${action}`, {
        method: "POST",
        body: new URLSearchParams({ subscription: subscription.id }),
        redirect: "manual",
      });
    expect((await post("cancel")).status).toBe(303);
    expect((await f.stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(true);
    expect(await (await fetch(`${portal.url}?done=canceled`)).text()).toContain("Your plan will be canceled on 15 Feb 2027.");
    await post("renew");
    expect((await f.stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(false);
    const declined = await portalCard(customer.id, CARDS.declined);
    expect(declined.res.status).toBe(402);
  });
});

describe("refunds", () => {
  it("refunds part then the rest of a charge, refuses more, and tells the app", async () => {
    f = await startFixture();
    const { session } = await subscribe(f);
    const invoice = await f.stripe.invoices.retrieve(String(session.invoice), { expand: ["payments"] });
    const intent = String(invoice.payments!.data[0]!.payment.payment_intent);
    const part = await f.stripe.refunds.create({ payment_intent: intent, amount: 900, reason: "requested_by_customer" });
    expect(part).toMatchObject({ object: "refund", amount: 900, status: "succeeded", payment_intent: intent });
    const tooMuch = await f.stripe.refunds.create({ payment_intent: intent, amount: 2001 }).catch((e: unknown) => e);
    expect(tooMuch).toMatchObject({
      statusCode: 400,
      code: "amount_too_large",
      param: "amount",
      message: "Refund amount ($20.01) is greater than unrefunded amount on charge ($20.00)",
    });
    const rest = await f.stripe.refunds.create({ charge: String(part.charge) });
    expect(rest.amount).toBe(2000);
    expect(await f.stripe.charges.retrieve(String(part.charge))).toMatchObject({ amount_refunded: 2900, refunded: true });
    expect(await f.stripe.refunds.create({ charge: String(part.charge) }).catch((e: unknown) => e)).toMatchObject({
      statusCode: 400,
      code: "charge_already_refunded",
    });
    expect(await f.stripe.refunds.create({}).catch((e: unknown) => e)).toMatchObject({ statusCode: 400, code: "parameter_missing" });
    const refunded = (await events("charge.refunded")) as Stripe.ChargeRefundedEvent[];
    expect(refunded.map((e) => [e.data.object.amount_refunded, e.data.previous_attributes?.amount_refunded])).toEqual([
      [900, 0],
      [2900, 900],
    ]);
    expect(await events("refund.created")).toHaveLength(2);
  });
});
