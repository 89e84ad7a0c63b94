/**
 * Buying a plan in Stripe billing (decision 0079): a Checkout session at the provider for the plan's price, found by its
 * lookup key and checked against the catalogue's price, for the member's own customer record. Nothing is granted here:
 * the tier comes with the subscription the provider reports (webhooks, or the return from Checkout).
 */
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { billingCustomers, billingSubscriptions } from "#db/schema/billing.ts";
import { formatIntervalPrice, type BillingInterval, type SoldTier } from "~/features/access/plan-catalogue.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import { logger } from "~/lib/logger.server.ts";
import type { PaymentGateway, ProviderPrice } from "./payment-gateway.server.ts";
import { planLookupKey, priceMismatch } from "./plan-prices.ts";
import { syncSubscription } from "./sync-subscription.server.ts";

/** A subscription that still runs or may run again: the member changes it rather than buying a second one. */
const LIVE_STATUSES = ["active", "trialing", "past_due", "incomplete", "unpaid", "paused"] as const;

export interface PlanToBuy {
  tier: SoldTier;
  interval: BillingInterval;
  /** The catalogue's price for this interval, in whole dollars, as the member was shown it. */
  dollars: number;
  name: string;
}

export async function liveSubscriptionOf(database: Database, userId: string) {
  const [row] = await database.db
    .select()
    .from(billingSubscriptions)
    .where(
      and(
        eq(billingSubscriptions.userId, userId),
        inArray(billingSubscriptions.status, [...LIVE_STATUSES]),
        isNull(billingSubscriptions.refundedAt),
      ),
    )
    .orderBy(desc(billingSubscriptions.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * The provider's price for the plan, refused unless it is the catalogue's: a price set up wrongly at the provider is
 * the operator's to fix (logged), and no member is charged a figure they were not shown.
 */
export async function checkedPrice(gateway: PaymentGateway, plan: PlanToBuy): Promise<ProviderPrice> {
  const key = planLookupKey(plan.tier, plan.interval);
  const price = await gateway.findPrice(key);
  const problem = price
    ? priceMismatch(price, { dollars: plan.dollars, interval: plan.interval })
    : "the provider has no active price with it";
  if (problem || !price) {
    logger.error({ lookupKey: key, problem }, "the payment provider's price does not match the plan catalogue");
    throw new AppError(
      "conflict",
      `${plan.name} at ${formatIntervalPrice(plan.dollars, plan.interval)} cannot be bought right now: the payment provider's price is not the one shown. Nothing was charged.`,
    );
  }
  return price;
}

/** The member's customer at the provider, made on their first checkout and kept. */
async function customerOf(
  database: Database,
  gateway: PaymentGateway,
  member: { id: string; email: string; name: string },
): Promise<string> {
  const find = async () =>
    (await database.db.select().from(billingCustomers).where(eq(billingCustomers.userId, member.id)))[0]?.providerCustomerId ?? null;
  const known = await find();
  if (known) return known;
  const created = await gateway.createCustomer(member);
  await database.db.insert(billingCustomers).values({ userId: member.id, providerCustomerId: created }).onConflictDoNothing();
  return (await find()) ?? created;
}

/** Where the member pays: the provider's Checkout page for the plan, coming back to /settings/billing. */
export async function startCheckout(
  database: Database,
  gateway: PaymentGateway,
  member: { id: string; email: string; name: string },
  plan: PlanToBuy,
  origin: string,
): Promise<{ url: string }> {
  const live = await liveSubscriptionOf(database, member.id);
  if (live) throw new AppError("conflict", "You have a subscription already: change your plan in Settings, Billing.");
  const price = await checkedPrice(gateway, plan);
  const customerId = await customerOf(database, gateway, member);
  const session = await gateway.createCheckoutSession({
    customerId,
    priceId: price.id,
    userId: member.id,
    successUrl: `${origin}/settings/billing?checkout=complete&session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${origin}/settings/billing?checkout=cancelled`,
  });
  return { url: session.url };
}

/**
 * The member came back from a paid Checkout: the subscription it made is read from the provider at once, so the
 * plan shows without waiting for the webhook (which then finds it applied). Only the member's own session counts.
 */
export async function completeCheckout(
  database: Database,
  gateway: PaymentGateway,
  userId: string,
  sessionId: string,
  now: Date,
): Promise<boolean> {
  const session = await gateway.retrieveCheckoutSession(sessionId);
  if (session.clientReferenceId !== userId || !session.subscriptionId) return false;
  await syncSubscription(database, gateway, session.subscriptionId, { observedAt: now, now });
  return true;
}
