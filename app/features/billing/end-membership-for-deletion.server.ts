import { desc, eq } from "drizzle-orm";
import { users } from "#db/schema/accounts.ts";
import { tierGrants } from "#db/schema/billing.ts";
import { subscriptionChanges } from "#db/schema/usage.ts";
import type { Database } from "~/lib/db.server.ts";
import { getEnv } from "~/lib/env.server.ts";

/**
 * Ends a member's plan because they are deleting their account (decisions 0077 and 0079): called inside the deletion's
 * transaction, before anything else of theirs is touched, so it asks the payment provider nothing (no provider call
 * inside a transaction, and a provider that is down keeps nobody from leaving). Their demo and complimentary grants
 * end here, the tier goes back to free and the end is recorded in subscription_changes. A subscription paid at the
 * provider is cancelled there by the account erasure job's first step (endPaymentsAtProvider), which is retried until
 * the provider answers; until then the member's billing rows stay as the record of what to cancel, and webhooks about
 * it change nothing (sync-subscription.server.ts: a member being deleted is nobody's).
 *
 * Returns the plan that ended, or null when there was none (a free member with no upgrade waiting).
 */
export async function endMembershipForDeletion(database: Database, userId: string): Promise<{ plan: string } | null> {
  const { db } = database;
  const [member] = await db.select({ tier: users.tier }).from(users).where(eq(users.id, userId)).limit(1);
  if (!member) return null;
  await db.delete(tierGrants).where(eq(tierGrants.userId, userId));
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
  // Free from now on, and no clock decides the tier again (a grace period or a paid period ending).
  await db.update(users).set({ tier: "public", tierChangesAt: null }).where(eq(users.id, userId));
  if (!tier) return null;
  const plan = latest && latest.tier === tier ? latest.plan : tier[0]!.toUpperCase() + tier.slice(1);
  await db.insert(subscriptionChanges).values({ userId, plan, tier, monthlyPrice: null, status: "ended", provider: getEnv().BILLING_MODE });
  return { plan };
}
