/**
 * What billing asks of the payment provider, in our own words (decision 0079). The one implementation is Stripe's
 * official client (stripe-gateway.server.ts), reaching Stripe or its local fake through the app's outbound rules;
 * feature code and its tests speak to this interface, so a test can stand in for the far end without a network.
 */
import { AppError } from "~/lib/errors.ts";
import type { ProviderPrice } from "./plan-prices.ts";

export type { ProviderPrice };

export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: string;
  /** The member it was bought for, as the checkout wrote it into the subscription's metadata. */
  metadataUserId: string | null;
  /** The team it was bought for (a team's seats, decision 0119), as the team's checkout wrote it. */
  metadataTeamId: string | null;
  /** How many of the item's price: 1 for a member's plan, the seats paid for on a team's. */
  quantity: number;
  /** The subscription's one item (our plans have one), and its price. */
  itemId: string | null;
  price: ProviderPrice | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  endedAt: Date | null;
}

export interface ProviderInvoice {
  id: string;
  customerId: string | null;
  subscriptionId: string | null;
  number: string | null;
  status: string | null;
  /** In cents. */
  amountDue: number;
  amountPaid: number;
  currency: string;
  created: Date;
  paidAt: Date | null;
  hostedUrl: string | null;
  pdfUrl: string | null;
}

export interface ProviderCheckoutSession {
  id: string;
  customerId: string | null;
  subscriptionId: string | null;
  clientReferenceId: string | null;
}

export interface UpcomingInvoice {
  amountDue: number;
  currency: string;
  date: Date | null;
}

export interface PaymentGateway {
  findPrice(lookupKey: string): Promise<ProviderPrice | null>;
  createCustomer(member: { id: string; email: string; name: string }): Promise<string>;
  createCheckoutSession(input: {
    customerId: string;
    priceId: string;
    userId: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ id: string; url: string }>;
  retrieveCheckoutSession(id: string): Promise<ProviderCheckoutSession>;
  retrieveSubscription(id: string): Promise<ProviderSubscription>;
  retrieveInvoice(id: string): Promise<ProviderInvoice>;
  /** The customer's latest invoices, newest first (the last two years of a monthly plan); `all`: every one. */
  listInvoices(customerId: string, options?: { all?: boolean }): Promise<ProviderInvoice[]>;
  /** What the next invoice will ask, or null when none is coming (the subscription ends). */
  upcomingInvoice(customerId: string, subscriptionId: string): Promise<UpcomingInvoice | null>;
  /**
   * Moves the subscription to another price with proration. An upgrade is invoiced and charged at once, and refused
   * with nothing changed when the card declines; a downgrade is credited on the next invoice.
   */
  changePrice(subscription: { id: string; itemId: string }, priceId: string, upgrade: boolean): Promise<ProviderSubscription>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<ProviderSubscription>;
  cancelNow(subscriptionId: string): Promise<ProviderSubscription>;
  /** Refunds what was paid on an invoice, in full; an invoice refunded already is left as it is. */
  refundInvoice(invoiceId: string): Promise<void>;
  /**
   * Deletes the customer at the provider (for an account being deleted): its saved cards go, every subscription it
   * still has ends, and its invoices stay, as the provider keeps them for accounting. One deleted already is done.
   */
  deleteCustomer(customerId: string): Promise<void>;
  createPortalSession(customerId: string, returnUrl: string): Promise<string>;

  // A team's seats (issue 37, decision 0119): one subscription per team, its quantity the seats paid for.
  /** The team's customer at the provider (named after the team, billed to the address of whoever buys). */
  createTeamCustomer(team: { id: string; name: string; email: string }): Promise<string>;
  createTeamCheckoutSession(input: {
    customerId: string;
    priceId: string;
    teamId: string;
    quantity: number;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ id: string; url: string }>;
  /** What changing the seats to `quantity` would invoice at once (the prorated difference; 0 or less is a credit). */
  previewSeatChange(subscription: { id: string; itemId: string; customerId: string }, quantity: number): Promise<UpcomingInvoice>;
  /** Changes the seats, the prorated difference invoiced and charged at once (refused, nothing changed, if the card declines). */
  changeSeats(subscription: { id: string; itemId: string }, quantity: number): Promise<ProviderSubscription>;
}

/** The provider refused or did not answer: a 502 whose message says nothing was done; the provider's words are the cause, logged. */
export function providerFailure(cause: unknown, doing: string): AppError {
  return new AppError("bad_gateway", `The payment provider did not complete ${doing}. Nothing was changed; please try again in a moment.`, {
    cause,
  });
}
