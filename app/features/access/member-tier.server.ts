/**
 * The one writer of a member's tier (decision 0079). `users.tier` is what every request, API key, digest and export
 * reads; it is only ever the answer of tierInForce over the member's subscriptions and grants, written here after any
 * of them changes, and again when its `tier_changes_at` comes (a grace period, a paid period or a grant ends), by the
 * tier clock every app server runs. Nothing caches a member's tier between requests: the next request of any app
 * server reads the new one.
 */
import { and, asc, eq, isNotNull, lte, sql } from "drizzle-orm";
import { accountErasures } from "#db/schema/account-erasures.ts";
import { users } from "#db/schema/accounts.ts";
import { billingSubscriptions, tierGrants } from "#db/schema/billing.ts";
import { teamMemberships, teamSeatGrants, teamSubscriptions } from "#db/schema/teams.ts";
import type { Database, Db } from "~/lib/db.server.ts";
import { getEnv } from "~/lib/env.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { tierInForce, type GrantFacts, type PaidTier, type SubscriptionFacts, type TierInForce } from "./tier-in-force.ts";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Demo grants count while the site runs demo billing only (tier-in-force.ts). */
const demoGrantsCount = () => getEnv().BILLING_MODE === "demo";

async function decide(tx: Tx, userId: string, now: Date): Promise<TierInForce> {
  const [subscriptions, grants] = await Promise.all([
    tx
      .select({
        tier: billingSubscriptions.tier,
        status: billingSubscriptions.status,
        currentPeriodEnd: billingSubscriptions.currentPeriodEnd,
        cancelAtPeriodEnd: billingSubscriptions.cancelAtPeriodEnd,
        pastDueSince: billingSubscriptions.pastDueSince,
        refundedAt: billingSubscriptions.refundedAt,
      })
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.userId, userId)),
    tx
      .select({ source: tierGrants.source, tier: tierGrants.tier, startsAt: tierGrants.startsAt, endsAt: tierGrants.endsAt })
      .from(tierGrants)
      .where(eq(tierGrants.userId, userId)),
  ]);
  const seats = await seatSources(tx, userId, now);
  return tierInForce({ subscriptions: [...subscriptions, ...seats.subscriptions], grants: [...grants, ...seats.grants] }, now, {
    demoGrantsCount: demoGrantsCount(),
  });
}

/**
 * What the member's seats grant (issue 37, decisions 0118 and 0119): each team in which they hold a seat lends them its
 * subscription and its seat grants, read by the same rules as the member's own (a past-due team plan keeps its grace
 * period, a demo seat counts only in demo billing). A member without a seat gets nothing from their teams, and neither
 * does a holder beyond the seats the team has in force now: seats stay handed out when a plan ends or shrinks (at the
 * provider's dashboard, or bought again for fewer), and only the first holders, by when they got their seat, are lent
 * the plan. Paying for one seat never lends it to ten.
 */
async function seatSources(tx: Tx, userId: string, now: Date) {
  const held = await tx
    .select({ teamId: teamMemberships.teamId })
    .from(teamMemberships)
    .where(and(eq(teamMemberships.userId, userId), eq(teamMemberships.seat, true)));
  const subscriptions: SubscriptionFacts[] = [];
  const grants: GrantFacts[] = [];
  for (const { teamId } of held) {
    const [teamSubs, teamGrants, holders] = await Promise.all([
      tx
        .select({
          tier: teamSubscriptions.tier,
          status: teamSubscriptions.status,
          currentPeriodEnd: teamSubscriptions.currentPeriodEnd,
          cancelAtPeriodEnd: teamSubscriptions.cancelAtPeriodEnd,
          pastDueSince: teamSubscriptions.pastDueSince,
          refundedAt: teamSubscriptions.refundedAt,
          quantity: teamSubscriptions.quantity,
        })
        .from(teamSubscriptions)
        .where(eq(teamSubscriptions.teamId, teamId)),
      tx
        .select({
          source: teamSeatGrants.source,
          tier: teamSeatGrants.tier,
          startsAt: teamSeatGrants.startsAt,
          endsAt: teamSeatGrants.endsAt,
          seats: teamSeatGrants.seats,
        })
        .from(teamSeatGrants)
        .where(eq(teamSeatGrants.teamId, teamId)),
      tx
        .select({ userId: teamMemberships.userId })
        .from(teamMemberships)
        .where(and(eq(teamMemberships.teamId, teamId), eq(teamMemberships.seat, true)))
        .orderBy(sql`${teamMemberships.seatSince} NULLS LAST`, asc(teamMemberships.joinedAt), asc(teamMemberships.userId)),
    ]);
    const options = { demoGrantsCount: demoGrantsCount() };
    const capacity =
      teamSubs
        .filter((s) => tierInForce({ subscriptions: [s], grants: [] }, now, options).tier !== "public")
        .reduce((n, s) => n + s.quantity, 0) +
      teamGrants
        .filter((g) => tierInForce({ subscriptions: [], grants: [g] }, now, options).tier !== "public")
        .reduce((n, g) => n + g.seats, 0);
    if (holders.findIndex((h) => h.userId === userId) >= capacity) continue;
    subscriptions.push(...teamSubs);
    grants.push(...teamGrants);
  }
  return { subscriptions, grants };
}

