import { and, eq, like, ne, sql } from "drizzle-orm";
import { listingViews, usageCounters } from "#db/schema/usage.ts";
import { underLock } from "~/lib/atomic-limit.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { spendsNothing } from "~/lib/read-only-request.server.ts";
import {
  AI_TOKENS,
  COMPANY_VIEW,
  quotaLimitFor,
  quotaRemaining,
  quotaTypeOf,
  summarizeUsage,
  usageMonthKey,
  type QuotaSummary,
  type UsageAction,
} from "./quotas.ts";
import { getTierDefinitions } from "./tier-records.server.ts";
import type { AccessLevel } from "./tiers.ts";

/** Who uses: a signed-in user (anonymous visitors have no usage; spec 01 §5). */
export interface UsageSubject {
  id: string;
  tier: AccessLevel;
}

export interface QuotaState {
  action: UsageAction;
  used: number;
  /** The monthly limit (999999 means unlimited); null when the action counts against no quota. */
  limit: number | null;
  remaining: number | null;
}

export interface UsageResult extends QuotaState {
  /** False when the quota had no units left: nothing was counted and the use must not happen. */
  allowed: boolean;
}

async function limitOf(database: Database, subject: UsageSubject, action: UsageAction): Promise<number | null> {
  const { tiers } = await getTierDefinitions(database);
  return quotaLimitFor(action, subject.tier, tiers[subject.tier]);
}

/** This month's counters for a user, by action. */
export async function getMonthlyUsage({ db }: Database, userId: string, now = new Date()): Promise<Record<string, number>> {
  const { year, month } = usageMonthKey(now);
  const rows = await db
    .select({ action: usageCounters.action, count: usageCounters.count })
    .from(usageCounters)
    .where(and(eq(usageCounters.userId, userId), eq(usageCounters.year, year), eq(usageCounters.month, month)));
  return Object.fromEntries(rows.map((r) => [r.action, r.count]));
}

/**
 * Whether an action shares its quota with other counters: every ai_{kind} (ai_summary, ai_intro_message, …) spends
 * the one "AI requests" quota, so its limit holds for their sum. ai_tokens measures them and spends nothing.
 */
function isAiRequest(action: string): boolean {
  return action !== AI_TOKENS && quotaTypeOf(action) === "AI requests";
}

/** How much of the action's quota is used: its own count, or for an AI request the sum of every ai_{kind}. */
function usedOf(usage: Record<string, number>, action: UsageAction): number {
  if (!isAiRequest(action)) return usage[action] ?? 0;
  return Object.entries(usage).reduce((sum, [name, count]) => (isAiRequest(name) ? sum + count : sum), 0);
}

export async function getQuotaState(database: Database, subject: UsageSubject, action: UsageAction, now = new Date()): Promise<QuotaState> {
  const [usage, limit] = await Promise.all([getMonthlyUsage(database, subject.id, now), limitOf(database, subject, action)]);
  const used = usedOf(usage, action);
  return { action, used, limit, remaining: limit === null ? null : quotaRemaining(limit, used) };
}

type Writer = Pick<Database["db"], "insert">;

/**
 * Adds `amount` to this month's counter of an action if the sum stays within `cap`; the new count, or null when it
 * would not fit. Check and increment are one statement (the upsert's WHERE), so two concurrent requests cannot
 * both spend the last unit: the second waits for the first's row and re-checks it.
 */
async function addToCounter(
  db: Writer,
  userId: string,
  action: UsageAction,
  amount: number,
  cap: number,
  now: Date,
): Promise<number | null> {
  // A first insert is not checked by the WHERE below, which guards the update only.
  if (amount > cap) return null;
  const { year, month } = usageMonthKey(now);
  const [row] = await db
    .insert(usageCounters)
    .values({ userId, year, month, action, count: amount, lastUpdated: now })
    .onConflictDoUpdate({
      target: [usageCounters.userId, usageCounters.year, usageCounters.month, usageCounters.action],
      set: { count: sql`${usageCounters.count} + ${amount}`, lastUpdated: now },
      setWhere: sql`${usageCounters.count}::bigint + ${amount} <= ${cap}`,
    })
    .returning({ count: usageCounters.count });
  return row ? row.count : null;
}

/** The counter is an int4; an action without a quota is capped only by that. */
const capOf = (limit: number | null) => limit ?? 2_147_483_647;

/**
 * Adds `amount` to an AI request counter if the month's AI requests, every kind together, stay within `cap`; the new
 * total, or null. The counters of the kinds are separate rows, so the upsert's own check cannot see the others: the
 * sum is read and the counter written under the user's AI lock, and two requests of different kinds take turns.
 */
async function addToAiRequests(database: Database, userId: string, action: UsageAction, amount: number, cap: number, now: Date) {
  const { year, month } = usageMonthKey(now);
  return underLock(database, `usage:ai-requests:${userId}:${year}-${month}`, async (tx) => {
    const [row] = await tx.db
      .select({ total: sql<string>`coalesce(sum(${usageCounters.count}), 0)` })
      .from(usageCounters)
      .where(
        and(
          eq(usageCounters.userId, userId),
          eq(usageCounters.year, year),
          eq(usageCounters.month, month),
          like(usageCounters.action, "ai\\_%"),
          ne(usageCounters.action, AI_TOKENS),
        ),
      );
    const before = Number(row?.total ?? 0);
    if (before + amount > cap) return null;
    const added = await addToCounter(tx.db, userId, action, amount, capOf(null), now);
    return added === null ? null : before + amount;
  });
}

