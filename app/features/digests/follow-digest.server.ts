/**
 * The followed listings' changes in a member's digest (decision 0063, addendum). They go to one cadence per member
 * (digest-audience.server.ts), and the stretch of time told runs on from where the last digest that told them stopped
 * (`told_until`), so a member moving between daily and weekly is told each change once and loses none:
 * - the stretch is [told_until, the digest period's end), or the digest's own period for a member never told yet;
 * - it never starts before the week the period is in (a member switching from weekly to daily mid-week gets the
 *   week's earlier days in their first daily digest; nobody gets months of history after a long pause);
 * - it never ends after `now` (an operator's early send of a period in progress tells the rest in the next digest);
 * - `told_until` moves on in the transaction that records the delivery, as the saved searches' snapshots do.
 */
import { sql } from "drizzle-orm";
import { followEmailSettings } from "#db/schema/follows.ts";
import type { Database } from "~/lib/db.server.ts";
import { followedChangesDigestSection } from "../follows/followed-changes.server.ts";
import { periodContaining } from "./digest-periods.ts";
import type { DigestMember, DigestPeriod, DigestSection } from "./digest-section.ts";

export interface FollowDigestPart {
  section: DigestSection | null;
  /** Moves the member's told stretch to the end of this one; run in the delivery's transaction. */
  commit(tx: Database): Promise<void>;
}

/** The stretch of follow changes a digest of `period` tells, given where the last one stopped; null when empty. */
export function followStretch(period: DigestPeriod, toldUntil: Date | null, now: Date): DigestPeriod | null {
  const weekStart = periodContaining("weekly", period.from).from;
  const from = toldUntil === null ? period.from : new Date(Math.max(toldUntil.getTime(), weekStart.getTime()));
  const to = new Date(Math.min(period.to.getTime(), now.getTime()));
  return from < to ? { from, to } : null;
}

export async function followDigestPart(
  database: Database,
  member: DigestMember,
  period: DigestPeriod,
  now: Date,
): Promise<FollowDigestPart> {
  const [row] = await database.db
    .select({ toldUntil: followEmailSettings.toldUntil })
    .from(followEmailSettings)
    .where(sql`${followEmailSettings.userId} = ${member.userId}`);
  const stretch = followStretch(period, row?.toldUntil ?? null, now);
  const section = stretch ? await followedChangesDigestSection(database, member, stretch) : null;
  return {
    section,
    async commit(tx) {
      if (!stretch) return;
      const end = sql`${stretch.to.toISOString()}::timestamptz`;
      // A first digest makes the row; its changed_at is the epoch, since the member has not chosen anything yet.
      await tx.db
        .insert(followEmailSettings)
        .values({ userId: member.userId, changedAt: new Date(0), toldUntil: stretch.to })
        .onConflictDoUpdate({
          target: followEmailSettings.userId,
          set: { toldUntil: sql`GREATEST(${followEmailSettings.toldUntil}, ${end})` },
        });
    },
  };
}
