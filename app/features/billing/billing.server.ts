import { eq } from "drizzle-orm";
import { users } from "#db/schema/accounts.ts";
import { subscriptionChanges } from "#db/schema/usage.ts";
import type { Database } from "~/lib/db.server.ts";
import { getEnv } from "~/lib/env.server.ts";
import type { Plan } from "./plans.ts";

export interface PlanChoice {
  status: "granted" | "requested";
  tier: Plan["tier"];
  message: string;
}

/**
 * Where a payment provider plugs in: given a signed-in user and a plan, it either grants the tier (payment
 * done) or records that the user asked for it. Both implementations here take no payment.
 */
export interface BillingProvider {
  readonly name: string;
  choosePlan(database: Database, userId: string, plan: Plan): Promise<PlanChoice>;
}

/** Demo mode: the tier is granted at once and the change recorded; the message says no payment was taken. */
export const demoBilling: BillingProvider = {
  name: "demo",
  async choosePlan({ db }, userId, plan) {
    await db.transaction(async (tx) => {
      await tx.update(users).set({ tier: plan.tier }).where(eq(users.id, userId));
      await tx.insert(subscriptionChanges).values({ userId, plan: plan.id, tier: plan.tier, status: "granted", provider: "demo" });
    });
    return {
      status: "granted",
      tier: plan.tier,
      message: `Demo billing: no payment was taken. Your plan is now ${plan.name} (${plan.tier} access).`,
    };
  },
};

/** Request mode: the choice is recorded for follow-up; the tier stays as it is until someone grants it. */
export const requestBilling: BillingProvider = {
  name: "request",
  async choosePlan({ db }, userId, plan) {
    await db.insert(subscriptionChanges).values({ userId, plan: plan.id, tier: plan.tier, status: "requested", provider: "request" });
    return {
      status: "requested",
      tier: plan.tier,
      message: `Upgrade to ${plan.name} requested. We'll be in touch by e-mail to complete it.`,
    };
  },
};

export function getBillingProvider(): BillingProvider {
  return getEnv().BILLING_MODE === "demo" ? demoBilling : requestBilling;
}
