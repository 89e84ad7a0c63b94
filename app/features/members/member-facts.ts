/**
 * What /admin/members says about a member, in words (decision 0081): pure, so the list and the member's page say it
 * alike and the rules have unit tests. Dates are printed in UTC (lib/format-date.ts).
 */
import type { AccessLevel } from "~/features/access/tiers.ts";
import { formatDate } from "~/lib/format-date.ts";

/** A subscription as billing_subscriptions holds it (the provider's last report). */
export interface SubscriptionFacts {
  id: string;
  tier: string | null;
  interval: string | null;
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  pastDueSince: Date | null;
  endedAt: Date | null;
  refundedAt: Date | null;
  createdAt: Date;
}

/** Statuses of a subscription that still runs or may run again (billing/checkout.server.ts keeps the same list). */
const LIVE = new Set(["active", "trialing", "past_due", "incomplete", "unpaid", "paused"]);

/** The subscription that tells a member's state: the newest one still running, else the newest. */
export function subscriptionThatMatters<S extends SubscriptionFacts>(subscriptions: readonly S[]): S | null {
  const newest = [...subscriptions].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  return newest.find((s) => LIVE.has(s.status) && !s.refundedAt) ?? newest[0] ?? null;
}

export type SubscriptionState = "none" | "active" | "trialing" | "past_due" | "cancels_at_period_end" | "canceled" | "refunded" | "other";

/** The state's code, for filters and badges, and its sentence: "Past due since 3 May 2026". */
export function subscriptionStatus(s: SubscriptionFacts | null): { state: SubscriptionState; text: string } {
  if (!s) return { state: "none", text: "None" };
  if (s.refundedAt) return { state: "refunded", text: `Refunded ${formatDate(s.refundedAt)}` };
  const period = s.currentPeriodEnd ? formatDate(s.currentPeriodEnd) : null;
  if ((s.status === "active" || s.status === "trialing") && s.cancelAtPeriodEnd)
    return { state: "cancels_at_period_end", text: period ? `Cancels at period end (${period})` : "Cancels at period end" };
  if (s.status === "active") return { state: "active", text: period ? `Active, renews ${period}` : "Active" };
  if (s.status === "trialing") return { state: "trialing", text: period ? `Trialing until ${period}` : "Trialing" };
  if (s.status === "past_due")
    return { state: "past_due", text: s.pastDueSince ? `Past due since ${formatDate(s.pastDueSince)}` : "Past due" };
  if (s.status === "canceled") return { state: "canceled", text: s.endedAt ? `Canceled ${formatDate(s.endedAt)}` : "Canceled" };
  return { state: "other", text: s.status.replaceAll("_", " ").replace(/^./, (c) => c.toUpperCase()) };
}

const METHOD_LABEL: Record<string, string> = { credential: "Password", google: "Google", linkedin: "LinkedIn" };

/** The ways a member signs in, from their accounts' providers: "Password", "Google", "LinkedIn", in that order. */
export function signInMethods(providerIds: readonly string[]): string[] {
  const order = Object.keys(METHOD_LABEL);
  const unique = [...new Set(providerIds)].sort((a, b) => {
    const [x, y] = [order.indexOf(a), order.indexOf(b)];
    return (x === -1 ? order.length : x) - (y === -1 ? order.length : y) || a.localeCompare(b);
  });
  return unique.map((id) => METHOD_LABEL[id] ?? id);
}

export interface GrantFacts {
  source: "demo" | "complimentary";
  tier: string;
  endsAt: Date | null;
}

/**
 * Where a member's tier comes from: a paid subscription, an operator's complimentary plan, a demo choice, a seat of a
 * team whose plan grants it (issue 37, decision 0119), or nothing. The member's own sources are named first.
 */
export function planSource(
  tier: AccessLevel,
  subscription: SubscriptionFacts | null,
  grants: readonly GrantFacts[],
  seats: ReadonlyArray<{ teamName: string; tier: string }> = [],
): { source: "free" | "subscription" | "complimentary" | "demo" | "team"; text: string } {
  if (tier === "public") return { source: "free", text: "Nothing paid or given" };
  const complimentary = grants.find((g) => g.source === "complimentary" && g.tier === tier);
  if (subscription && subscription.tier === tier && LIVE.has(subscription.status) && !subscription.refundedAt)
    return { source: "subscription", text: "Paid subscription" };
  if (complimentary)
    return {
      source: "complimentary",
      text: complimentary.endsAt ? `Complimentary until ${formatDate(complimentary.endsAt.getTime() - 1)}` : "Complimentary",
    };
  if (grants.some((g) => g.source === "demo" && g.tier === tier)) return { source: "demo", text: "Chosen in demo billing" };
  const seat = seats.find((s) => s.tier === tier);
  if (seat) return { source: "team", text: `From a seat of ${seat.teamName}` };
  return { source: "subscription", text: "Paid subscription" };
}

/**
 * An amount as the payment provider gave it: in the minor unit of its currency (cents for USD, yen for JPY), printed
 * in that currency: "$29.00", "¥3,000".
 */
export function formatMoney(minor: number, currency: string): string {
  const code = currency.toUpperCase();
  try {
    const format = new Intl.NumberFormat("en-US", { style: "currency", currency: code });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(minor / 10 ** digits);
  } catch {
    // A currency code Intl does not know: the provider's figure, as it sent it.
    return `${minor} ${code} (minor units)`;
  }
}
