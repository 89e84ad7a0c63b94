/** Checkout Sessions, subscriptions, invoices (with the preview of the next one) and billing portal sessions. */
import { StripeFakeError, badRequest, invalidParam, mergeMetadata, missingParam, type Params } from "./api-errors.ts";
import { page, type Route } from "./api-server.ts";
import type { Billing } from "./billing.ts";
import { previewInvoice } from "./invoice-preview.ts";
import { checkoutSessionObject, portalSessionObject } from "./payment-objects.ts";
import { PRORATIONS, find, findCustomer, recurringPrice } from "./routes-core.ts";
import type { StripeObject } from "./store.ts";
import type { SubscriptionLifecycle } from "./subscription-lifecycle.ts";

const ID = "([^/]+)";
const path = (p: string) => new RegExp(`^${p.replaceAll(":id", ID)}$`);

/** Stripe's own ceiling on a line item's quantity. */
const MAX_QUANTITY = 999_999;

/** A price whose product is sold per unit (a `unit_label` such as "seat"): the only kind bought in quantities here. */
function soldPerUnit(billing: Billing, price: StripeObject): boolean {
  return Boolean(billing.store.get(String(price.product), "product")?.unit_label);
}

function createCheckoutSession(billing: Billing, params: Params, origin: string): StripeObject {
  const mode = params.string("mode", true);
  if (!["payment", "setup", "subscription"].includes(mode))
    throw invalidParam("mode", "Invalid mode: must be one of payment, setup, or subscription");
  if (mode !== "subscription") throw invalidParam("mode", `The payment fake serves mode=subscription only (got ${mode}).`);
  const items = params.objects("line_items");
  if (items.length === 0) throw missingParam("line_items");
  if (items.length > 1) throw invalidParam("line_items", "The payment fake keeps one line item per Checkout Session.");
  const item = items[0]!;
  const price = recurringPrice(billing, item.string("price", true), item.name("price"));
  const quantity = item.int("quantity", { min: 1, max: MAX_QUANTITY });
  if (quantity === undefined) throw missingParam(item.name("quantity"));
  if (quantity !== 1 && !soldPerUnit(billing, price))
    throw invalidParam(
      item.name("quantity"),
      "The payment fake sells a quantity of 1 of a product without a unit_label; only per-unit products (seats) take more.",
    );
  const subscriptionData = params.object("subscription_data");
  for (const trial of ["trial_period_days", "trial_end"])
    if (subscriptionData?.has(trial))
      throw invalidParam(subscriptionData.name(trial), "The payment fake has no trials: leave subscription_data[trial_*] out.");
  const customerId = params.string("customer");
  const customerEmail = params.string("customer_email");
  if (customerId && customerEmail)
    throw badRequest("You may only specify one of these parameters: customer, customer_email.", { code: "parameters_exclusive" });
  if (customerId) findCustomer(billing, customerId, "customer");
  const reference = params.string("client_reference_id");
  if (reference && reference.length > 200) throw invalidParam("client_reference_id", "client_reference_id must be at most 200 characters.");
  for (const name of ["success_url", "cancel_url"]) {
    const url = params.string(name);
    if (url && !/^https?:\/\/\S+$/.test(url)) throw invalidParam(name, "Not a valid URL", "url_invalid");
  }
  const session = billing.store.put(
    checkoutSessionObject(billing.store, {
      origin,
      customer: customerId || null,
      customerEmail: customerEmail || null,
      clientReferenceId: reference || null,
      metadata: mergeMetadata({}, params.metadata()),
      successUrl: params.string("success_url") || null,
      cancelUrl: params.string("cancel_url") || null,
      amount: Number(price.unit_amount) * quantity,
      currency: String(price.currency),
      allowPromotionCodes: params.bool("allow_promotion_codes") ?? null,
    }),
  );
  const expiresAt = params.int("expires_at");
  if (expiresAt !== undefined) {
    const created = Number(session.created);
    if (expiresAt < created + 30 * 60 || expiresAt > created + 24 * 60 * 60)
      throw invalidParam(
        "expires_at",
        "The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.",
      );
    session.expires_at = expiresAt;
  }
  const product = billing.store.get(String(price.product), "product");
  session.__line_items = [
    {
      id: billing.store.id("li"),
      object: "item",
      amount_discount: 0,
      amount_subtotal: Number(price.unit_amount) * quantity,
      amount_tax: 0,
      amount_total: Number(price.unit_amount) * quantity,
      currency: price.currency,
      description: product?.name ?? null,
      metadata: {},
      price: JSON.parse(JSON.stringify(price)) as StripeObject,
      quantity,
    },
  ];
  billing.store.checkoutState.set(session.id, {
    price: price.id,
    quantity,
    subscriptionMetadata: mergeMetadata({}, subscriptionData?.metadata()),
  });
  return session;
}

