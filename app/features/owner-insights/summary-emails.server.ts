/**
 * The monthly summary's on/off switch and its one-click unsubscribe link (decision 0117, the digests' rules of
 * decision 0062): no row is "on"; the link is signed (nobody stops someone else's e-mail by guessing) and dated (a link
 * issued before the owner chose again changes nothing). No expiry: RFC 8058 asks that an old e-mail's link still work.
 * Opening the link only says what it will do; the POST (the mail client's one click, or the page's button) does it.
 */
import { and, eq, lte, sql } from "drizzle-orm";
import { ownerInsightEmailSettings } from "#db/schema/owner-insights.ts";
import { purposeKey } from "~/lib/auth.server.ts";
import type { Database } from "~/lib/db.server.ts";
import type { ErrorCode } from "~/lib/errors.ts";
import { hmac, sameSignature } from "~/lib/hmac.server.ts";

const key = (database: Database) => purposeKey(database, "owner-insights:unsubscribe");

/** Whether the member gets the monthly summary: on unless they turned it off. */
export async function summaryEmailsOn(database: Database, userId: string): Promise<boolean> {
  const [row] = await database.db
    .select({ emails: ownerInsightEmailSettings.emails })
    .from(ownerInsightEmailSettings)
    .where(eq(ownerInsightEmailSettings.userId, userId));
  return row?.emails ?? true;
}

/** The member's choice, dated `now`: an unsubscribe link issued before it is spent. */
export async function setSummaryEmails(database: Database, userId: string, on: boolean, now = new Date()): Promise<void> {
  await database.db
    .insert(ownerInsightEmailSettings)
    .values({ userId, emails: on, changedAt: now })
    .onConflictDoUpdate({ target: ownerInsightEmailSettings.userId, set: { emails: on, changedAt: now } });
}

export async function summaryUnsubscribeToken(database: Database, userId: string, issuedAt: Date): Promise<string> {
  const body = `o.${userId}.${issuedAt.getTime().toString(36)}`;
  return `${body}.${hmac(await key(database), body)}`;
}

const TOKEN = /^o\.([A-Za-z0-9_-]{1,64})\.([0-9a-z]{1,10})\.([\w-]{43})$/;

async function checkToken(database: Database, token: string): Promise<{ userId: string; issuedAt: Date } | null> {
  const match = token.length <= 200 ? TOKEN.exec(token) : null;
  if (!match) return null;
  const [, userId, issued, signature] = match;
  if (!sameSignature(signature, hmac(await key(database), token.slice(0, token.length - signature!.length - 1)))) return null;
  return { userId: userId!, issuedAt: new Date(Number.parseInt(issued!, 36)) };
}

export type SummaryUnsubscribeState =
  { state: "invalid" } | { state: "gone" } | { state: "out_of_date" } | { state: "already_off" } | { state: "open" } | { state: "done" };

/** The answer's status: as the digests' links (unsubscribeErrorCode), a link that does nothing is a 4xx. */
export function summaryUnsubscribeErrorCode({ state }: SummaryUnsubscribeState): ErrorCode | null {
  return state === "invalid" ? "bad_request" : state === "gone" ? "not_found" : state === "out_of_date" ? "gone" : null;
}

async function stateOf(database: Database, userId: string, issuedAt: Date): Promise<SummaryUnsubscribeState> {
  const [row] = await database.rows<{ emails: boolean | null; changed_at: string | Date | null; member: boolean }>(sql`
    SELECT s.emails, s.changed_at, EXISTS (SELECT 1 FROM users u WHERE u.id = ${userId}) AS member
    FROM (SELECT 1) one LEFT JOIN owner_insight_email_settings s ON s.user_id = ${userId}`);
  if (!row?.member) return { state: "gone" };
  const changedAt = row.changed_at === null ? 0 : new Date(row.changed_at).getTime();
  if (changedAt > issuedAt.getTime()) return { state: "out_of_date" };
  return row.emails === false ? { state: "already_off" } : { state: "open" };
}

/** What the link would do, without doing it (GET: a mail scanner follows links). */
export async function readSummaryUnsubscribe(database: Database, token: string): Promise<SummaryUnsubscribeState> {
  const checked = await checkToken(database, token);
  return checked ? stateOf(database, checked.userId, checked.issuedAt) : { state: "invalid" };
}

/** Turns the summary off unless the owner chose again after the link was issued (one conditional write). */
export async function applySummaryUnsubscribe(database: Database, token: string, now = new Date()): Promise<SummaryUnsubscribeState> {
  const checked = await checkToken(database, token);
  if (!checked) return { state: "invalid" };
  const before = await stateOf(database, checked.userId, checked.issuedAt);
  if (before.state !== "open") return before;
  const t = ownerInsightEmailSettings;
  const stopped = await database.db
    .insert(t)
    .values({ userId: checked.userId, emails: false, changedAt: now })
    .onConflictDoUpdate({
      target: t.userId,
      set: { emails: false, changedAt: now },
      where: and(eq(t.emails, true), lte(t.changedAt, sql`${checked.issuedAt.toISOString()}::timestamptz`)),
    })
    .returning({ userId: t.userId });
  return stopped.length ? { state: "done" } : stateOf(database, checked.userId, checked.issuedAt);
}
