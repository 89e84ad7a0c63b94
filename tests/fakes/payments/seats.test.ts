/**
 * Seats: a price sold per unit (the team plan, a product with a unit_label) bought in a quantity at Checkout, and the
 * quantity changed later with Stripe's prorations, through the official client as an app would.
 */
import Stripe from "stripe";
import { afterEach, describe, expect, it } from "vitest";
import { CARDS, START, payCheckout, startFixture, type Fixture } from "./fake-test-support.ts";

let f: Fixture;
afterEach(async () => {
  await f.close();
});

const DAY = 86400;
const FEB_15 = Date.UTC(2027, 1, 15, 12) / 1000;
const price = async (key: string) => (await f.stripe.prices.list({ lookup_keys: [key] })).data[0]!;
const events = async (type: string) => {
  await f.fake.settled();
  return f.receiver.received.map((r) => f.verify(r)).filter((e) => e.type === type);
};

/** A team customer buying `seats` seats of the monthly team price, paid; webhooks delivered. */
async function buySeats(seats: number) {
  const team = await price("introbase_team_monthly");
  const customer = await f.stripe.customers.create({ name: "Northwind Ventures", metadata: { team_id: "team-1" } });
  const session = await f.stripe.checkout.sessions.create({
    mode: "subscription",
    customer: customer.id,
    line_items: [{ price: team.id, quantity: seats }],
    subscription_data: { metadata: { team_id: "team-1" } },
    success_url: "http://app.test/teams/team-1/billing?session_id={CHECKOUT_SESSION_ID}",
    cancel_url: "http://app.test/teams/team-1/billing",
  });
  const page = await (await fetch(session.url!)).text();
  const paid = await payCheckout(session.url!, CARDS.pays);
  await f.fake.settled();
  const done = await f.stripe.checkout.sessions.retrieve(session.id);
  const subscription = await f.stripe.subscriptions.retrieve(String(done.subscription));
  return { team, customer, session, done, subscription, page, paid };
}

const refusal = (promise: Promise<unknown>) => promise.then(() => null).catch((e: unknown) => e);

describe("buying seats at Checkout", () => {
  it("sells a per-seat price in a quantity: the session, the subscription item and the first invoice say how many", async () => {
    f = await startFixture();
    const { team, session, subscription, page, paid } = await buySeats(3);
    expect(session).toMatchObject({ amount_subtotal: 3 * 7900, amount_total: 3 * 7900 });
    expect(page).toContain("Introbase Team × 3 seats");
    expect(page).toContain("$237.00");
    expect(paid.status).toBe(303);
    const lineItems = await f.stripe.checkout.sessions.listLineItems(session.id);
    expect(lineItems.data[0]).toMatchObject({ quantity: 3, amount_total: 23700, price: { id: team.id } });
    expect(subscription.items.data[0]).toMatchObject({ quantity: 3, price: { id: team.id } });
    expect(subscription.metadata).toEqual({ team_id: "team-1" });
    const invoice = await f.stripe.invoices.retrieve(String(subscription.latest_invoice));
    expect(invoice).toMatchObject({ status: "paid", amount_paid: 23700, billing_reason: "subscription_create" });
    expect(invoice.lines.data.map((l) => [l.quantity, l.amount, l.description])).toEqual([
      [3, 23700, "3 × Introbase Team (at $79.00 / month)"],
    ]);
  });

  it("refuses what Stripe refuses (0, negative, not a whole number) and more than one of a plan not sold per seat", async () => {
    f = await startFixture();
    const team = await price("introbase_team_monthly");
    const premium = await price("introbase_premium_monthly");
    const create = (p: string, quantity: number) =>
      refusal(
        f.stripe.checkout.sessions.create({
          mode: "subscription",
          line_items: [{ price: p, quantity }],
          success_url: "http://app.test/ok",
        }),
      );
    for (const quantity of [0, -2, 1.5]) {
      const refused = await create(team.id, quantity);
      expect(refused, `quantity ${quantity}`).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(refused).toMatchObject({ statusCode: 400, param: "line_items[0][quantity]" });
    }
    const twoPremiums = await create(premium.id, 2);
    expect(twoPremiums).toMatchObject({ statusCode: 400, param: "line_items[0][quantity]" });
    expect(String((twoPremiums as Error).message)).toMatch(/unit_label/);
  });
});

