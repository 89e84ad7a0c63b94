import { subscriptionChanges } from "#db/schema/usage.ts";
import { grantTier } from "~/features/access/member-tier.server.ts";
import { DEMO_PRICE_NOTE, formatIntervalPrice, type BillingInterval, type Plan, type SoldTier } from "~/features/access/plan-catalogue.ts";
import type { Database } from "~/lib/db.server.ts";

/** A plan as sold: one of the paid tiers, with the name, interval and price the buyer was shown and agreed to. */
export type SoldPlan = Pick<Plan, "name"> & { tier: SoldTier; interval: BillingInterval; price: number };

export interface PlanChoice {
  status: "granted" | "requested";
  tier: SoldTier;
  plan: { name: string; interval: BillingInterval; price: number };
  /** The toast's title: it names the plan bought. */
  title: string;
  message: string;
}

/**
 * The two ways of choosing a plan that take no payment (decision 0010; Stripe billing is checkout.server.ts): the
 * demo grants the tier at once, as a demo grant that counts only while the site runs demo billing (decision 0079);
 * request records the wish for someone to follow up.
 */
export interface BillingProvider {
  readonly name: string;
  choosePlan(database: Database, userId: string, plan: SoldPlan): Promise<PlanChoice>;
}

const change = (userId: string, plan: SoldPlan, status: "granted" | "requested", provider: string) => ({
  userId,
  plan: plan.name,
  tier: plan.tier,
  // The table keeps a monthly figure: an annual choice is recorded at its price spread over twelve months.
  monthlyPrice: plan.interval === "monthly" ? plan.price : Math.round(plan.price / 12),
  status,
  provider,
});

const shown = (plan: SoldPlan) => `${plan.name}, ${formatIntervalPrice(plan.price, plan.interval)}`;

/** Demo billing: the tier is granted at once and the choice recorded; the message says no payment is taken. */
export const demoBilling: BillingProvider = {
  name: "demo",
  async choosePlan(database, userId, plan) {
    await grantTier(database, userId, { source: "demo", tier: plan.tier, note: `${plan.name} chosen in demo billing` });
    await database.db.insert(subscriptionChanges).values(change(userId, plan, "granted", "demo"));
    return {
      status: "granted",
      tier: plan.tier,
      plan: { name: plan.name, interval: plan.interval, price: plan.price },
      title: `Your plan is now ${plan.name}`,
      message: `${shown(plan)}. ${DEMO_PRICE_NOTE}.`,
    };
  },
};

/** Request mode: the choice is recorded for follow-up; the tier stays as it is until someone grants it. */
export const requestBilling: BillingProvider = {
  name: "request",
  async choosePlan({ db }, userId, plan) {
    await db.insert(subscriptionChanges).values(change(userId, plan, "requested", "request"));
    return {
      status: "requested",
      tier: plan.tier,
      plan: { name: plan.name, interval: plan.interval, price: plan.price },
      title: `Upgrade to ${plan.name} requested`,
      message: `${shown(plan)}. We'll be in touch by e-mail to complete it.`,
    };
  },
};
