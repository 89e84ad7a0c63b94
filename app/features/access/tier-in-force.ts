/**
 * A member's tier in force (DESIGN D17, decision 0079): the best of everything that grants one at this moment. The one
 * rule every place reads, through `users.tier`, which only member-tier.server.ts writes, with this function.
 *
 * - A subscription at the payment provider: active or trialing, its plan; past due, its plan for a grace period from
 *   the first failed payment, then nothing; set to cancel at the period's end, its plan until then; ended (canceled,
 *   unpaid, expired) or refunded under the money-back guarantee, nothing.
 * - A grant without payment: a demo-mode choice (only while the site runs demo billing), or a complimentary grant
 *   from its start until its end (or for good).
 */
import { ACCESS_LEVELS, TIER_RANK, type AccessLevel } from "./tiers.ts";

/** How long a member keeps a plan whose payment failed, while the provider tries the card again. */
export const PAST_DUE_GRACE_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export type PaidTier = Exclude<AccessLevel, "public">;

/** A subscription as the provider last reported it (billing_subscriptions). */
export interface SubscriptionFacts {
  /** The tier its price sells; null for a price that is not one of ours (it grants nothing). */
  tier: PaidTier | null;
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  pastDueSince: Date | null;
  refundedAt: Date | null;
}

/** A tier given without payment (tier_grants). */
export interface GrantFacts {
  source: "demo" | "complimentary";
  tier: PaidTier;
  startsAt: Date;
  endsAt: Date | null;
}

export interface TierSources {
  subscriptions: readonly SubscriptionFacts[];
  grants: readonly GrantFacts[];
}

export interface TierInForce {
  tier: AccessLevel;
  /** The next moment the answer may change by itself (a grace period, a paid period or a grant ends or starts); null: none. */
  changesAt: Date | null;
}

/** What one subscription grants at `now`, and until when (null: until the provider says otherwise). */
function subscriptionGrant(subscription: SubscriptionFacts, now: Date): { tier: PaidTier; until: Date | null } | null {
  const { tier, status } = subscription;
  if (!tier || subscription.refundedAt) return null;
  let until: Date | null = null;
  if (status === "active" || status === "trialing") {
    // Cancelled by the member: the plan stays for the period already paid.
    if (subscription.cancelAtPeriodEnd && subscription.currentPeriodEnd) until = subscription.currentPeriodEnd;
  } else if (status === "past_due") {
    // The provider retries the card; the member keeps the plan for the grace period, counted from the first failure.
    const since = subscription.pastDueSince ?? now;
    until = new Date(since.getTime() + PAST_DUE_GRACE_DAYS * DAY_MS);
  } else {
    // canceled, unpaid, incomplete, incomplete_expired, paused, or a status the provider adds later: nothing paid for now.
    return null;
  }
  return until && until.getTime() <= now.getTime() ? null : { tier, until };
}

/** What one grant gives at `now`; null before its start or from its end. */
function grantNow(grant: GrantFacts, now: Date): { tier: PaidTier; until: Date | null } | null {
  if (grant.startsAt.getTime() > now.getTime()) return null;
  if (grant.endsAt && grant.endsAt.getTime() <= now.getTime()) return null;
  return { tier: grant.tier, until: grant.endsAt };
}

/**
 * The best tier of every source at `now`. Demo grants count only while demo billing is on: a plan chosen in a demo
 * is not one anybody paid for once the site takes payments.
 */
export function tierInForce(sources: TierSources, now: Date, options: { demoGrantsCount: boolean }): TierInForce {
  const grants = sources.grants.filter((g) => options.demoGrantsCount || g.source !== "demo");
  const held = [...sources.subscriptions.map((s) => subscriptionGrant(s, now)), ...grants.map((g) => grantNow(g, now))].filter(
    (g): g is { tier: PaidTier; until: Date | null } => g !== null,
  );
  const tier = held.reduce<AccessLevel>((best, g) => (TIER_RANK[g.tier] > TIER_RANK[best] ? g.tier : best), ACCESS_LEVELS[0]!);
  // Every moment a held grant ends, or a later grant begins, may change the answer.
  const moments = [
    ...held.map((g) => g.until),
    ...grants.filter((g) => g.startsAt.getTime() > now.getTime()).map((g) => g.startsAt),
  ].filter((d): d is Date => d !== null);
  const changesAt = moments.length ? new Date(Math.min(...moments.map((d) => d.getTime()))) : null;
  return { tier, changesAt };
}
