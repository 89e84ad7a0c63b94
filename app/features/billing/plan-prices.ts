/**
 * How the plan catalogue meets the payment provider's prices (decision 0079). Each paid plan and interval is one
 * recurring price at the provider, found by its lookup key (introbase_subscriber_monthly, …), never by an id in our
 * settings; the catalogue (the tier records) says what it costs, and a checkout goes ahead only if the provider's
 * price is exactly that, so nobody is charged a figure they were not shown.
 */
import { formatIntervalPrice, type BillingInterval, type SoldTier } from "~/features/access/plan-catalogue.ts";

/** A recurring price at the provider, as billing reads it. */
export interface ProviderPrice {
  id: string;
  lookupKey: string | null;
  /** In cents; null for a price whose amount is not fixed. */
  unitAmount: number | null;
  currency: string;
  /** "month", "year", … (the provider may add others). */
  interval: string | null;
  intervalCount: number;
  active: boolean;
}

export function planLookupKey(tier: SoldTier, interval: BillingInterval): string {
  return `introbase_${tier}_${interval}`;
}

const LOOKUP_KEY = /^introbase_(subscriber|premium)_(monthly|annual)$/;

/** The plan a provider price sells, from its lookup key; null for a price that is not one of ours. */
export function planOfLookupKey(key: string | null | undefined): { tier: SoldTier; interval: BillingInterval } | null {
  const match = key ? LOOKUP_KEY.exec(key) : null;
  return match ? { tier: match[1] as SoldTier, interval: match[2] as BillingInterval } : null;
}

/**
 * Why the provider's price is not the catalogue's, or null when it is: the same amount in US dollars (cents at the
 * provider, whole dollars in the tier record), charged every month or every year, active.
 */
export function priceMismatch(price: ProviderPrice, expected: { dollars: number; interval: BillingInterval }): string | null {
  const every = expected.interval === "monthly" ? "month" : "year";
  const problems = [
    price.active ? null : "it is archived",
    price.currency.toLowerCase() === "usd" ? null : `it is in ${price.currency.toUpperCase()}, not USD`,
    price.interval === every && price.intervalCount === 1 ? null : `it is not charged once a ${every}`,
    price.unitAmount === expected.dollars * 100
      ? null
      : `it costs ${price.unitAmount === null ? "a variable amount" : `${(price.unitAmount / 100).toFixed(2)} USD`}, not ${formatIntervalPrice(expected.dollars, expected.interval)}`,
  ].filter(Boolean);
  return problems.length ? problems.join("; ") : null;
}
