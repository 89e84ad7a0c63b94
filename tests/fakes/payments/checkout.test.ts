/**
 * The hosted Checkout page posted as a browser without JavaScript would, with each test card: what the customer
 * sees, where they are sent, what the API then says, and which webhooks the app receives, verified as it will.
 */
import Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CARDS, START, payCheckout, startFixture, subscribe, type Fixture } from "./fake-test-support.ts";

let f: Fixture;
beforeEach(async () => {
  f = await startFixture();
});
afterEach(async () => {
  await f.close();
});

async function openSession(extra: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
  const [price] = (await f.stripe.prices.list({ lookup_keys: ["introbase_premium_monthly"] })).data;
  return f.stripe.checkout.sessions.create({
    mode: "subscription",
    line_items: [{ price: price!.id, quantity: 1 }],
    success_url: "http://app.test/billing/success?session_id={CHECKOUT_SESSION_ID}",
    cancel_url: "http://app.test/billing",
    client_reference_id: "user-7",
    metadata: { user_id: "user-7" },
    subscription_data: { metadata: { user_id: "user-7" } },
    allow_promotion_codes: true,
    ...extra,
  });
}

describe("hosted Checkout", () => {
  it("shows what is bought and a labelled card form", async () => {
    const session = await openSession({ customer_email: "bea@example.com" });
    expect(session).toMatchObject({
      object: "checkout.session",
      status: "open",
      payment_status: "unpaid",
      mode: "subscription",
      amount_total: 9900,
      expires_at: START + 86400,
    });
    const res = await fetch(session.url!);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain("Subscribe to Premium");
    expect(html).toContain("$99.00");
    expect(html).toContain("bea@example.com");
    for (const field of ["number", "expiry", "cvc", "name"])
      expect(html).toMatch(new RegExp(`<label for="${field}">[\\s\\S]*?<input id="${field}" name="${field}"`));
    expect(html).toContain('href="http://app.test/billing"');
  });

  it("pays with 4242 4242 4242 4242: redirects to success_url, creates customer, subscription and paid invoice, sends the webhooks in order", async () => {
    const session = await openSession();
    const noEmail = await payCheckout(session.url!, CARDS.pays);
    expect(noEmail.status).toBe(400);
    expect(noEmail.html).toContain("Your email address is incomplete.");
    const paid = await payCheckout(session.url!, CARDS.pays, { email: "cy@example.com" });
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`http://app.test/billing/success?session_id=${session.id}`);
    const done = await f.stripe.checkout.sessions.retrieve(session.id, { expand: ["subscription", "line_items", "invoice"] });
    expect(done).toMatchObject({
      status: "complete",
      payment_status: "paid",
      client_reference_id: "user-7",
      customer_details: { email: "cy@example.com", name: "Ada Lovelace" },
    });
    const sub = done.subscription as Stripe.Subscription;
    expect(sub).toMatchObject({
      status: "active",
      customer: done.customer,
      metadata: { user_id: "user-7" },
      cancel_at_period_end: false,
      latest_invoice: (done.invoice as Stripe.Invoice).id,
    });
    expect(sub.items.data[0]).toMatchObject({
      current_period_start: START,
      current_period_end: Date.UTC(2027, 1, 15, 12) / 1000,
      price: { lookup_key: "introbase_premium_monthly" },
    });
    expect(done.line_items?.data[0]).toMatchObject({ amount_total: 9900, quantity: 1, price: { id: sub.items.data[0]!.price.id } });
    const customer = (await f.stripe.customers.retrieve(String(done.customer))) as Stripe.Customer;
    expect(customer.email).toBe("cy@example.com");
    const invoice = await f.stripe.invoices.retrieve((done.invoice as Stripe.Invoice).id, {
      expand: ["payments.data.payment.payment_intent"],
    });
    expect(invoice).toMatchObject({
      status: "paid",
      amount_paid: 9900,
      billing_reason: "subscription_create",
      parent: { subscription_details: { subscription: sub.id } },
    });
    const intent = invoice.payments!.data[0]!.payment.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({ status: "succeeded", amount: 9900 });
    const charge = await f.stripe.charges.retrieve(String(intent.latest_charge));
    expect(charge).toMatchObject({ paid: true, amount: 9900, payment_method_details: { card: { last4: "4242", brand: "visa" } } });

    await f.fake.settled();
    expect(f.types()).toEqual([
      "customer.created",
      "checkout.session.completed",
      "customer.subscription.created",
      "invoice.paid",
      "invoice.payment_succeeded",
    ]);
    const completed = f.verify(f.receiver.received[1]!) as Stripe.CheckoutSessionCompletedEvent;
    expect(completed).toMatchObject({
      object: "event",
      api_version: Stripe.API_VERSION,
      livemode: false,
      created: START,
      pending_webhooks: 1,
    });
    expect(completed.id).toMatch(/^evt_/);
    expect(completed.data.object).toMatchObject({
      id: session.id,
      client_reference_id: "user-7",
      subscription: sub.id,
      customer: customer.id,
    });
    // What Stripe sends and nothing of the fake's own bookkeeping.
    for (const delivery of f.receiver.received) expect(delivery.body).not.toMatch(/"__/);
    expect((completed.data.object as unknown as Record<string, unknown>).line_items).toBeUndefined();
  });

  it("serves the first invoice as a real PDF", async () => {
    const { session } = await subscribe(f);
    const invoice = await f.stripe.invoices.retrieve(String(session.invoice));
    const res = await fetch(invoice.invoice_pdf!);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const pdf = Buffer.from(await res.arrayBuffer()).toString("latin1");
    expect(pdf.startsWith("%PDF-1.4\n")).toBe(true);
    expect(pdf.trimEnd().endsWith("%%EOF")).toBe(true);
    // Every object sits at the offset the cross-reference table gives, as a reader looks it up.
    const start = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(start, start + 4)).toBe("xref");
    const offsets = [...pdf.slice(start).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((offset, i) => expect(pdf.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true));
    expect(pdf).toContain(`(Invoice ${invoice.number}) Tj`);
    expect(pdf).toContain("(Total: $29.00) Tj");
    expect((await fetch(invoice.hosted_invoice_url!)).status).toBe(200);
  });

  it("declines 4000 0000 0000 0002 with the bank's message and leaves the session open", async () => {
    const session = await openSession({ customer_email: "dee@example.com" });
    const declined = await payCheckout(session.url!, CARDS.declined);
    expect(declined.status).toBe(402);
    expect(declined.html).toContain("Your card has been declined.");
    expect((await f.stripe.checkout.sessions.retrieve(session.id)).status).toBe("open");
    expect((await f.stripe.subscriptions.list()).data).toHaveLength(0);
    expect((await payCheckout(session.url!, CARDS.pays)).status).toBe(303);
  });

  it("asks 4000 0025 0000 3155 for authentication: failing it leaves the session open, completing it pays", async () => {
    const session = await openSession({ customer_email: "eve@example.com" });
    const asked = await payCheckout(session.url!, CARDS.authenticates);
    expect(asked).toMatchObject({ status: 303, location: `/c/pay/${session.id}/authenticate` });
    const page = await (await fetch(`${f.fake.url}${asked.location}`)).text();
    expect(page).toContain('value="complete"');
    const failed = await fetch(`${f.fake.url}${asked.location}`, {
      method: "POST",
      body: new URLSearchParams({ action: "fail" }),
      redirect: "manual",
    });
    expect(failed.status).toBe(402);
    expect(await failed.text()).toContain("We are unable to authenticate your payment method.");
    expect((await f.stripe.checkout.sessions.retrieve(session.id)).status).toBe("open");
    await payCheckout(session.url!, CARDS.authenticates);
    const completed = await fetch(`${f.fake.url}${asked.location}`, {
      method: "POST",
      body: new URLSearchParams({ action: "complete" }),
      redirect: "manual",
    });
    expect(completed.status).toBe(303);
    expect(completed.headers.get("location")).toBe(`http://app.test/billing/success?session_id=${session.id}`);
    expect((await f.stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe("paid");
  });

  it("refuses a trial, which the fake would otherwise charge at once", async () => {
    const error = await openSession({ customer_email: "ivy@example.com", subscription_data: { trial_period_days: 14 } }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ statusCode: 400, param: "subscription_data[trial_period_days]" });
  });

  it("checks the card form as Stripe's does, and declines 0341 at once (it only attaches)", async () => {
    const session = await openSession({ customer_email: "fay@example.com" });
    expect((await payCheckout(session.url!, "4242 4242 4242 4241")).html).toContain("Your card number is invalid.");
    expect((await payCheckout(session.url!, "4242 4242")).html).toContain("Your card number is incomplete.");
    expect((await payCheckout(session.url!, CARDS.pays, { expiry: "12 / 26" })).html).toContain(
      "Your card&#39;s expiration date is in the past.",
    );
    expect((await payCheckout(session.url!, CARDS.pays, { cvc: "1" })).html).toContain("Your card&#39;s security code is incomplete.");
    expect((await payCheckout(session.url!, "4111 1111 1111 1111")).html).toContain("used a non test (live) card");
    const failsLater = await payCheckout(session.url!, CARDS.failsLater);
    expect(failsLater.status).toBe(402);
    expect(failsLater.html).toContain("Your card has been declined.");
  });

  it("expires a session through the API or after 24 hours, and refuses to pay an expired one", async () => {
    const session = await openSession({ customer_email: "gus@example.com" });
    const expired = await f.stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ status: "expired", url: null });
    const again = await f.stripe.checkout.sessions.expire(session.id).catch((e: unknown) => e);
    expect(again).toMatchObject({ statusCode: 400, type: "StripeInvalidRequestError" });
    expect((await fetch(session.url!)).status).toBe(410);
    expect((await payCheckout(session.url!, CARDS.pays)).status).toBe(410);
    const later = await openSession({ customer_email: "hal@example.com" });
    f.fake.advance(24 * 60 * 60);
    expect((await f.stripe.checkout.sessions.retrieve(later.id)).status).toBe("expired");
    await f.fake.settled();
    expect(f.types()).toEqual(["checkout.session.expired", "checkout.session.expired"]);
  });

  it("puts a paying customer's session on that customer, whose subscriptions expand", async () => {
    const { customer, session, subscription, paid } = await subscribe(f);
    expect(paid.status).toBe(303);
    expect(session.customer).toBe(customer.id);
    expect(subscription.customer).toBe(customer.id);
    expect((await f.stripe.customers.list()).data).toHaveLength(1);
    const expanded = (await f.stripe.customers.retrieve(customer.id, { expand: ["subscriptions"] })) as Stripe.Customer;
    expect(expanded.subscriptions?.data.map((s) => s.id)).toEqual([subscription.id]);
    expect((await f.stripe.customers.retrieve(customer.id)) as Stripe.Customer).not.toHaveProperty("subscriptions");
  });
});
