/**
 * The member's choice to get what changes on the listings they follow by e-mail (decision 0063, addendum). On by
 * default (no row). The digest reads it through `followEmailSettings`; the settings and /following pages turn it on
 * and off here; the digest's unsubscribe-all link turns it off (features/saved-searches/unsubscribe.server.ts).
 */
import { and, eq, sql } from "drizzle-orm";
import { followEmailSettings } from "#db/schema/follows.ts";
import type { Database } from "~/lib/db.server.ts";

export async function followEmailsOn({ db }: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ emails: followEmailSettings.emails })
    .from(followEmailSettings)
    .where(eq(followEmailSettings.userId, userId));
  return row?.emails ?? true;
}

/**
 * Turns follow e-mails on or off. Only a real change is dated (an old unsubscribe link goes out of date only when the
 * member chose differently after it). Turning them back on starts the told stretch now: what changed while they were
 * off is not sent later.
 */
export async function setFollowEmails(database: Database, userId: string, on: boolean, now = new Date()): Promise<void> {
  const s = followEmailSettings;
  if (on) {
    // No row is already "on": nothing to record.
    await database.db
      .update(s)
      .set({ emails: true, changedAt: now, toldUntil: now })
      .where(and(eq(s.userId, userId), eq(s.emails, false)));
    return;
  }
  await database.db
    .insert(s)
    .values({ userId, emails: false, changedAt: now })
    .onConflictDoUpdate({
      target: s.userId,
      set: { emails: false, changedAt: sql`CASE WHEN ${s.emails} THEN ${now.toISOString()}::timestamptz ELSE ${s.changedAt} END` },
    });
}