/** The answer counting would give, without counting: for a request that spends nothing (a HEAD, decision 0069). */
function wouldFit(state: QuotaState, amount: number): UsageResult {
  return { ...state, allowed: state.remaining === null || state.remaining >= amount };
}

/** Counts `amount` units of an action, only if they fit in the month's quota (see addToCounter). */
export async function recordUsage(
  database: Database,
  subject: UsageSubject,
  action: UsageAction,
  { amount = 1, now = new Date() }: { amount?: number; now?: Date } = {},
): Promise<UsageResult> {
  if (spendsNothing()) return wouldFit(await getQuotaState(database, subject, action, now), amount);
  const limit = await limitOf(database, subject, action);
  const used = isAiRequest(action)
    ? await addToAiRequests(database, subject.id, action, amount, capOf(limit), now)
    : await addToCounter(database.db, subject.id, action, amount, capOf(limit), now);
  if (used === null) return { ...(await getQuotaState(database, subject, action, now)), allowed: false };
  return { action, used, limit, remaining: limit === null ? null : quotaRemaining(limit, used), allowed: true };
}

/**
 * Gives back `amount` units of an action counted at `now` (same month): an AI request whose provider failed was
 * spent before the call, so that the quota could not be raced past, and the member does not pay for the failure.
 */
export async function refundUsage(
  database: Database,
  subject: UsageSubject,
  action: UsageAction,
  { amount = 1, now = new Date() }: { amount?: number; now?: Date } = {},
): Promise<void> {
  // Nothing was spent (recordUsage counted nothing), so nothing is given back.
  if (spendsNothing()) return;
  const { year, month } = usageMonthKey(now);
  await database.db
    .update(usageCounters)
    .set({ count: sql`greatest(${usageCounters.count} - ${amount}, 0)`, lastUpdated: now })
    .where(
      and(
        eq(usageCounters.userId, subject.id),
        eq(usageCounters.year, year),
        eq(usageCounters.month, month),
        eq(usageCounters.action, action),
      ),
    );
}

/** Thrown inside the view's transaction to undo remembering a view the quota had no unit for. */
class NoUnitLeft extends Error {}

/**
 * A company view (spec 01 §6 views quota), counted once per listing per month: re-opening a listing already
 * seen this month is free and always allowed. A first view that does not fit the quota is not remembered.
 *
 * Remembering the view and spending its unit are one transaction. Apart, a second request for the same listing
 * found the first one's row and was let through as a re-opening while the first was still finding the quota
 * spent: with no views left, a burst of parallel requests showed the listing anyway (issue 14). Together, the
 * second insert waits for the first transaction: after its commit it is a free re-opening, after its rollback it
 * tries the quota itself.
 */
export async function recordCompanyView(
  database: Database,
  subject: UsageSubject,
  listingId: string,
  now = new Date(),
): Promise<UsageResult & { counted: boolean }> {
  const { year, month } = usageMonthKey(now);
  if (spendsNothing()) {
    const seen = await database.db
      .select({ listingId: listingViews.listingId })
      .from(listingViews)
      .where(
        and(
          eq(listingViews.userId, subject.id),
          eq(listingViews.listingId, listingId),
          eq(listingViews.year, year),
          eq(listingViews.month, month),
        ),
      );
    const state = await getQuotaState(database, subject, COMPANY_VIEW, now);
    return { ...(seen.length > 0 ? { ...state, allowed: true } : wouldFit(state, 1)), counted: false };
  }
  const limit = await limitOf(database, subject, COMPANY_VIEW);
  let used: number | null;
  try {
    // The new count, or null for a listing already seen this month.
    used = await database.db.transaction(async (tx) => {
      const [fresh] = await tx
        .insert(listingViews)
        .values({ userId: subject.id, listingId, year, month, viewedAt: now })
        .onConflictDoNothing()
        .returning({ listingId: listingViews.listingId });
      if (!fresh) return null;
      const count = await addToCounter(tx, subject.id, COMPANY_VIEW, 1, capOf(limit), now);
      if (count === null) throw new NoUnitLeft();
      return count;
    });
  } catch (error) {
    if (!(error instanceof NoUnitLeft)) throw error;
    return { ...(await getQuotaState(database, subject, COMPANY_VIEW, now)), allowed: false, counted: false };
  }
  if (used === null) return { ...(await getQuotaState(database, subject, COMPANY_VIEW, now)), allowed: true, counted: false };
  return {
    action: COMPANY_VIEW,
    used,
    limit,
    remaining: limit === null ? null : quotaRemaining(limit, used),
    allowed: true,
    counted: true,
  };
}

export type { QuotaSummary } from "./quotas.ts";

/**
 * This month's use of each quota (views, AI requests, exports, API calls) against the user's limits. A free member has
 * no views row: they see what a visitor sees, which spends none (decision 0080).
 */
export async function getUsageSummary(database: Database, subject: UsageSubject, now = new Date()): Promise<QuotaSummary[]> {
  const [usage, { tiers }] = await Promise.all([getMonthlyUsage(database, subject.id, now), getTierDefinitions(database)]);
  return summarizeUsage(usage, subject.tier, tiers[subject.tier]);
}
