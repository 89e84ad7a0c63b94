/**
 * What a member's and a team's subscription rows both hold of the provider's answer (decisions 0079 and 0119): one
 * mapping, so the two mirrors cannot drift apart, and one rule for when a payment first failed.
 */
import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { ProviderSubscription } from "./payment-gateway.server.ts";

/** The provider's facts of a subscription, with the tier and interval its price sells (null: not a price of ours). */
export function subscriptionValues(
  subscription: ProviderSubscription,
  plan: { tier: "subscriber" | "premium"; interval: "monthly" | "annual" } | null,
  syncedAt: Date,
) {
  return {
    providerCustomerId: subscription.customerId,
    status: subscription.status,
    tier: plan?.tier ?? null,
    interval: plan?.interval ?? null,
    priceId: subscription.price?.id ?? null,
    priceLookupKey: subscription.price?.lookupKey ?? null,
    currentPeriodEnd: subscription.currentPeriodEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    endedAt: subscription.endedAt,
    syncedAt,
  };
}

/**
 * The grace period's start on an update: a first failed payment starts it at `observedAt`, the earliest report wins
 * (a late event cannot push it back), and a paid subscription clears it.
 */
export function pastDueSinceOnUpdate(column: AnyPgColumn, subscription: ProviderSubscription, observedAt: Date): SQL | null {
  if (subscription.status !== "past_due") return null;
  const observed = observedAt.toISOString();
  return sql`least(coalesce(${column}, ${observed}::timestamptz), ${observed}::timestamptz)`;
}