function updateSubscription(
  billing: Billing,
  lifecycle: SubscriptionLifecycle,
  sub: StripeObject,
  params: Params,
  request: { id: string; idempotencyKey: string | null },
): StripeObject {
  if (sub.status === "canceled") throw badRequest("A canceled subscription can only update its cancellation_details and metadata.");
  const behaviour = params.oneOf("proration_behavior", PRORATIONS) ?? "create_prorations";
  const items = params.objects("items");
  if (items.length > 1) throw invalidParam("items", "The payment fake keeps one item per subscription.");
  const change = items[0];
  let price: StripeObject | null = null;
  let quantity: number | undefined;
  if (change) {
    const itemId = change.string("id");
    if (!itemId)
      throw invalidParam(
        change.name("id"),
        "The payment fake keeps one item per subscription: pass items[0][id] with items[0][price] or items[0][quantity] to change it.",
      );
    if (itemId !== lifecycle.item(sub).id)
      throw invalidParam(change.name("id"), `Subscription item ${itemId} is not part of subscription ${sub.id}.`);
    if (change.bool("deleted"))
      throw invalidParam(
        change.name("deleted"),
        "The payment fake keeps one item per subscription: change its price instead of deleting it.",
      );
    const priceId = change.string("price");
    if (priceId) price = recurringPrice(billing, priceId, change.name("price"));
    // Stripe takes 0 too; the fake keeps a subscription at one unit at least (cancel it instead).
    quantity = change.int("quantity", { min: 1, max: MAX_QUANTITY });
    if (quantity !== undefined && quantity !== 1 && !soldPerUnit(billing, price ?? lifecycle.item(sub).price))
      throw invalidParam(change.name("quantity"), "The payment fake sells a quantity of 1 of a product without a unit_label.");
  }
  const pm = params.string("default_payment_method");
  if (pm) {
    const method = find(billing, "payment_method", pm, "default_payment_method");
    if (method.customer !== sub.customer)
      throw invalidParam(
        "default_payment_method",
        `The customer does not have a payment method with the ID ${pm}. The payment method must be attached to the customer.`,
      );
  }
  const metadata = params.metadata();
  const cancel = params.bool("cancel_at_period_end");
  if (metadata !== undefined || pm) {
    const previous = { metadata: sub.metadata, default_payment_method: sub.default_payment_method };
    sub.metadata = mergeMetadata(sub.metadata as Record<string, string>, metadata);
    if (pm) sub.default_payment_method = pm;
    if (!price && quantity === undefined && cancel === undefined)
      billing.webhooks.emit("customer.subscription.updated", sub, { previous, request });
  }
  const paymentBehavior = params.oneOf("payment_behavior", [
    "allow_incomplete",
    "default_incomplete",
    "error_if_incomplete",
    "pending_if_incomplete",
  ]);
  if (paymentBehavior === "pending_if_incomplete")
    throw invalidParam(
      "payment_behavior",
      "The payment fake keeps no pending updates: use error_if_incomplete (refused with a 402, nothing changed) or allow_incomplete.",
    );
  if (price || quantity !== undefined) {
    const item = lifecycle.item(sub);
    lifecycle.changeItem(
      sub,
      { price: price ?? item.price, quantity: quantity ?? Number(item.quantity) },
      behaviour,
      request,
      paymentBehavior === "error_if_incomplete",
    );
  }
  if (cancel !== undefined) lifecycle.setCancelAtPeriodEnd(sub, cancel, request);
  return sub;
}

