/**
 * Invoices and their lines, as objects.ts does the other objects: built from lines (the plan for a period, or
 * prorations), the customer's credit balance applied, finalized with a number, a hosted page and a PDF.
 */
import { addPeriods, formatAmount, formatDate, prorate, type Interval } from "./billing-periods.ts";
import { list } from "./objects.ts";
import type { FakeStore, StripeObject } from "./store.ts";

const productName = (store: FakeStore, price: StripeObject) => String(store.get(String(price.product), "product")?.name ?? "Subscription");

/** One period of a plan: "1 × Premium (at $29.00 / month)", "3 × Introbase Team (at $79.00 / month)". */
export function planLine(store: FakeStore, price: StripeObject, item: string, start: number, end: number, quantity = 1): InvoiceLine {
  const interval = (price.recurring as { interval: string }).interval;
  return {
    description: `${quantity} × ${productName(store, price)} (at ${formatAmount(Number(price.unit_amount), String(price.currency))} / ${interval})`,
    amount: Number(price.unit_amount) * quantity,
    quantity,
    price,
    periodStart: start,
    periodEnd: end,
    proration: false,
    subscriptionItem: item,
  };
}

/** What an item is: a price and how many of it (seats). */
export interface ItemPlan {
  price: StripeObject;
  quantity: number;
}

/**
 * The credit for the old plan's unused time and the charge for the new plan's remaining time, from `at`: each the whole
 * item (unit amount × quantity), so a change of seats is the difference between the two, as Stripe invoices it.
 */
function prorationLines(
  store: FakeStore,
  from: ItemPlan,
  to: ItemPlan,
  item: string,
  start: number,
  end: number,
  at: number,
): [InvoiceLine, InvoiceLine] {
  const line = ({ price, quantity }: ItemPlan, words: string, sign: number): InvoiceLine => ({
    description: `${words} on ${quantity > 1 ? `${quantity} × ` : ""}${productName(store, price)} after ${formatDate(at)}`,
    amount: sign * prorate(Number(price.unit_amount) * quantity, start, end, at),
    quantity,
    price,
    periodStart: at,
    periodEnd: end,
    proration: true,
    subscriptionItem: item,
  });
  return [line(from, "Unused time", -1), line(to, "Remaining time", 1)];
}

export interface InvoiceLine {
  description: string;
  amount: number;
  /** How many units the line is for (seats); its amount is already unit amount × quantity. */
  quantity: number;
  price: StripeObject;
  periodStart: number;
  periodEnd: number;
  proration: boolean;
  subscriptionItem: string | null;
}

export function invoiceObject(
  store: FakeStore,
  i: {
    id?: string;
    customer: StripeObject;
    subscription: StripeObject | null;
    billingReason: string;
    lines: InvoiceLine[];
    periodStart: number;
    periodEnd: number;
    startingBalance: number;
    origin: string;
  },
): StripeObject {
  const id = i.id ?? store.id("in");
  const now = store.now();
  const subtotal = i.lines.reduce((sum, l) => sum + l.amount, 0);
  // A credit on the customer's balance (negative) pays part of the invoice before the card does.
  const due = Math.max(0, subtotal + Math.min(0, i.startingBalance));
  const currency = String(i.lines[0]?.price.currency ?? "usd");
  const lines = i.lines.map((l) => ({
    id: store.id("il"),
    object: "line_item",
    amount: l.amount,
    currency,
    description: l.description,
    discount_amounts: [],
    discountable: !l.proration,
    discounts: [],
    invoice: id,
    livemode: false,
    metadata: {},
    parent: {
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: l.proration,
        proration_details: { credited_items: null },
        subscription: i.subscription?.id ?? null,
        subscription_item: l.subscriptionItem,
      },
      type: "subscription_item_details",
    },
    period: { end: l.periodEnd, start: l.periodStart },
    pretax_credit_amounts: [],
    pricing: {
      price_details: { price: l.price.id, product: l.price.product },
      type: "price_details",
      unit_amount_decimal: String(l.price.unit_amount),
    },
    quantity: l.quantity,
    quantity_decimal: String(l.quantity),
    subscription: i.subscription?.id ?? null,
    subtotal: l.amount,
    taxes: [],
  }));
  return {
    id,
    object: "invoice",
    account_country: "US",
    account_name: "Introbase (local payment fake)",
    account_tax_ids: null,
    amount_due: due,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: due,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: i.billingReason,
    collection_method: "charge_automatically",
    created: now,
    currency,
    custom_fields: null,
    customer: i.customer.id,
    customer_account: null,
    customer_address: null,
    customer_email: i.customer.email ?? null,
    customer_name: i.customer.name ?? null,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: "none",
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: null,
    ending_balance: null,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    issuer: { type: "self" },
    last_finalization_error: null,
    latest_revision: null,
    lines: list(lines, `/v1/invoices/${id}/lines`),
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: null,
    on_behalf_of: null,
    parent: i.subscription
      ? {
          quote_details: null,
          subscription_details: { metadata: i.subscription.metadata ?? {}, subscription: i.subscription.id },
          type: "subscription_details",
        }
      : null,
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: i.periodEnd,
    period_start: i.periodStart,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: i.startingBalance,
    statement_descriptor: null,
    status: "draft",
    status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal,
    subtotal_excluding_tax: subtotal,
    test_clock: null,
    total: subtotal,
    total_discount_amounts: [],
    total_excluding_tax: subtotal,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: null,
  };
}

