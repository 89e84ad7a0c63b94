/**
 * Stripe's objects as the API version the official client is pinned to (STRIPE_API_VERSION) serves them: every
 * top-level field present (null where Stripe sends null), references as ids, amounts in cents, times in seconds.
 * Since the 2025 "basil" versions the billing period lives on subscription items (`items.data[].current_period_*`)
 * and an invoice names its subscription under `parent.subscription_details` and its payments in `payments`
 * (invoice_payment objects holding the payment_intent), not in `subscription`, `payment_intent` or `charge`.
 */
import type { FakeStore, ListObject, StripeObject } from "./store.ts";

/** The version of the official `stripe` package this fake was written against (a unit test keeps them equal). */
export const STRIPE_API_VERSION = "2026-10-28.endive";

export const list = <T>(data: T[], url: string, hasMore = false): ListObject<T> => ({ object: "list", data, has_more: hasMore, url });

export interface CardDetails {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  fingerprint: string;
}

/**
 * A product; `unitLabel` ("seat") marks one sold per unit: only its prices may be bought in a quantity above 1 (the
 * fake's stand-in for Checkout's adjustable quantities, so a member's plan can never be bought twice over by mistake).
 */
export function productObject(
  store: FakeStore,
  p: { id: string; name: string; tier: string; created: number; unitLabel?: string | null },
): StripeObject {
  return {
    id: p.id,
    object: "product",
    active: true,
    created: p.created,
    default_price: null,
    description: null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: { tier: p.tier },
    name: p.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: "service",
    unit_label: p.unitLabel ?? null,
    updated: p.created,
    url: null,
  };
}

export function priceObject(
  store: FakeStore,
  p: {
    product: string;
    lookupKey: string;
    unitAmount: number;
    interval: "month" | "year";
    currency: string;
    tier: string;
    created: number;
  },
): StripeObject {
  return {
    id: store.id("price"),
    object: "price",
    active: true,
    billing_scheme: "per_unit",
    created: p.created,
    currency: p.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: p.lookupKey,
    metadata: { tier: p.tier },
    nickname: null,
    product: p.product,
    recurring: { interval: p.interval, interval_count: 1, meter: null, trial_period_days: null, usage_type: "licensed" },
    tax_behavior: "unspecified",
    tiers_mode: null,
    transform_quantity: null,
    type: "recurring",
    unit_amount: p.unitAmount,
    unit_amount_decimal: String(p.unitAmount),
  };
}

/** The legacy `plan` every subscription item still carries, mirroring its price. */
export function planOf(price: StripeObject): StripeObject {
  const recurring = price.recurring as { interval: string; interval_count: number; usage_type: string; meter: null };
  return {
    id: price.id,
    object: "plan",
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: "per_unit",
    created: price.created,
    currency: price.currency,
    interval: recurring.interval,
    interval_count: recurring.interval_count,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: null,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: recurring.usage_type,
  };
}

export function customerObject(
  store: FakeStore,
  c: { email: string | null; name: string | null; description: string | null; phone: string | null; metadata: Record<string, string> },
): StripeObject {
  const id = store.id("cus");
  return {
    id,
    object: "customer",
    address: null,
    balance: 0,
    created: store.now(),
    currency: null,
    customer_account: null,
    default_source: null,
    delinquent: false,
    description: c.description,
    discount: null,
    email: c.email,
    invoice_prefix: id.slice(-8).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: c.metadata,
    name: c.name,
    next_invoice_sequence: 1,
    phone: c.phone,
    preferred_locales: [],
    shipping: null,
    tax_exempt: "none",
    test_clock: null,
  };
}

export function paymentMethodObject(
  store: FakeStore,
  card: CardDetails,
  billing: { name: string | null; email: string | null },
  customer: string | null,
): StripeObject {
  return {
    id: store.id("pm"),
    object: "payment_method",
    allow_redisplay: "limited",
    billing_details: { address: null, email: billing.email, name: billing.name, phone: null, tax_id: null },
    card: {
      brand: card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: "pass" },
      country: "US",
      display_brand: card.brand,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
      fingerprint: card.fingerprint,
      funding: "credit",
      generated_from: null,
      last4: card.last4,
      networks: { available: [card.brand], preferred: null },
      regulated_status: "unregulated",
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: store.now(),
    customer,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: "card",
  };
}

function subscriptionItemObject(
  store: FakeStore,
  sub: string,
  price: StripeObject,
  start: number,
  end: number,
  quantity: number,
): StripeObject {
  return {
    id: store.id("si"),
    object: "subscription_item",
    billing_thresholds: null,
    created: store.now(),
    current_period_end: end,
    current_period_start: start,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: planOf(price),
    price,
    quantity,
    subscription: sub,
    tax_rates: [],
  };
}

export function subscriptionObject(
  store: FakeStore,
  s: {
    customer: string;
    price: StripeObject;
    quantity: number;
    paymentMethod: string;
    metadata: Record<string, string>;
    start: number;
    end: number;
  },
): StripeObject {
  const id = store.id("sub");
  return {
    id,
    object: "subscription",
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: s.start,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: { proration_discounts: "included" }, type: "flexible", updated_at: s.start },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: "charge_automatically",
    created: s.start,
    currency: s.price.currency,
    customer: s.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: s.paymentMethod,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, issuer: { type: "self" } },
    items: list([subscriptionItemObject(store, id, s.price, s.start, s.end, s.quantity)], `/v1/subscription_items?subscription=${id}`),
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: s.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: "off" },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: s.start,
    status: "active",
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { missing_payment_method: "create_invoice" } },
    trial_start: null,
  };
}
