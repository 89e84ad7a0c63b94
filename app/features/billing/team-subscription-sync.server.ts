/**
 * A team's per-seat subscription as the provider reports it (issue 37, decision 0119), stored like a member's
 * (decision 0079): only from the provider's own current answer, so events late, twice or out of order leave what the
 * provider holds. A subscription is a team's when its customer is the team's, else when the team's checkout named the
 * team in its metadata. Every seat holder's tier is decided again in the same transaction, under the team's row lock,
 * so a seat assigned at the same moment waits and then counts the new state.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { teamMemberships, teamSubscriptions, teams } from "#db/schema/teams.ts";
import { refreshMemberTierIn, type Tx } from "~/features/access/member-tier.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { logger } from "~/lib/logger.server.ts";
import type { PaymentGateway, ProviderSubscription } from "./payment-gateway.server.ts";
import { pastDueSinceOnUpdate, subscriptionValues } from "./subscription-row.server.ts";
import type { SyncTimes } from "./sync-subscription.server.ts";
import { teamPlanOfLookupKey } from "./team-plan.ts";

/** A team subscription that runs or may run again: the team changes its seats rather than buying a second one. */
const LIVE_STATUSES = ["active", "trialing", "past_due", "incomplete", "unpaid", "paused"];

/** The team a subscription belongs to: the team whose customer it is, else the (existing) team its checkout named. */
export async function teamOfSubscription(database: Database, subscription: ProviderSubscription): Promise<string | null> {
  const [byCustomer] = await database.db.select({ id: teams.id }).from(teams).where(eq(teams.providerCustomerId, subscription.customerId));
  if (byCustomer) return byCustomer.id;
  if (!subscription.metadataTeamId || !/^[0-9a-f-]{36}$/i.test(subscription.metadataTeamId)) return null;
  const [named] = await database.db.select({ id: teams.id }).from(teams).where(eq(teams.id, subscription.metadataTeamId));
  return named?.id ?? null;
}

/**
 * A team pays through one subscription at a time. A second live one (two Checkouts paid from two tabs before either
 * came back) is ended at the provider at once, so the team is not billed twice for its seats; the first stays. Returns
 * true when `subscription` was that second one. (Its first payment is not refunded here: the operators' refund is.)
 */
export async function endSecondTeamPlan(
  database: Database,
  gateway: PaymentGateway,
  teamId: string,
  subscription: ProviderSubscription,
): Promise<boolean> {
  if (!LIVE_STATUSES.includes(subscription.status)) return false;
  const live = await liveTeamSubscriptionOf(database, teamId);
  if (!live || live.id === subscription.id) return false;
  await gateway.cancelNow(subscription.id);
  logger.warn({ teamId, kept: live.id, ended: subscription.id }, "a team's second live subscription was ended at the provider");
  return true;
}

/** Whether a customer at the provider is a team's (its events keep their ids, as a member's do). */
export async function isTeamCustomer(database: Database, customerId: string): Promise<boolean> {
  const [row] = await database.db.select({ id: teams.id }).from(teams).where(eq(teams.providerCustomerId, customerId));
  return Boolean(row);
}

export async function liveTeamSubscriptionOf(database: Database | { db: Tx }, teamId: string) {
  const [row] = await database.db
    .select()
    .from(teamSubscriptions)
    .where(and(eq(teamSubscriptions.teamId, teamId), inArray(teamSubscriptions.status, LIVE_STATUSES)))
    .orderBy(desc(teamSubscriptions.createdAt))
    .limit(1);
  return row ?? null;
}

/** Locks the team's row for the rest of the transaction: seats are counted and changed by one writer at a time. */
export async function lockTeam(tx: Tx, teamId: string): Promise<{ id: string; name: string; providerCustomerId: string | null } | null> {
  const [team] = await tx
    .select({ id: teams.id, name: teams.name, providerCustomerId: teams.providerCustomerId })
    .from(teams)
    .where(eq(teams.id, teamId))
    .for("update");
  return team ?? null;
}

/** Decides again the tier of every member holding one of the team's seats (inside the caller's transaction). */
export async function refreshSeatHolders(tx: Tx, teamId: string, now: Date): Promise<void> {
  const holders = await tx
    .select({ userId: teamMemberships.userId })
    .from(teamMemberships)
    .where(and(eq(teamMemberships.teamId, teamId), eq(teamMemberships.seat, true)));
  for (const { userId } of holders) await refreshMemberTierIn(tx, userId, now);
}

/** Stores the provider's subscription for the team inside `tx` (which holds the team's lock) and refreshes its seat holders. */
export async function storeTeamSubscriptionIn(tx: Tx, teamId: string, subscription: ProviderSubscription, times: SyncTimes): Promise<void> {
  const plan = teamPlanOfLookupKey(subscription.price?.lookupKey);
  const pastDue = subscription.status === "past_due";
  // The customer is the team's from now on, even when only the checkout's metadata named it.
  await tx
    .update(teams)
    .set({ providerCustomerId: subscription.customerId })
    .where(and(eq(teams.id, teamId), sql`${teams.providerCustomerId} IS NULL`));
  const values = { teamId, ...subscriptionValues(subscription, plan, times.now), quantity: subscription.quantity };
  await tx
    .insert(teamSubscriptions)
    .values({ id: subscription.id, ...values, pastDueSince: pastDue ? times.observedAt : null })
    .onConflictDoUpdate({
      target: teamSubscriptions.id,
      set: { ...values, pastDueSince: pastDueSinceOnUpdate(teamSubscriptions.pastDueSince, subscription, times.observedAt) },
    });
  await refreshSeatHolders(tx, teamId, times.now);
}

/** Stores a team's subscription in a transaction of its own, under the team's lock. */
export async function storeTeamSubscription(
  database: Database,
  teamId: string,
  subscription: ProviderSubscription,
  times: SyncTimes,
): Promise<void> {
  await database.db.transaction(async (tx) => {
    if (!(await lockTeam(tx, teamId))) return;
    await storeTeamSubscriptionIn(tx, teamId, subscription, times);
  });
}
