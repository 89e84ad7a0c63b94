/**
 * What happens when money moves: cards attached to customers, invoices built, finalized and charged (a payment
 * intent, its charge and the invoice_payment linking them), the end of a Checkout that paid, and the events each
 * step sends. Subscription changes and the passing of time are in subscription-lifecycle.ts.
 */
import { addPeriods, type Interval } from "./billing-periods.ts";
import { finalizeInvoice, invoiceObject, planLine, type InvoiceLine } from "./invoice-objects.ts";
import { customerObject, paymentMethodObject, subscriptionObject, type CardDetails } from "./objects.ts";
import { chargeObject, invoicePaymentObject, paymentIntentObject } from "./payment-objects.ts";
import type { CardBehaviour, FakeStore, StripeObject } from "./store.ts";
import type { WebhookDispatcher } from "./webhooks.ts";

export type RequestRef = { id: string; idempotencyKey: string | null } | undefined;

export type PaymentOutcome =
  { status: "paid" } | { status: "declined"; code: string; declineCode: string; message: string } | { status: "requires_action" };

export class Billing {
  readonly store: FakeStore;
  readonly webhooks: WebhookDispatcher;
  readonly origin: () => string;

  constructor(store: FakeStore, webhooks: WebhookDispatcher, origin: () => string) {
    this.store = store;
    this.webhooks = webhooks;
    this.origin = origin;
  }

  customer(id: string): StripeObject {
    const customer = this.store.get(id, "customer");
    if (!customer) throw new Error(`no customer ${id}`);
    return customer;
  }

  createCustomer(c: Parameters<typeof customerObject>[1], request?: RequestRef): StripeObject {
    const customer = this.store.put(customerObject(this.store, c));
    this.webhooks.emit("customer.created", customer, { request });
    return customer;
  }

  attachCard(
    customer: string | null,
    card: CardDetails,
    behaviour: CardBehaviour,
    billing: { name: string | null; email: string | null },
  ): StripeObject {
    const pm = this.store.put(paymentMethodObject(this.store, card, billing, customer));
    this.store.cards.set(pm.id, behaviour);
    return pm;
  }

  /** What charging this card would do now: with the customer on the page (`onSession`) or at a renewal. */
  cardOutcome(paymentMethod: string, onSession: boolean): PaymentOutcome {
    const behaviour = this.store.cards.get(paymentMethod) ?? { kind: "succeeds" };
    switch (behaviour.kind) {
      case "succeeds":
        return { status: "paid" };
      case "declines":
        return {
          status: "declined",
          code: behaviour.declineCode === "expired_card" ? "expired_card" : "card_declined",
          declineCode: behaviour.declineCode,
          message: behaviour.message,
        };
      case "attaches-then-fails":
        return { status: "declined", code: "card_declined", declineCode: "generic_decline", message: "Your card has been declined." };
      case "authenticates-once":
        return onSession ? { status: "requires_action" } : { status: "paid" };
      case "authenticates-always":
        return onSession
          ? { status: "requires_action" }
          : {
              status: "declined",
              code: "authentication_required",
              declineCode: "authentication_required",
              message: "Your card was declined. This transaction requires authentication.",
            };
    }
  }

  /** Builds an invoice with the customer's balance applied, and finalizes it (number, hosted page, PDF). */
  createInvoice(
    customer: StripeObject,
    subscription: StripeObject | null,
    billingReason: string,
    lines: InvoiceLine[],
    periodStart: number,
    periodEnd: number,
  ): StripeObject {
    const invoice = invoiceObject(this.store, {
      customer,
      subscription,
      billingReason,
      lines,
      periodStart,
      periodEnd,
      startingBalance: Number(customer.balance),
      origin: this.origin(),
    });
    finalizeInvoice(this.store, invoice, this.origin());
    customer.balance = invoice.ending_balance;
    if (subscription) subscription.latest_invoice = invoice.id;
    return this.store.put(invoice);
  }

