/**
 * Subscriptions over time: a change of price (prorated now or on the next invoice; a change of interval restarts
 * the billing cycle and invoices at once, as Stripe does), cancelling now or at the period's end and taking that
 * back, and the passing of time. Moving the clock renews each subscription whose period ended (an invoice charged to
 * its card off-session), retries a failed renewal on the dunning schedule (past_due meanwhile, then canceled or
 * unpaid when the retries are spent), ends subscriptions set to cancel, and expires Checkout Sessions; all in the
 * order it would have happened, each event dated when it would have been sent.
 */
import { cardDeclined } from "./api-errors.ts";
import type { Billing, RequestRef } from "./billing.ts";
import { periodEndAfter, type Interval } from "./billing-periods.ts";
import { planChange, planLine, type InvoiceLine } from "./invoice-objects.ts";
import { planOf } from "./objects.ts";
import type { StripeObject } from "./store.ts";

export interface DunningOptions {
  /** Days from one failed attempt to the next retry (Stripe's custom retry schedule). */
  retryDays: number[];
  /** What a subscription becomes once every retry failed. */
  afterRetries: "cancel" | "unpaid";
}

const DAY = 24 * 60 * 60;
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
type Item = StripeObject & { price: StripeObject; quantity: number; current_period_start: number; current_period_end: number };

export class SubscriptionLifecycle {
  private readonly billing: Billing;
  private readonly dunning: DunningOptions;

  constructor(billing: Billing, dunning: DunningOptions) {
    this.billing = billing;
    this.dunning = dunning;
  }

  private get store() {
    return this.billing.store;
  }

  item(subscription: StripeObject): Item {
    return (subscription.items as { data: Item[] }).data[0]!;
  }

  private updated(subscription: StripeObject, previous: Record<string, unknown>, request?: RequestRef): void {
    this.billing.webhooks.emit("customer.subscription.updated", subscription, { previous, request });
  }

  private paymentMethodOf(subscription: StripeObject): string | null {
    const customer = this.store.get(String(subscription.customer), "customer");
    const fallback = (customer?.invoice_settings as { default_payment_method: string | null } | undefined)?.default_payment_method;
    return (subscription.default_payment_method as string | null) ?? fallback ?? null;
  }

  /** Charges a subscription's invoice off-session and moves the subscription (and dunning) by the result. */
  private collect(subscription: StripeObject, invoice: StripeObject, request?: RequestRef): void {
    const pm = this.paymentMethodOf(subscription);
    const outcome = pm ? this.billing.chargeInvoice(invoice, pm, { onSession: false }) : ({ status: "declined" } as const);
    const previousStatus = subscription.status;
    const state = this.store.subscriptionState.get(subscription.id)!;
    if (outcome.status === "paid") {
      this.billing.emitPaid(invoice, request);
      if (state.dunning?.invoice === invoice.id) state.dunning = undefined;
      if (previousStatus !== "active" && !state.dunning) {
        subscription.status = "active";
        this.updated(subscription, { status: previousStatus }, request);
      }
      return;
    }
    const retries = state.dunning?.invoice === invoice.id ? state.dunning.retries : 0;
    const nextWait = this.dunning.retryDays[retries];
    invoice.next_payment_attempt = nextWait === undefined ? null : this.store.now() + nextWait * DAY;
    this.billing.webhooks.emit("invoice.payment_failed", invoice, { request });
    if (nextWait === undefined) return this.giveUp(subscription, invoice);
    state.dunning = { invoice: invoice.id, retries, nextAttempt: Number(invoice.next_payment_attempt) };
    if (previousStatus !== "past_due") {
      subscription.status = "past_due";
      this.updated(subscription, { status: previousStatus }, request);
    }
  }

  private giveUp(subscription: StripeObject, invoice: StripeObject): void {
    const state = this.store.subscriptionState.get(subscription.id)!;
    state.dunning = undefined;
    if (this.dunning.afterRetries === "unpaid") {
      const previous = subscription.status;
      subscription.status = "unpaid";
      this.updated(subscription, { status: previous });
      return;
    }
    invoice.auto_advance = false;
    this.end(subscription, "payment_failed");
  }

