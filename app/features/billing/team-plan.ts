/**
 * The team plan (issue 37, decision 0119): Premium for every member who holds one of the team's seats, bought per seat.
 * $79 a seat a month reads right beside the members' $29 and $99: cheaper than a Premium member each, from the first
 * seat. Like the members' plans, each interval is one recurring price at the provider found by its lookup key, and a
 * checkout goes ahead only if the provider's price is exactly this one (priceMismatch).
 */
import type { BillingInterval } from "~/features/access/plan-catalogue.ts";

export const TEAM_PLAN = {
  name: "Team",
  /** The tier each seat lends its holder. */
  tier: "premium",
  /** Whole dollars a seat, as the tier records hold the members' prices. */
  seatMonthlyPrice: 79,
  /** A year at once: ten months' worth, as the members' plans. */
  seatAnnualPrice: 790,
} as const;

/** How many seats one team may hold: a larger fund talks to us. */
export const MAX_TEAM_SEATS = 100;

export function teamLookupKey(interval: BillingInterval): string {
  return `introbase_team_${interval}`;
}

const TEAM_LOOKUP_KEY = /^introbase_team_(monthly|annual)$/;

/** The interval a team price sells, from its lookup key; null for a price that is not the team plan's. */
export function teamPlanOfLookupKey(key: string | null | undefined): { tier: "premium"; interval: BillingInterval } | null {
  const match = key ? TEAM_LOOKUP_KEY.exec(key) : null;
  return match ? { tier: TEAM_PLAN.tier, interval: match[1] as BillingInterval } : null;
}

export function seatPrice(interval: BillingInterval): number {
  return interval === "monthly" ? TEAM_PLAN.seatMonthlyPrice : TEAM_PLAN.seatAnnualPrice;
}

/** "$79 a seat per month". */
export function formatSeatPrice(interval: BillingInterval): string {
  return `$${seatPrice(interval)} a seat per ${interval === "monthly" ? "month" : "year"}`;
}

/** "$1.50", "-$12.34": an amount in cents, as an invoice shows it. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  return `${sign}$${(Math.abs(cents) / 100).toFixed(2)}`;
}