/** Finalizing gives the invoice its number and the urls of its hosted page and PDF (served by the fake). */
export function finalizeInvoice(store: FakeStore, invoice: StripeObject, origin: string): void {
  const now = store.now();
  invoice.status = "open";
  invoice.number = store.nextInvoiceNumber();
  invoice.effective_at = now;
  invoice.ending_balance = Math.min(0, Number(invoice.starting_balance) + Number(invoice.subtotal));
  invoice.hosted_invoice_url = `${origin}/i/${invoice.id}`;
  invoice.invoice_pdf = `${origin}/i/${invoice.id}/pdf`;
  (invoice.status_transitions as Record<string, number | null>).finalized_at = now;
}

/** What a change of price does to the invoices, decided once for the change itself and for its preview. */
export interface PlannedChange {
  /** The lines invoiced at once (null: nothing is). */
  invoiceNow: InvoiceLine[] | null;
  /** The lines added to the next renewal. */
  pending: InvoiceLine[];
  /** The new period when the cycle restarts (a change of interval). */
  restart: { start: number; end: number } | null;
}

/**
 * A change of price, of quantity (seats) or both. Same interval: prorations for the rest of the period, invoiced now with `always_invoice` (with any waiting ones),
 * kept for the renewal with `create_prorations`, none with `none`. Another interval: the cycle restarts at `at`
 * and the new price is invoiced at once, less the unused time unless prorations are off.
 */
export function planChange(
  store: FakeStore,
  item: { id: string; price: StripeObject; quantity?: unknown; current_period_start: number; current_period_end: number },
  to: ItemPlan,
  behaviour: "create_prorations" | "always_invoice" | "none",
  at: number,
  waiting: InvoiceLine[],
): PlannedChange {
  const from = { price: item.price, quantity: Number(item.quantity ?? 1) };
  const [credit, charge] = prorationLines(store, from, to, item.id, item.current_period_start, item.current_period_end, at);
  const interval = (to.price.recurring as { interval: Interval }).interval;
  if (interval !== (item.price.recurring as { interval: Interval }).interval) {
    const end = addPeriods(at, interval, 1);
    const lines = [...waiting, ...(behaviour === "none" ? [] : [credit]), planLine(store, to.price, item.id, at, end, to.quantity)];
    return { invoiceNow: lines, pending: [], restart: { start: at, end } };
  }
  if (behaviour === "none") return { invoiceNow: null, pending: [], restart: null };
  if (behaviour === "create_prorations") return { invoiceNow: null, pending: [credit, charge], restart: null };
  return { invoiceNow: [...waiting, credit, charge], pending: [], restart: null };
}