  /**
   * Charges an open invoice with a card: a payment intent and its charge either way, the invoice paid on success or
   * left open with its attempt counted. An invoice that owes nothing is paid at once. `authenticated` is a payment the
   * customer just confirmed with 3D Secure.
   */
  chargeInvoice(
    invoice: StripeObject,
    paymentMethod: string,
    { onSession, authenticated = false }: { onSession: boolean; authenticated?: boolean },
  ): PaymentOutcome {
    const now = this.store.now();
    invoice.attempted = true;
    if (Number(invoice.amount_due) === 0) {
      this.markPaid(invoice, now);
      return { status: "paid" };
    }
    const outcome = authenticated ? ({ status: "paid" } as const) : this.cardOutcome(paymentMethod, onSession);
    if (outcome.status === "requires_action") return outcome;
    invoice.attempt_count = Number(invoice.attempt_count) + 1;
    const pm = this.store.get(paymentMethod, "payment_method")!;
    const intent = this.store.put(
      paymentIntentObject(this.store, {
        amount: Number(invoice.amount_due),
        currency: String(invoice.currency),
        customer: String(invoice.customer),
        paymentMethod,
        description: invoice.billing_reason === "subscription_create" ? "Subscription creation" : "Subscription update",
      }),
    );
    const paid = outcome.status === "paid";
    const charge = this.store.put(
      chargeObject(this.store, {
        intent,
        paymentMethod: pm,
        succeeded: paid,
        failureCode: paid ? null : outcome.code,
        failureMessage: paid ? null : outcome.message,
        declineCode: paid ? null : outcome.declineCode,
      }),
    );
    intent.latest_charge = charge.id;
    intent.status = paid ? "succeeded" : "requires_payment_method";
    intent.amount_received = paid ? intent.amount : 0;
    if (!paid)
      intent.last_payment_error = {
        type: "card_error",
        code: outcome.code,
        decline_code: outcome.declineCode,
        message: outcome.message,
        payment_method: pm,
      };
    const payment = this.store.put(invoicePaymentObject(this.store, invoice, intent));
    // `payments` is includable: served only when expanded (api-server.ts), from this hidden list of ids.
    invoice.__payments = [...((invoice.__payments as string[] | undefined) ?? []), payment.id];
    if (paid) this.markPaid(invoice, now);
    return outcome;
  }

  private markPaid(invoice: StripeObject, now: number): void {
    invoice.status = "paid";
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.next_payment_attempt = null;
    (invoice.status_transitions as Record<string, number | null>).paid_at = now;
  }

  emitPaid(invoice: StripeObject, request?: RequestRef): void {
    this.webhooks.emit("invoice.paid", invoice, { request });
    this.webhooks.emit("invoice.payment_succeeded", invoice, { request });
  }

  /**
   * The end of a Checkout that paid: the customer (made from the form when the session had none), the card kept as
   * the subscription's, the subscription active for its first period, the first invoice paid, the session complete;
   * then the events in Stripe's order. Returns the url the customer is sent to.
   */
  completeCheckout(session: StripeObject, paymentMethod: string, details: { email: string | null; name: string | null }): string {
    const now = this.store.now();
    let customer = session.customer ? this.customer(String(session.customer)) : null;
    if (!customer) {
      customer = this.createCustomer({
        email: details.email ?? (session.customer_email as string | null),
        name: details.name,
        description: null,
        phone: null,
        metadata: {},
      });
      session.customer = customer.id;
    }
    const pm = this.store.get(paymentMethod, "payment_method")!;
    pm.customer = customer.id;
    const state = this.store.checkoutState.get(session.id);
    const price = this.store.get(state!.price, "price")!;
    const interval = (price.recurring as { interval: Interval }).interval;
    const end = addPeriods(now, interval, 1);
    const subscription = this.store.put(
      subscriptionObject(this.store, {
        customer: customer.id,
        price,
        quantity: state!.quantity,
        paymentMethod,
        metadata: state!.subscriptionMetadata,
        start: now,
        end,
      }),
    );
    this.store.subscriptionState.set(subscription.id, { pending: [] });
    const item = (subscription.items as { data: StripeObject[] }).data[0]!;
    const invoice = this.createInvoice(
      customer,
      subscription,
      "subscription_create",
      [planLine(this.store, price, item.id, now, end, state!.quantity)],
      now,
      end,
    );
    this.chargeInvoice(invoice, paymentMethod, { onSession: true, authenticated: state!.authenticated === true });
    Object.assign(session, {
      status: "complete",
      payment_status: "paid",
      subscription: subscription.id,
      invoice: invoice.id,
      customer_details: {
        address: null,
        business_name: null,
        email: details.email ?? customer.email ?? null,
        individual_name: null,
        name: details.name,
        phone: null,
        tax_exempt: "none",
        tax_ids: [],
      },
      url: null,
    });
    this.store.checkoutState.delete(session.id);
    this.webhooks.emit("checkout.session.completed", session);
    this.webhooks.emit("customer.subscription.created", subscription);
    this.emitPaid(invoice);
    return session.success_url
      ? String(session.success_url).replaceAll("{CHECKOUT_SESSION_ID}", session.id)
      : `${this.origin()}/c/pay/${session.id}`;
  }
}
