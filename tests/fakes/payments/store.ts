/**
 * The fake's state: every object by id, in memory, one process. Ids come from counters (the same calls give the
 * same ids on every run) and time from the fake's clock: the injected `now` plus what a test moved it on by, so
 * renewals and period ends happen when a test says, not when the wall clock does. `reset` puts everything back.
 */
import type { InvoiceLine } from "./invoice-objects.ts";

/** A Stripe object as served: JSON with an id and an `object` name; references to others are their ids. */
export interface StripeObject {
  id: string;
  object: string;
  [key: string]: unknown;
}

export type ListObject<T> = { object: "list"; data: T[]; has_more: boolean; total_count?: number; url: string };

/** How a card behaves, after Stripe's test cards (docs.stripe.com/testing). */
export type CardBehaviour =
  | { kind: "succeeds" }
  | { kind: "declines"; declineCode: string; message: string }
  /** Asks for 3D Secure on the payment made with the customer present, then succeeds off-session (4000 0025 0000 3155). */
  | { kind: "authenticates-once" }
  /** Asks for 3D Secure every time; renewals fail with authentication_required (4000 0027 6000 3184). */
  | { kind: "authenticates-always" }
  /** Attaches to a customer, then every charge is declined (4000 0000 0000 0341). */
  | { kind: "attaches-then-fails" };

export interface SubscriptionState {
  /** What the subscription still owes or is owed on its next invoice (the prorations of a plan change). */
  pending: InvoiceLine[];
  /** The failed renewal being retried, and how many retries are spent. */
  dunning?: { invoice: string; retries: number; nextAttempt: number };
}

/** What an open Checkout Session knows beyond its object. */
export interface CheckoutState {
  /** The recurring price of its one line item, and how many of it. */
  price: string;
  quantity: number;
  subscriptionMetadata: Record<string, string>;
  /** The card waiting on 3D Secure, with the details the form gave. */
  authentication?: { paymentMethod: string; email: string | null; name: string | null };
  /** The customer completed 3D Secure for this payment. */
  authenticated?: boolean;
}

export class FakeStore {
  readonly objects = new Map<string, StripeObject>();
  readonly cards = new Map<string, CardBehaviour>();
  readonly subscriptionState = new Map<string, SubscriptionState>();
  readonly checkoutState = new Map<string, CheckoutState>();
  readonly idempotency = new Map<string, { fingerprint: string; status: number; body: string }>();
  /** The Stripe-Signature timestamps and `created` times of objects are the fake clock's (seconds). */
  offsetSeconds = 0;
  /** Never reset: an app that kept an id from before a reset must not find it naming another object. */
  private readonly counters = new Map<string, number>();
  private invoiceNumber = 0;

  private readonly wallNow: () => number;

  constructor(wallNow: () => number) {
    this.wallNow = wallNow;
  }

  /** The fake's time, in seconds: the injected clock moved on by `advance`. */
  now(): number {
    return Math.floor(this.wallNow() / 1000) + this.offsetSeconds;
  }

  /** The unshifted clock in seconds: webhook signatures are stamped with it, as Stripe signs with real time. */
  wallSeconds(): number {
    return Math.floor(this.wallNow() / 1000);
  }

  /** `cus_IB000000000001`: a prefix, "IB" (Introbase's fake) and a counter per prefix. */
  id(prefix: string): string {
    const n = (this.counters.get(prefix) ?? 0) + 1;
    this.counters.set(prefix, n);
    return `${prefix}_IB${String(n).padStart(12, "0")}`;
  }

  nextInvoiceNumber(): string {
    this.invoiceNumber += 1;
    return `IB-FAKE-${String(this.invoiceNumber).padStart(4, "0")}`;
  }

  put<T extends StripeObject>(object: T): T {
    this.objects.set(object.id, object);
    return object;
  }

  get<T extends StripeObject = StripeObject>(id: string, object?: string): T | undefined {
    const found = this.objects.get(id);
    if (!found || (object && found.object !== object)) return undefined;
    return found as T;
  }

  all<T extends StripeObject = StripeObject>(object: string): T[] {
    return [...this.objects.values()].filter((o) => o.object === object) as T[];
  }

  reset(): void {
    this.objects.clear();
    this.cards.clear();
    this.subscriptionState.clear();
    this.checkoutState.clear();
    this.idempotency.clear();
    this.offsetSeconds = 0;
  }
}
