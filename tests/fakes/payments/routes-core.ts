/** Prices, products, customers, payment methods, payment intents, charges, invoice payments, refunds and events. */
import { StripeFakeError, badRequest, invalidParam, mergeMetadata, missingParam, noSuch, type Params } from "./api-errors.ts";
import { page, type Route } from "./api-server.ts";
import type { Billing } from "./billing.ts";
import { formatAmount } from "./billing-periods.ts";
import { list } from "./objects.ts";
import { refundObject } from "./payment-objects.ts";
import type { StripeObject } from "./store.ts";

const ID = "([^/]+)";
const path = (p: string) => new RegExp(`^${p.replaceAll(":id", ID)}$`);

/** A live customer by id: 404 in the path, 400 naming the parameter otherwise; deleted customers count as missing. */
export function findCustomer(billing: Billing, id: string, param?: string): StripeObject {
  const customer = billing.store.get(id, "customer");
  if (!customer || customer.__deleted) throw noSuch("customer", id, param);
  return customer;
}

export function find(billing: Billing, object: string, id: string, param?: string, kind = object): StripeObject {
  const found = billing.store.get(id, object);
  if (!found) throw noSuch(kind, id, param);
  return found;
}

export const PRORATIONS = ["create_prorations", "always_invoice", "none"] as const;

