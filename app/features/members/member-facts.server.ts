/**
 * Everything /admin/members shows about a page of members (decision 0081), read for their ids at once: each query is
 * one index lookup per table (subscriptions, grants, this month's counters, sign-in methods, sessions), whatever the
 * number of members on the site.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { accounts, sessions, users } from "#db/schema/accounts.ts";
import { billingSubscriptions, tierGrants } from "#db/schema/billing.ts";
import { usageCounters } from "#db/schema/usage.ts";
import { summarizeUsage, usageMonthKey, type QuotaSummary } from "~/features/access/quotas.ts";
import { getPlanCatalogue, getTierDefinitions } from "~/features/access/tier-records.server.ts";
import { normalizeLevel, type AccessLevel } from "~/features/access/tiers.ts";
import type { Database } from "~/lib/db.server.ts";
import { getEnv } from "~/lib/env.server.ts";
import { planSource, signInMethods, subscriptionStatus, subscriptionThatMatters, type SubscriptionState } from "./member-facts.ts";

/** The columns of users the list and the page read. */
export const memberColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  emailVerified: users.emailVerified,
  role: users.role,
  tier: users.tier,
  disabledAt: users.disabledAt,
  lastSignedInAt: users.lastSignedInAt,
  createdAt: users.createdAt,
};

export interface MemberRow {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  role: string;
  tier: string;
  disabledAt: Date | null;
  lastSignedInAt: Date | null;
  createdAt: Date;
}

/** A member as the operator pages show them; dates as ISO text (the loaders' JSON). */
export interface MemberSummary {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  /** "admin" by the role or by ADMIN_EMAILS (then `adminByAddress`), as getSessionUser decides. */
  role: "admin" | "user";
  adminByAddress: boolean;
  tier: AccessLevel;
  /** The plan's name in the catalogue ("Premium"), and where the tier comes from. */
  plan: string;
  planSource: { source: "free" | "subscription" | "complimentary" | "demo" | "team"; text: string };
  subscription: { state: SubscriptionState; text: string };
  /** This month's use of each quota against the plan's limits. */
  usage: QuotaSummary[];
  signInMethods: string[];
  lastSignInAt: string | null;
  createdAt: string;
  disabledAt: string | null;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function groupBy<T extends { userId: string }>(rows: readonly T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) map.set(row.userId, [...(map.get(row.userId) ?? []), row]);
  return map;
}

/** `seats`: by member, the teams whose seat lends them a tier (the member's page reads them; the list does not). */
export async function summarizeMembers(
  database: Database,
  members: readonly MemberRow[],
  now: Date,
  seats: ReadonlyMap<string, ReadonlyArray<{ teamName: string; tier: string }>> = new Map(),
): Promise<MemberSummary[]> {
  if (!members.length) return [];
  const { db } = database;
  const ids = members.map((m) => m.id);
  const { year, month } = usageMonthKey(now);
  const [subscriptions, grants, counters, methods, signIns, catalogue, { tiers }] = await Promise.all([
    db.select().from(billingSubscriptions).where(inArray(billingSubscriptions.userId, ids)),
    db
      .select({ userId: tierGrants.userId, source: tierGrants.source, tier: tierGrants.tier, endsAt: tierGrants.endsAt })
      .from(tierGrants)
      .where(inArray(tierGrants.userId, ids)),
    db
      .select({ userId: usageCounters.userId, action: usageCounters.action, count: usageCounters.count })
      .from(usageCounters)
      .where(and(inArray(usageCounters.userId, ids), eq(usageCounters.year, year), eq(usageCounters.month, month))),
    db.selectDistinct({ userId: accounts.userId, providerId: accounts.providerId }).from(accounts).where(inArray(accounts.userId, ids)),
    db
      .select({ userId: sessions.userId, at: sql<Date | string>`max(${sessions.createdAt})` })
      .from(sessions)
      .where(inArray(sessions.userId, ids))
      .groupBy(sessions.userId),
    getPlanCatalogue(database),
    getTierDefinitions(database),
  ]);
  const [subsOf, grantsOf, countersOf, methodsOf] = [groupBy(subscriptions), groupBy(grants), groupBy(counters), groupBy(methods)];
  const sessionOf = new Map(signIns.map((s) => [s.userId, new Date(s.at)]));
  const admins = getEnv().ADMIN_EMAILS;
  return members.map((m) => {
    const tier = normalizeLevel(m.tier);
    const subscription = subscriptionThatMatters(subsOf.get(m.id) ?? []);
    const memberGrants = grantsOf.get(m.id) ?? [];
    const adminByAddress = m.role !== "admin" && m.emailVerified && admins.includes(m.email.toLowerCase());
    const usage = Object.fromEntries((countersOf.get(m.id) ?? []).map((c) => [c.action, c.count]));
    const sessionAt = sessionOf.get(m.id) ?? null;
    const lastSignIn = [m.lastSignedInAt, sessionAt].filter((d): d is Date => d !== null).sort((a, b) => b.getTime() - a.getTime())[0];
    return {
      id: m.id,
      name: m.name,
      email: m.email,
      emailVerified: m.emailVerified,
      role: m.role === "admin" || adminByAddress ? "admin" : "user",
      adminByAddress,
      tier,
      plan: catalogue[tier].name,
      planSource: planSource(tier, subscription, memberGrants, seats.get(m.id)),
      subscription: subscriptionStatus(subscription),
      usage: summarizeUsage(usage, tier, tiers[tier]),
      signInMethods: signInMethods((methodsOf.get(m.id) ?? []).map((a) => a.providerId)),
      lastSignInAt: iso(lastSignIn),
      createdAt: m.createdAt.toISOString(),
      disabledAt: iso(m.disabledAt),
    };
  });
}