describe("changing the number of seats", () => {
  it("invoices the prorated extra seats at once with always_invoice, and the event names the quantity before", async () => {
    f = await startFixture();
    const { subscription } = await buySeats(3);
    f.fake.advance(10 * DAY + 6 * 3600);
    const item = subscription.items.data[0]!;
    const preview = await f.stripe.invoices.createPreview({
      subscription: subscription.id,
      subscription_details: { items: [{ id: item.id, quantity: 5 }], proration_behavior: "always_invoice" },
    });
    const updated = await f.stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, quantity: 5 }],
      proration_behavior: "always_invoice",
      payment_behavior: "error_if_incomplete",
    });
    expect(updated.items.data[0]).toMatchObject({ id: item.id, quantity: 5, current_period_end: FEB_15 });
    const invoice = await f.stripe.invoices.retrieve(String(updated.latest_invoice));
    const left = (FEB_15 - (START + 10 * DAY + 6 * 3600)) / (FEB_15 - START);
    const owed = Math.round(5 * 7900 * left) - Math.round(3 * 7900 * left);
    expect(invoice).toMatchObject({ billing_reason: "subscription_update", status: "paid", amount_paid: owed });
    expect(preview.amount_due).toBe(owed);
    expect(invoice.lines.data.map((l) => [l.quantity, l.amount])).toEqual([
      [3, -Math.round(3 * 7900 * left)],
      [5, Math.round(5 * 7900 * left)],
    ]);
    const [change] = await events("customer.subscription.updated");
    const before = (change as Stripe.CustomerSubscriptionUpdatedEvent).data.previous_attributes?.items?.data[0];
    expect(before?.quantity).toBe(3);
    expect((change!.data.object as Stripe.Subscription).items.data[0]!.quantity).toBe(5);
  });

  it("credits fewer seats to the balance, which pays the next renewal of the smaller team", async () => {
    f = await startFixture();
    const { subscription, customer } = await buySeats(3);
    f.fake.advance(15 * DAY + 12 * 3600); // half of the 31-day period
    const item = subscription.items.data[0]!;
    await f.stripe.subscriptions.update(subscription.id, { items: [{ id: item.id, quantity: 1 }], proration_behavior: "always_invoice" });
    const credit = -Math.round(7900 * 2 * 0.5);
    expect(((await f.stripe.customers.retrieve(customer.id)) as Stripe.Customer).balance).toBe(credit);
    f.fake.advance(16 * DAY);
    const [renewal] = (await f.stripe.invoices.list({ subscription: subscription.id, limit: 1 })).data;
    expect(renewal).toMatchObject({ billing_reason: "subscription_cycle", subtotal: 7900, starting_balance: credit, status: "paid" });
    expect(renewal!.amount_due).toBe(7900 + credit);
    expect(renewal!.lines.data[0]!.quantity).toBe(1);
  });

  it("keeps create_prorations for the renewal, as the preview showed; none changes only the seats", async () => {
    f = await startFixture();
    const { subscription } = await buySeats(2);
    f.fake.advance(15 * DAY + 12 * 3600);
    const item = subscription.items.data[0]!;
    const preview = await f.stripe.invoices.createPreview({
      subscription: subscription.id,
      subscription_details: { items: [{ id: item.id, quantity: 4 }], proration_behavior: "create_prorations" },
    });
    await f.stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, quantity: 4 }],
      proration_behavior: "create_prorations",
    });
    expect((await f.stripe.invoices.list({ subscription: subscription.id })).data).toHaveLength(1);
    expect(preview.lines.data.map((l) => l.amount)).toEqual([-Math.round(2 * 7900 * 0.5), Math.round(4 * 7900 * 0.5), 4 * 7900]);
    f.fake.advance(16 * DAY);
    const [renewal] = (await f.stripe.invoices.list({ subscription: subscription.id, limit: 1 })).data;
    expect(renewal).toMatchObject({ total: preview.total, status: "paid" });

    await f.stripe.subscriptions.update(subscription.id, { items: [{ id: item.id, quantity: 6 }], proration_behavior: "none" });
    const next = await f.stripe.invoices.createPreview({ subscription: subscription.id });
    expect(next.lines.data.map((l) => [l.quantity, l.amount])).toEqual([[6, 6 * 7900]]);
  });

  it("refuses a quantity of 0 or a second seat of a plan that is not sold per seat", async () => {
    f = await startFixture();
    const { subscription } = await buySeats(2);
    const item = subscription.items.data[0]!;
    const zero = await refusal(f.stripe.subscriptions.update(subscription.id, { items: [{ id: item.id, quantity: 0 }] }));
    expect(zero).toMatchObject({ statusCode: 400, param: "items[0][quantity]" });
    const premium = await price("introbase_premium_monthly");
    const twoPremiums = await refusal(
      f.stripe.subscriptions.update(subscription.id, { items: [{ id: item.id, price: premium.id, quantity: 2 }] }),
    );
    expect(twoPremiums).toMatchObject({ statusCode: 400, param: "items[0][quantity]" });
    expect((await f.stripe.subscriptions.retrieve(subscription.id)).items.data[0]!.quantity).toBe(2);
  });
});
