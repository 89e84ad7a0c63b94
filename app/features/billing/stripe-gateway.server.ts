/**
 * The payment gateway on Stripe's official client (decision 0079). The client does its own HTTP; it is given the app's
 * outbound fetch as its transport (DESIGN D16), so it reaches api.stripe.com like any public address and the local fake
 * only through OUTBOUND_ALLOWED_PRIVATE_ORIGINS. STRIPE_API_URL says where the API is. The client's API version is the
 * one its types describe; objects are always read back from the API in that version, never taken from a webhook's body.
 * The client retries what failed on the way (twice, with the idempotency keys it adds to every write).
 */
import Stripe from "stripe";
import { getEnv, type Env } from "~/lib/env.server.ts";
import { AppError } from "~/lib/errors.ts";
import { outboundFetch } from "~/lib/outbound-fetch.server.ts";
import {
  providerFailure,
  type PaymentGateway,
  type ProviderInvoice,
  type ProviderPrice,
  type ProviderSubscription,
} from "./payment-gateway.server.ts";

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === "string" ? value : (value?.id ?? null);
const dateOf = (seconds: number | null | undefined): Date | null => (typeof seconds === "number" ? new Date(seconds * 1000) : null);

/** Where the API is and the key to it: the settings' by default. */
type StripeSettings = Pick<Env, "STRIPE_API_URL" | "STRIPE_SECRET_KEY">;

/** The client for STRIPE_API_URL, with the app's outbound fetch as its transport. */
function createStripeClient(env: StripeSettings = getEnv(), fetchFn: typeof fetch = outboundFetch): Stripe {
  const url = new URL(env.STRIPE_API_URL);
  const https = url.protocol === "https:";
  return new Stripe(env.STRIPE_SECRET_KEY ?? "sk_test_unset", {
    httpClient: Stripe.createFetchHttpClient(fetchFn),
    host: url.hostname,
    port: url.port || (https ? 443 : 80),
    protocol: https ? "https" : "http",
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: "Introbase" },
  });
}

function price(p: Stripe.Price): ProviderPrice {
  return {
    id: p.id,
    lookupKey: p.lookup_key ?? null,
    unitAmount: p.unit_amount ?? null,
    currency: p.currency,
    interval: p.recurring?.interval ?? null,
    intervalCount: p.recurring?.interval_count ?? 1,
    active: p.active,
  };
}

function subscription(s: Stripe.Subscription): ProviderSubscription {
  const item = s.items.data[0];
  return {
    id: s.id,
    customerId: idOf(s.customer)!,
    status: s.status,
    metadataUserId: s.metadata?.userId ?? null,
    metadataTeamId: s.metadata?.teamId ?? null,
    quantity: item?.quantity ?? 1,
    itemId: item?.id ?? null,
    price: item ? price(item.price) : null,
    currentPeriodEnd: dateOf(item?.current_period_end),
    cancelAtPeriodEnd: s.cancel_at_period_end,
    endedAt: dateOf(s.ended_at),
  };
}

function invoice(i: Stripe.Invoice): ProviderInvoice {
  return {
    id: i.id,
    customerId: idOf(i.customer),
    subscriptionId: idOf(i.parent?.subscription_details?.subscription),
    number: i.number,
    status: i.status,
    amountDue: i.amount_due,
    amountPaid: i.amount_paid,
    currency: i.currency,
    created: new Date(i.created * 1000),
    paidAt: dateOf(i.status_transitions?.paid_at),
    hostedUrl: i.hosted_invoice_url ?? null,
    pdfUrl: i.invoice_pdf ?? null,
  };
}

/**
 * Runs one provider call; a declined card is the member's to hear about (409 with the bank's words), any other failure
 * a 502 saying nothing was done (the provider's words are logged).
 */
async function call<T>(doing: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError)
      throw new AppError(
        "conflict",
        `Your card was declined: ${error.message} Nothing was changed; update your payment method and try again.`,
        {
          cause: error,
        },
      );
    throw providerFailure(error, doing);
  }
}

/** A team's seats (decision 0119): the team's customer, its Checkout with a quantity, and changes of quantity. */
function teamSeatMethods(
  stripe: Stripe,
): Pick<PaymentGateway, "createTeamCustomer" | "createTeamCheckoutSession" | "previewSeatChange" | "changeSeats"> {
  return {
    createTeamCustomer: (team) =>
      call("the team's customer record", async () => {
        // One customer per team, even when two admins start a checkout at once (the key holds for a day).
        const customer = await stripe.customers.create(
          { email: team.email, name: team.name, metadata: { teamId: team.id } },
          { idempotencyKey: `introbase-team-customer-${team.id}` },
        );
        return customer.id;
      }),
    createTeamCheckoutSession: (input) =>
      call("the checkout", async () => {
        const session = await stripe.checkout.sessions.create({
          mode: "subscription",
          customer: input.customerId,
          client_reference_id: input.teamId,
          line_items: [{ price: input.priceId, quantity: input.quantity }],
          subscription_data: { metadata: { teamId: input.teamId } },
          metadata: { teamId: input.teamId },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        });
        if (!session.url) throw new Error("the checkout session has no url");
        return { id: session.id, url: session.url };
      }),
    previewSeatChange: (sub, quantity) =>
      call("the price of the change", async () => {
        const preview = await stripe.invoices.createPreview({
          customer: sub.customerId,
          subscription: sub.id,
          subscription_details: { items: [{ id: sub.itemId, quantity }], proration_behavior: "always_invoice" },
        });
        return { amountDue: preview.total, currency: preview.currency, date: null };
      }),
    changeSeats: (sub, quantity) =>
      call("the change of seats", async () =>
        subscription(
          await stripe.subscriptions.update(sub.id, {
            items: [{ id: sub.itemId, quantity }],
            // Added seats are charged now (refused, nothing changed, if the card declines); removed ones are credited.
            proration_behavior: "always_invoice",
            payment_behavior: "error_if_incomplete",
          }),
        ),
      ),
  };
}