  /** Ends a subscription now: canceled, with why. */
  end(subscription: StripeObject, reason: "cancellation_requested" | "payment_failed", request?: RequestRef): void {
    const now = this.store.now();
    subscription.status = "canceled";
    subscription.ended_at = now;
    subscription.canceled_at = subscription.canceled_at ?? now;
    subscription.cancel_at_period_end = false;
    subscription.cancellation_details = { comment: null, feedback: null, reason };
    const state = this.store.subscriptionState.get(subscription.id);
    if (state) state.pending = [];
    this.billing.webhooks.emit("customer.subscription.deleted", subscription, { request });
  }

  setCancelAtPeriodEnd(subscription: StripeObject, cancel: boolean, request?: RequestRef): void {
    if (subscription.cancel_at_period_end === cancel) return;
    const previous = clone({
      cancel_at_period_end: subscription.cancel_at_period_end,
      cancel_at: subscription.cancel_at,
      canceled_at: subscription.canceled_at,
      cancellation_details: subscription.cancellation_details,
    });
    subscription.cancel_at_period_end = cancel;
    subscription.cancel_at = cancel ? this.item(subscription).current_period_end : null;
    subscription.canceled_at = cancel ? this.store.now() : null;
    subscription.cancellation_details = { comment: null, feedback: null, reason: cancel ? "cancellation_requested" : null };
    this.updated(subscription, previous, request);
  }

  /**
   * Moves the subscription's item to another price, another quantity (seats), or both. Same interval: prorations for the rest of the period, invoiced
   * now (always_invoice) or on the next renewal (create_prorations), or none. Another interval: the cycle restarts
   * now and the new price is invoiced at once, less the unused time unless prorations are off.
   */
  changeItem(
    subscription: StripeObject,
    to: { price: StripeObject; quantity: number },
    behaviour: "create_prorations" | "always_invoice" | "none",
    request?: RequestRef,
    errorIfIncomplete = false,
  ): StripeObject | null {
    const item = this.item(subscription);
    const { price, quantity } = to;
    if (item.price.id === price.id && Number(item.quantity) === quantity) return null;
    const now = this.store.now();
    const state = this.store.subscriptionState.get(subscription.id)!;
    const previous = { items: clone(subscription.items) };
    const plan = planChange(this.store, item, to, behaviour, now, state.pending);
    // error_if_incomplete: a charge the card would refuse fails the request with a 402 and changes nothing.
    const balance = Math.min(0, Number(this.billing.customer(String(subscription.customer)).balance));
    const owed = (plan.invoiceNow ?? []).reduce((sum, line) => sum + line.amount, 0) + balance;
    if (errorIfIncomplete && owed > 0) {
      const pm = this.paymentMethodOf(subscription);
      const outcome = pm ? this.billing.cardOutcome(pm, false) : null;
      if (!outcome)
        throw cardDeclined("card_declined", "generic_decline", "This customer has no attached payment source or default payment method.");
      if (outcome.status === "declined") throw cardDeclined(outcome.code, outcome.declineCode, outcome.message);
    }
    item.price = price;
    item.plan = planOf(price);
    item.quantity = quantity;
    if (plan.restart) {
      subscription.billing_cycle_anchor = plan.restart.start;
      item.current_period_start = plan.restart.start;
      item.current_period_end = plan.restart.end;
      if (subscription.cancel_at_period_end) subscription.cancel_at = plan.restart.end;
    }
    let invoice: StripeObject | null = null;
    if (plan.invoiceNow) {
      state.pending = [];
      const customer = this.billing.customer(String(subscription.customer));
      invoice = this.billing.createInvoice(
        customer,
        subscription,
        "subscription_update",
        plan.invoiceNow,
        plan.restart?.start ?? now,
        item.current_period_end,
      );
    }
    state.pending.push(...plan.pending);
    this.updated(subscription, previous, request);
    if (invoice) this.collect(subscription, invoice, request);
    return invoice;
  }

