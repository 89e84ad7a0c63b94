import { desc, eq } from "drizzle-orm";
import { users } from "#db/schema/accounts.ts";
import { subscriptionChanges } from "#db/schema/usage.ts";
import type { Database } from "~/lib/db.server.ts";
import { getEnv } from "~/lib/env.server.ts";

/**
 * Ends a member's plan because they are deleting their account (decision 0077): called inside the deletion's
 * transaction, before anything else of theirs is touched. Today a plan is a tier and its record in
 * subscription_changes, so ending it puts the member back on the free tier and records the end; a payment provider's
 * subscription (Stripe) is cancelled here too once there is one, so nobody is charged for an account that is gone.
 *
 * Returns the plan that ended, or null when there was none (a free member with no upgrade waiting).
 */
export async function endMembershipForDeletion(database: Database, userId: string): Promise<{ plan: string } | null> {
  const { db } = database;
  const [member] = await db.select({ tier: users.tier }).from(users).where(eq(users.id, userId)).limit(1);
  if (!member) return null;
  const [latest] = await db
    .select({ plan: subscriptionChanges.plan, tier: subscriptionChanges.tier, status: subscriptionChanges.status })
    .from(subscriptionChanges)
    .where(eq(subscriptionChanges.userId, userId))
    .orderBy(desc(subscriptionChanges.createdAt))
    .limit(1);
  // A paid tier ends; so does an upgrade someone was to complete by hand (request billing): nobody follows it up now.
  const paid = member.tier === "subscriber" || member.tier === "premium" ? member.tier : null;
  const waiting = latest?.status === "requested" ? latest.tier : null;
  const tier = paid ?? waiting;
  if (!tier) return null;
  const plan = latest && latest.tier === tier ? latest.plan : tier[0]!.toUpperCase() + tier.slice(1);
  await db.insert(subscriptionChanges).values({ userId, plan, tier, monthlyPrice: null, status: "ended", provider: getEnv().BILLING_MODE });
  await db.update(users).set({ tier: "public" }).where(eq(users.id, userId));
  return { plan };
}