export type MemberTier = TierInForce & { changed: boolean };

/**
 * Decides the member's tier from their subscriptions and grants and writes it, inside the caller's transaction `tx` (so
 * a change and the tier it makes commit together). The member's row is locked first, so two servers applying two
 * events of one member take turns and the later one decides from both.
 */
export async function refreshMemberTierIn(tx: Tx, userId: string, now: Date): Promise<MemberTier> {
  const [row] = await tx.select({ tier: users.tier }).from(users).where(eq(users.id, userId)).for("update");
  if (!row) return { tier: "public", changesAt: null, changed: false };
  // An account being deleted holds nothing (decision 0077), even while its subscription waits to be cancelled.
  const [leaving] = await tx.select({ id: accountErasures.id }).from(accountErasures).where(eq(accountErasures.userId, userId));
  const decided: TierInForce = leaving ? { tier: "public", changesAt: null } : await decide(tx, userId, now);
  await tx.update(users).set({ tier: decided.tier, tierChangesAt: decided.changesAt }).where(eq(users.id, userId));
  const changed = row.tier !== decided.tier;
  if (changed) logger.info({ userId, from: row.tier, to: decided.tier }, "member tier changed");
  return { ...decided, changed };
}

/** refreshMemberTierIn in a transaction of its own. */
export function refreshMemberTier(database: Database, userId: string, now = new Date()): Promise<MemberTier> {
  return database.db.transaction((tx) => refreshMemberTierIn(tx, userId, now));
}

/** Gives (or changes) a member's grant of one source and decides their tier again; both commit together. */
export async function grantTier(
  database: Database,
  userId: string,
  grant: { source: "demo" | "complimentary"; tier: PaidTier; endsAt?: Date | null; grantedBy?: string | null; note?: string | null },
  now = new Date(),
): Promise<MemberTier> {
  return database.db.transaction(async (tx) => {
    const values = {
      tier: grant.tier,
      startsAt: now,
      endsAt: grant.endsAt ?? null,
      grantedBy: grant.grantedBy ?? null,
      note: grant.note ?? null,
    };
    await tx
      .insert(tierGrants)
      .values({ userId, source: grant.source, ...values })
      .onConflictDoUpdate({ target: [tierGrants.userId, tierGrants.source], set: values });
    return refreshMemberTierIn(tx, userId, now);
  });
}

/** Takes back a member's grant of one source and decides their tier again. */
export async function revokeGrant(
  database: Database,
  userId: string,
  source: "demo" | "complimentary",
  now = new Date(),
): Promise<MemberTier> {
  return database.db.transaction(async (tx) => {
    await tx.delete(tierGrants).where(and(eq(tierGrants.userId, userId), eq(tierGrants.source, source)));
    return refreshMemberTierIn(tx, userId, now);
  });
}

/** Decides again the tier of every member whose tier was due to change by `now`; returns how many were looked at. */
export async function refreshDueMemberTiers(database: Database, now = new Date(), batch = 500): Promise<number> {
  const due = await database.db
    .select({ id: users.id })
    .from(users)
    .where(and(isNotNull(users.tierChangesAt), lte(users.tierChangesAt, now)))
    .orderBy(asc(users.tierChangesAt))
    .limit(batch);
  for (const { id } of due) await refreshMemberTier(database, id, now);
  return due.length;
}

/**
 * Decides again the tier of every member who holds or ever held a subscription or a grant: run at start, since a
 * change of BILLING_MODE turns demo grants on or off for all of them at once.
 */
export async function refreshAllGrantedTiers(database: Database, now = new Date()): Promise<number> {
  const rows = await database.rows<{ id: string }>(sql`
    SELECT user_id AS id FROM billing_subscriptions UNION SELECT user_id FROM tier_grants
    UNION SELECT user_id FROM team_memberships WHERE seat`);
  for (const { id } of rows) await refreshMemberTier(database, id, now);
  return rows.length;
}