  /** The lines the next renewal will invoice: what is waiting, then the next period of `price` (the item's own). */
  renewalLines(subscription: StripeObject, waiting?: InvoiceLine[], price?: StripeObject): InvoiceLine[] {
    const item = this.item(subscription);
    const plan = price ?? item.price;
    const interval = (item.price.recurring as { interval: Interval }).interval;
    const start = item.current_period_end;
    const end = periodEndAfter(Number(subscription.billing_cycle_anchor), interval, start);
    return [
      ...(waiting ?? this.store.subscriptionState.get(subscription.id)?.pending ?? []),
      planLine(this.store, plan, item.id, start, end, Number(item.quantity)),
    ];
  }

  private renew(subscription: StripeObject): void {
    const item = this.item(subscription);
    const lines = this.renewalLines(subscription);
    const previous = { items: clone(subscription.items) };
    const last = lines.at(-1)!;
    item.current_period_start = last.periodStart;
    item.current_period_end = last.periodEnd;
    this.store.subscriptionState.get(subscription.id)!.pending = [];
    this.updated(subscription, previous);
    const invoice = this.billing.createInvoice(
      this.billing.customer(String(subscription.customer)),
      subscription,
      "subscription_cycle",
      lines,
      last.periodStart,
      last.periodEnd,
    );
    this.collect(subscription, invoice);
  }

  /** The next thing due for one subscription, if any: when, and what. */
  private due(subscription: StripeObject): { at: number; run: () => void } | null {
    const status = String(subscription.status);
    if (status === "canceled" || status === "incomplete_expired") return null;
    const item = this.item(subscription);
    const state = this.store.subscriptionState.get(subscription.id)!;
    const candidates: Array<{ at: number; run: () => void }> = [];
    if (state.dunning) {
      const dunning = state.dunning;
      candidates.push({
        at: dunning.nextAttempt,
        run: () => {
          dunning.retries += 1;
          this.collect(subscription, this.store.get(dunning.invoice, "invoice")!);
        },
      });
    }
    if (subscription.cancel_at_period_end)
      candidates.push({ at: item.current_period_end, run: () => this.end(subscription, "cancellation_requested") });
    else if (status !== "unpaid") candidates.push({ at: item.current_period_end, run: () => this.renew(subscription) });
    return candidates.sort((a, b) => a.at - b.at)[0] ?? null;
  }

  /** Moves the clock to `target` (seconds), running everything that falls due on the way at the time it falls due. */
  advanceTo(target: number): void {
    for (let guard = 0; guard < 10_000; guard += 1) {
      const next = [
        ...this.store.all("subscription").map((s) => this.due(s)),
        ...this.store
          .all("checkout.session")
          .filter((s) => s.status === "open")
          .map((s) => ({ at: Number(s.expires_at), run: () => this.expireSession(s) })),
      ]
        .filter((d): d is { at: number; run: () => void } => d !== null && d.at <= target)
        .sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      this.store.offsetSeconds += Math.max(0, next.at - this.store.now());
      next.run();
    }
    this.store.offsetSeconds += Math.max(0, target - this.store.now());
  }

  expireSession(session: StripeObject, request?: RequestRef): void {
    session.status = "expired";
    session.url = null;
    this.store.checkoutState.delete(session.id);
    this.billing.webhooks.emit("checkout.session.expired", session, { request });
  }

  /** After a new card: pays the open invoices of the customer's past-due subscriptions with it, as the portal does. */
  retryOpenInvoices(customer: string): void {
    for (const subscription of this.store.all("subscription").filter((s) => s.customer === customer)) {
      const dunning = this.store.subscriptionState.get(subscription.id)?.dunning;
      if (dunning && subscription.status === "past_due") this.collect(subscription, this.store.get(dunning.invoice, "invoice")!);
    }
  }
}
