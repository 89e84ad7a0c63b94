/**
 * POST /v1/invoices/create_preview for a subscription: the next renewal's invoice as it stands, or, with
 * `subscription_details[items]` naming another price or quantity (seats), the invoice that change would make (at once with
 * always_invoice or a change of interval, else the renewal with the prorations in it). Built like a real invoice
 * (planChange decides for the preview and the change alike), stored nowhere, with an `upcoming_` id.
 */
import { badRequest, invalidParam, missingParam, type Params } from "./api-errors.ts";
import type { Billing } from "./billing.ts";
import { invoiceObject, planChange, planLine, type InvoiceLine } from "./invoice-objects.ts";
import { PRORATIONS, find, findCustomer, recurringPrice } from "./routes-core.ts";
import type { StripeObject } from "./store.ts";
import type { SubscriptionLifecycle } from "./subscription-lifecycle.ts";

export function previewInvoice(billing: Billing, lifecycle: SubscriptionLifecycle, params: Params): StripeObject {
  const subscriptionId = params.string("subscription");
  const customerId = params.string("customer");
  if (!subscriptionId && !customerId) throw missingParam("customer");
  if (!subscriptionId)
    throw invalidParam("subscription", "The payment fake previews the invoices of an existing subscription: pass subscription.");
  const sub = find(billing, "subscription", subscriptionId, "subscription");
  if (customerId && customerId !== sub.customer)
    throw invalidParam("customer", `Subscription ${sub.id} does not belong to customer ${customerId}.`);
  if (sub.status === "canceled")
    throw badRequest(`No upcoming invoices for subscription ${sub.id}: it is canceled.`, { code: "invoice_upcoming_none" });
  const customer = findCustomer(billing, String(sub.customer));
  const build = (lines: InvoiceLine[], reason: string): StripeObject => {
    const start = Math.min(...lines.map((l) => l.periodStart));
    const end = Math.max(...lines.map((l) => l.periodEnd));
    const invoice = invoiceObject(billing.store, {
      id: `upcoming_${billing.store.id("in")}`,
      customer,
      subscription: sub,
      billingReason: reason,
      lines,
      periodStart: start,
      periodEnd: end,
      startingBalance: Number(customer.balance),
      origin: "",
    });
    return { ...invoice, next_payment_attempt: reason === "upcoming" ? lines.at(-1)!.periodStart : null };
  };
  const details = params.object("subscription_details");
  const change = details?.objects("items")[0];
  const item = lifecycle.item(sub);
  const priceId = change?.string("price");
  const quantity = change?.int("quantity", { min: 1, max: 999_999 }) ?? Number(item.quantity);
  const samePrice = !priceId || priceId === item.price.id;
  if (samePrice && quantity === Number(item.quantity)) return build(lifecycle.renewalLines(sub), "upcoming");
  const price = samePrice ? item.price : recurringPrice(billing, priceId, change!.name("price"));
  const behaviour = details?.oneOf("proration_behavior", PRORATIONS) ?? "create_prorations";
  const at = details?.int("proration_date") ?? billing.store.now();
  const waiting = billing.store.subscriptionState.get(sub.id)?.pending ?? [];
  const plan = planChange(billing.store, item, { price, quantity }, behaviour, at, waiting);
  if (plan.invoiceNow) return build(plan.invoiceNow, "subscription_update");
  const next = lifecycle.renewalLines(sub, [...waiting, ...plan.pending], price);
  return build(
    next.slice(0, -1).concat(planLine(billing.store, price, item.id, next.at(-1)!.periodStart, next.at(-1)!.periodEnd, quantity)),
    "upcoming",
  );
}