function stripeGateway(stripe: Stripe = createStripeClient()): PaymentGateway {
  return {
    findPrice: (lookupKey) =>
      call("the price look-up", async () => {
        const { data } = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
        return data[0] ? price(data[0]) : null;
      }),
    createCustomer: (member) =>
      call("the customer record", async () => {
        // One customer per member, even when two checkouts start at once (the key holds for a day).
        const customer = await stripe.customers.create(
          { email: member.email, name: member.name, metadata: { userId: member.id } },
          { idempotencyKey: `introbase-customer-${member.id}` },
        );
        return customer.id;
      }),
    createCheckoutSession: (input) =>
      call("the checkout", async () => {
        const session = await stripe.checkout.sessions.create({
          mode: "subscription",
          customer: input.customerId,
          client_reference_id: input.userId,
          line_items: [{ price: input.priceId, quantity: 1 }],
          subscription_data: { metadata: { userId: input.userId } },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        });
        if (!session.url) throw new Error("the checkout session has no url");
        return { id: session.id, url: session.url };
      }),
    retrieveCheckoutSession: (id) =>
      call("reading the checkout", async () => {
        const s = await stripe.checkout.sessions.retrieve(id);
        return { id: s.id, customerId: idOf(s.customer), subscriptionId: idOf(s.subscription), clientReferenceId: s.client_reference_id };
      }),
    retrieveSubscription: (id) => call("reading the subscription", async () => subscription(await stripe.subscriptions.retrieve(id))),
    retrieveInvoice: (id) => call("reading the invoice", async () => invoice(await stripe.invoices.retrieve(id))),
    listInvoices: (customerId, options = {}) =>
      call("listing the invoices", async () => {
        if (!options.all) return (await stripe.invoices.list({ customer: customerId, limit: 24 })).data.map(invoice);
        // Page by page (100 each) to the end: a member's whole history, however long.
        return (await stripe.invoices.list({ customer: customerId, limit: 100 }).autoPagingToArray({ limit: 10_000 })).map(invoice);
      }),
    upcomingInvoice: (customerId, subscriptionId) =>
      call("the next invoice", async () => {
        try {
          const next = await stripe.invoices.createPreview({ customer: customerId, subscription: subscriptionId });
          return { amountDue: next.amount_due, currency: next.currency, date: dateOf(next.next_payment_attempt) };
        } catch (error) {
          // A subscription that ends at its period's end has no next invoice: the API says so with an invalid request.
          if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
          throw error;
        }
      }),
    changePrice: (sub, priceId, upgrade) =>
      call("the plan change", async () =>
        subscription(
          await stripe.subscriptions.update(sub.id, {
            items: [{ id: sub.itemId, price: priceId }],
            // An upgrade is charged now, and refused (nothing changed) if the card declines; a downgrade is credited on
            // the next invoice.
            proration_behavior: upgrade ? "always_invoice" : "create_prorations",
            payment_behavior: upgrade ? "error_if_incomplete" : "allow_incomplete",
          }),
        ),
      ),
    setCancelAtPeriodEnd: (id, cancel) =>
      call(cancel ? "the cancellation" : "the resumption", async () =>
        subscription(await stripe.subscriptions.update(id, { cancel_at_period_end: cancel })),
      ),
    cancelNow: (id) =>
      call("ending the subscription", async () =>
        subscription(await stripe.subscriptions.cancel(id, { prorate: false, invoice_now: false })),
      ),
    refundInvoice: (invoiceId) =>
      call("the refund", async () => {
        const paid = await stripe.invoices.retrieve(invoiceId, { expand: ["payments"] });
        for (const [n, payment] of (paid.payments?.data ?? []).entries()) {
          const paymentIntent = idOf(payment.payment.payment_intent);
          const charge = idOf(payment.payment.charge);
          if (!paymentIntent && !charge) continue;
          try {
            await stripe.refunds.create(paymentIntent ? { payment_intent: paymentIntent } : { charge: charge! }, {
              idempotencyKey: `introbase-refund-${invoiceId}-${n}`,
            });
          } catch (error) {
            // Refunded by an earlier try whose idempotency key has expired (a day): done, not a failure.
            if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "charge_already_refunded") continue;
            throw error;
          }
        }
      }),
    deleteCustomer: (customerId) =>
      call("deleting the customer", async () => {
        try {
          await stripe.customers.del(customerId);
        } catch (error) {
          // Deleted already (an earlier try of the erasure): the provider no longer knows it.
          if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing") return;
          throw error;
        }
      }),
    createPortalSession: (customerId, returnUrl) =>
      call(
        "opening the billing portal",
        async () => (await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl })).url,
      ),
    ...teamSeatMethods(stripe),
  };
}

/** A gateway to the API `settings` name, over `fetchFn` (a test's fake of Stripe, with the outbound rules allowing it). */
export function createStripeGateway(settings: StripeSettings, fetchFn: typeof fetch = outboundFetch): PaymentGateway {
  return stripeGateway(createStripeClient(settings, fetchFn));
}

let processGateway: PaymentGateway | undefined;

/** This process's gateway (made on first use, from the settings). */
export function getPaymentGateway(): PaymentGateway {
  processGateway ??= stripeGateway();
  return processGateway;
}

/** The gateway when the settings hold a key to the provider (Stripe billing, or a site that took payments before); else null. */
export function configuredPaymentGateway(): PaymentGateway | null {
  return getEnv().STRIPE_SECRET_KEY ? getPaymentGateway() : null;
}