export function recurringPrice(billing: Billing, id: string, param: string): StripeObject {
  const price = find(billing, "price", id, param);
  if (!price.active) throw invalidParam(param, `The price specified is inactive. This field only accepts active prices.`);
  if (!price.recurring)
    throw invalidParam(
      param,
      `The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`.`,
    );
  return price;
}

const where = (params: Params, filters: Record<string, (o: StripeObject, value: string) => boolean>) => (o: StripeObject) =>
  Object.entries(filters).every(([name, test]) => {
    const value = params.string(name);
    return value === undefined || value === "" || test(o, value);
  });

/** `email:'a@b.c'`, `metadata['user_id']:'u1'`, `name:'x'` joined by AND: the part of Stripe's search language apps use. */
function searchCustomers(billing: Billing, query: string): StripeObject[] {
  const clauses = query.split(/\s+AND\s+/i).map((clause) => {
    const m = /^\s*(email|name|phone|metadata\[['"]([^'"]+)['"]\])\s*:\s*['"]([^'"]*)['"]\s*$/.exec(clause);
    if (!m)
      throw badRequest(
        `The payment fake understands only field:'value' clauses joined by AND (email, name, phone, metadata['key']); got: ${clause}`,
        { param: "query" },
      );
    return (c: StripeObject) => (m[2] ? (c.metadata as Record<string, string>)[m[2]] === m[3] : c[m[1]!] === m[3]);
  });
  return billing.store.all("customer").filter((c) => !c.__deleted && clauses.every((test) => test(c)));
}

export function coreRoutes(billing: Billing): Route[] {
  const store = billing.store;
  return [
    [
      "GET",
      path("/v1/prices"),
      ({ params }) => {
        const active = params.bool("active");
        const keys = params.strings("lookup_keys");
        const interval = params.object("recurring")?.oneOf("interval", ["day", "week", "month", "year"]);
        const prices = store
          .all("price")
          .filter(
            (p) =>
              (active === undefined || p.active === active) &&
              (keys.length === 0 || keys.includes(String(p.lookup_key))) &&
              (!interval || (p.recurring as { interval: string }).interval === interval) &&
              where(params, { product: (o, v) => o.product === v, currency: (o, v) => o.currency === v, type: (o, v) => o.type === v })(p),
          );
        return page(prices, params, "/v1/prices");
      },
    ],
    ["GET", path("/v1/prices/:id"), ({ ids }) => find(billing, "price", ids[0]!)],
    [
      "GET",
      path("/v1/products"),
      ({ params }) =>
        page(
          store.all("product").filter((p) => params.bool("active") === undefined || p.active === params.bool("active")),
          params,
          "/v1/products",
        ),
    ],
    ["GET", path("/v1/products/:id"), ({ ids }) => find(billing, "product", ids[0]!)],
    [
      "POST",
      path("/v1/customers"),
      ({ params, request }) =>
        billing.createCustomer(
          {
            email: params.string("email") || null,
            name: params.string("name") || null,
            description: params.string("description") || null,
            phone: params.string("phone") || null,
            metadata: mergeMetadata({}, params.metadata()),
          },
          request,
        ),
    ],
    [
      "GET",
      path("/v1/customers"),
      ({ params }) =>
        page(
          store
            .all("customer")
            .filter((c) => !c.__deleted)
            .filter(where(params, { email: (c, v) => c.email === v })),
          params,
          "/v1/customers",
        ),
    ],
    [
      "GET",
      path("/v1/customers/search"),
      ({ params }) => {
        const found = searchCustomers(billing, params.string("query", true));
        const limit = params.int("limit", { min: 1, max: 100 }) ?? 10;
        return {
          object: "search_result",
          id: "",
          data: found.slice(0, limit),
          has_more: found.length > limit,
          next_page: null,
          url: "/v1/customers/search",
        };
      },
    ],
    [
      "GET",
      path("/v1/customers/:id"),
      ({ ids }) => {
        const customer = find(billing, "customer", ids[0]!);
        return customer.__deleted ? { id: customer.id, object: "customer", deleted: true } : customer;
      },
    ],
    [
      "POST",
      path("/v1/customers/:id"),
      ({ ids, params, request }) => {
        const customer = findCustomer(billing, ids[0]!);
        const previous: Record<string, unknown> = {};
        const set = (field: string, value: unknown) => {
          if (value === undefined || JSON.stringify(customer[field]) === JSON.stringify(value)) return;
          previous[field] = customer[field];
          customer[field] = value;
        };
        for (const field of ["email", "name", "description", "phone"]) {
          const value = params.string(field);
          set(field, value === undefined ? undefined : value || null);
        }
        set("metadata", params.has("metadata") ? mergeMetadata(customer.metadata as Record<string, string>, params.metadata()) : undefined);
        const pm = params.object("invoice_settings")?.string("default_payment_method");
        if (pm) {
          const method = find(billing, "payment_method", pm, "invoice_settings[default_payment_method]");
          if (method.customer !== customer.id)
            throw invalidParam(
              "invoice_settings[default_payment_method]",
              `The customer does not have a payment method with the ID ${pm}. The payment method must be attached to the customer.`,
            );
          set("invoice_settings", { ...(customer.invoice_settings as object), default_payment_method: pm });
        }
        if (Object.keys(previous).length > 0) billing.webhooks.emit("customer.updated", customer, { previous, request });
        return customer;
      },
    ],
    [
      "DELETE",
      path("/v1/customers/:id"),
      ({ ids, request }) => {
        const customer = findCustomer(billing, ids[0]!);
        for (const sub of store.all("subscription").filter((s) => s.customer === customer.id && s.status !== "canceled")) {
          sub.status = "canceled";
          sub.ended_at = store.now();
          sub.canceled_at = store.now();
          billing.webhooks.emit("customer.subscription.deleted", sub, { request });
        }
        customer.__deleted = true;
        billing.webhooks.emit("customer.deleted", customer, { request });
        return { id: customer.id, object: "customer", deleted: true };
      },
    ],
    [
      "GET",
      path("/v1/customers/:id/payment_methods"),
      ({ ids, params }) =>
        page(
          store.all("payment_method").filter((p) => p.customer === findCustomer(billing, ids[0]!).id),
          params,
          `/v1/customers/${ids[0]}/payment_methods`,
        ),
    ],
    ["GET", path("/v1/payment_methods/:id"), ({ ids }) => find(billing, "payment_method", ids[0]!)],
    ["GET", path("/v1/payment_intents/:id"), ({ ids }) => find(billing, "payment_intent", ids[0]!)],
    [
      "GET",
      path("/v1/charges"),
      ({ params }) =>
        page(
          store
            .all("charge")
            .filter(where(params, { customer: (c, v) => c.customer === v, payment_intent: (c, v) => c.payment_intent === v })),
          params,
          "/v1/charges",
        ),
    ],
    ["GET", path("/v1/charges/:id"), ({ ids }) => find(billing, "charge", ids[0]!)],
    [
      "GET",
      path("/v1/invoice_payments"),
      ({ params }) =>
        page(store.all("invoice_payment").filter(where(params, { invoice: (p, v) => p.invoice === v })), params, "/v1/invoice_payments"),
    ],
    ["GET", path("/v1/invoice_payments/:id"), ({ ids }) => find(billing, "invoice_payment", ids[0]!)],
    ["POST", path("/v1/refunds"), ({ params, request }) => createRefund(billing, params, request)],
    [
      "GET",
      path("/v1/refunds"),
      ({ params }) =>
        page(
          store.all("refund").filter(where(params, { charge: (r, v) => r.charge === v, payment_intent: (r, v) => r.payment_intent === v })),
          params,
          "/v1/refunds",
        ),
    ],
    ["GET", path("/v1/refunds/:id"), ({ ids }) => find(billing, "refund", ids[0]!)],
    [
      "GET",
      path("/v1/events"),
      ({ params }) => {
        const types = [...params.strings("types"), ...(params.string("type") ? [params.string("type")!] : [])];
        const matches = (t: string) => types.length === 0 || types.some((p) => (p.endsWith(".*") ? t.startsWith(p.slice(0, -1)) : t === p));
        return page(
          store.all("event").filter((e) => matches(String(e.type))),
          params,
          "/v1/events",
        );
      },
    ],
    ["GET", path("/v1/events/:id"), ({ ids }) => find(billing, "event", ids[0]!)],
  ];
}

/** POST /v1/refunds: all or part of what is left of a charge (named directly or by its payment intent). */
function createRefund(billing: Billing, params: Params, request: { id: string; idempotencyKey: string | null }): StripeObject {
  const chargeId = params.string("charge");
  const intentId = params.string("payment_intent");
  if (!chargeId && !intentId) throw missingParam("charge");
  if (chargeId && intentId)
    throw badRequest("You may only specify one of these parameters: charge, payment_intent.", { code: "parameters_exclusive" });
  const charge = chargeId
    ? find(billing, "charge", chargeId, "charge")
    : (() => {
        const intent = find(billing, "payment_intent", intentId!, "payment_intent");
        if (!intent.latest_charge)
          throw badRequest(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, { param: "payment_intent" });
        return find(billing, "charge", String(intent.latest_charge));
      })();
  if (charge.status !== "succeeded")
    throw badRequest(`Charge ${charge.id} has not succeeded and cannot be refunded.`, { code: "charge_not_refundable" });
  const left = Number(charge.amount) - Number(charge.amount_refunded);
  if (left <= 0) throw badRequest(`Charge ${charge.id} has already been refunded.`, { code: "charge_already_refunded" });
  const amount = params.int("amount", { min: 1 }) ?? left;
  if (amount > left)
    throw new StripeFakeError(400, {
      type: "invalid_request_error",
      code: "amount_too_large",
      param: "amount",
      message: `Refund amount (${formatAmount(amount, String(charge.currency))}) is greater than unrefunded amount on charge (${formatAmount(left, String(charge.currency))})`,
    });
  const reason = params.oneOf("reason", ["duplicate", "fraudulent", "requested_by_customer"]) ?? null;
  const refund = billing.store.put(refundObject(billing.store, { amount, charge, reason, metadata: mergeMetadata({}, params.metadata()) }));
  const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
  charge.amount_refunded = Number(charge.amount_refunded) + amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  const refunds = charge.refunds as { data: StripeObject[] };
  charge.refunds = list([refund, ...refunds.data], `/v1/charges/${charge.id}/refunds`);
  billing.webhooks.emit("refund.created", refund, { request });
  billing.webhooks.emit("charge.refunded", charge, { previous, request });
  return refund;
}
