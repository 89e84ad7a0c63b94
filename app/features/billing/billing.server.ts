import { eq } from "drizzle-orm";
import { users } from "#db/schema/accounts.ts";
import { subscriptionChanges } from "#db/schema/usage.ts";
import { formatMonthlyPrice, type Plan, type SoldTier } from "~/features/access/plan-catalogue.ts";
import type { Database } from "~/lib/db.server.ts";
import { getEnv } from "~/lib/env.server.ts";

/** A plan as sold: one of the paid tiers, with the name and price the buyer was shown and agreed to. */
export type SoldPlan = Pick<Plan, "name" | "monthlyPrice"> & { tier: SoldTier };

export interface PlanChoice {
  status: "granted" | "requested";
  tier: SoldTier;
  plan: { name: string; monthlyPrice: number };
  /** The toast's title: it names the plan bought. */
  title: string;
  message: string;
}

/**
 * Where a payment provider plugs in: given a signed-in user and a plan, it either grants the tier (payment
 * done) or records that the user asked for it. Both implementations here take no payment.
 */
export interface BillingProvider {
  readonly name: string;
  choosePlan(database: Database, userId: string, plan: SoldPlan): Promise<PlanChoice>;
}

const change = (userId: string, plan: SoldPlan, status: "granted" | "requested", provider: string) => ({
  userId,
  plan: plan.name,
  tier: plan.tier,
  monthlyPrice: plan.monthlyPrice,
  status,
  provider,
});

/** Demo mode: the tier is granted at once and the change recorded; the message says no payment was taken. */
const demoBilling: BillingProvider = {
  name: "demo",
  async choosePlan({ db }, userId, plan) {
    await db.transaction(async (tx) => {
      await tx.update(users).set({ tier: plan.tier }).where(eq(users.id, userId));
      await tx.insert(subscriptionChanges).values(change(userId, plan, "granted", "demo"));
    });
    return {
      status: "granted",
      tier: plan.tier,
      plan: { name: plan.name, monthlyPrice: plan.monthlyPrice },
      title: `Your plan is now ${plan.name}`,
      message: `${plan.name}, ${formatMonthlyPrice(plan.monthlyPrice)}. Demo billing: no payment was taken.`,
    };
  },
};

/** Request mode: the choice is recorded for follow-up; the tier stays as it is until someone grants it. */
const requestBilling: BillingProvider = {
  name: "request",
  async choosePlan({ db }, userId, plan) {
    await db.insert(subscriptionChanges).values(change(userId, plan, "requested", "request"));
    return {
      status: "requested",
      tier: plan.tier,
      plan: { name: plan.name, monthlyPrice: plan.monthlyPrice },
      title: `Upgrade to ${plan.name} requested`,
      message: `${plan.name}, ${formatMonthlyPrice(plan.monthlyPrice)}. We'll be in touch by e-mail to complete it.`,
    };
  },
};

export function getBillingProvider(): BillingProvider {
  return getEnv().BILLING_MODE === "demo" ? demoBilling : requestBilling;
}