export function billingRoutes(billing: Billing, lifecycle: SubscriptionLifecycle): Route[] {
  const store = billing.store;
  const openSession = (id: string) => {
    const session = find(billing, "checkout.session", id, undefined, "checkout.session");
    return session;
  };
  return [
    ["POST", path("/v1/checkout/sessions"), ({ params, origin }) => createCheckoutSession(billing, params, origin)],
    [
      "GET",
      path("/v1/checkout/sessions"),
      ({ params }) =>
        page(
          store
            .all("checkout.session")
            .filter((s) => ["customer", "subscription", "status"].every((f) => !params.string(f) || s[f] === params.string(f))),
          params,
          "/v1/checkout/sessions",
        ),
    ],
    ["GET", path("/v1/checkout/sessions/:id"), ({ ids }) => openSession(ids[0]!)],
    [
      "GET",
      path("/v1/checkout/sessions/:id/line_items"),
      ({ ids, params }) => page(openSession(ids[0]!).__line_items as StripeObject[], params, `/v1/checkout/sessions/${ids[0]}/line_items`),
    ],
    [
      "POST",
      path("/v1/checkout/sessions/:id/expire"),
      ({ ids, request }) => {
        const session = openSession(ids[0]!);
        if (session.status !== "open")
          throw badRequest(
            `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session.status)}".`,
          );
        lifecycle.expireSession(session, request);
        return session;
      },
    ],
    [
      "GET",
      path("/v1/subscriptions"),
      ({ params }) => {
        const status = params.oneOf("status", [
          "active",
          "all",
          "canceled",
          "ended",
          "incomplete",
          "incomplete_expired",
          "past_due",
          "paused",
          "trialing",
          "unpaid",
        ]);
        const price = params.string("price");
        const subs = store
          .all("subscription")
          .filter(
            (s) =>
              (!params.string("customer") || s.customer === params.string("customer")) &&
              (!price || lifecycle.item(s).price.id === price) &&
              (status === "all" ||
                (status === undefined ? s.status !== "canceled" : status === "ended" ? s.status === "canceled" : s.status === status)),
          );
        return page(subs, params, "/v1/subscriptions");
      },
    ],
    ["GET", path("/v1/subscriptions/:id"), ({ ids }) => find(billing, "subscription", ids[0]!)],
    [
      "POST",
      path("/v1/subscriptions/:id"),
      ({ ids, params, request }) => updateSubscription(billing, lifecycle, find(billing, "subscription", ids[0]!), params, request),
    ],
    [
      "DELETE",
      path("/v1/subscriptions/:id"),
      ({ ids, request }) => {
        const sub = find(billing, "subscription", ids[0]!);
        if (sub.status === "canceled")
          throw badRequest(`This subscription (${sub.id}) is already canceled.`, { code: "resource_already_canceled" });
        lifecycle.end(sub, "cancellation_requested", request);
        return sub;
      },
    ],
    [
      "GET",
      path("/v1/invoices"),
      ({ params }) => {
        const subscription = params.string("subscription");
        const invoices = store
          .all("invoice")
          .filter(
            (i) =>
              (!params.string("customer") || i.customer === params.string("customer")) &&
              (!params.string("status") || i.status === params.string("status")) &&
              (!subscription ||
                (i.parent as { subscription_details: { subscription: string } } | null)?.subscription_details.subscription ===
                  subscription),
          );
        return page(invoices, params, "/v1/invoices");
      },
    ],
    ["POST", path("/v1/invoices/create_preview"), ({ params }) => previewInvoice(billing, lifecycle, params)],
    ["GET", path("/v1/invoices/:id"), ({ ids }) => find(billing, "invoice", ids[0]!)],
    [
      "GET",
      path("/v1/invoices/:id/lines"),
      ({ ids, params }) =>
        page((find(billing, "invoice", ids[0]!).lines as { data: StripeObject[] }).data, params, `/v1/invoices/${ids[0]}/lines`),
    ],
    [
      "POST",
      path("/v1/billing_portal/sessions"),
      ({ params, origin }) => {
        const customer = findCustomer(billing, params.string("customer", true), "customer");
        const returnUrl = params.string("return_url");
        if (returnUrl && !/^https?:\/\/\S+$/.test(returnUrl)) throw invalidParam("return_url", "Not a valid URL", "url_invalid");
        if (params.has("flow_data"))
          throw new StripeFakeError(400, {
            type: "invalid_request_error",
            param: "flow_data",
            message: "The payment fake's portal has no flows: leave flow_data out.",
          });
        return store.put(
          portalSessionObject(store, { origin, customer: customer.id, returnUrl: returnUrl || null, configuration: "bpc_IBdefault" }),
        );
      },
    ],
  ];
}
