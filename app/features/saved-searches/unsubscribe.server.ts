/**
 * What an unsubscribe link does (decision 0062). Opening it (GET) only says what it will do: a mail scanner that
 * follows links must not turn alerts off. The one-click POST (RFC 8058) or the page's button does it. A link issued
 * before the member last changed the setting is out of date and changes nothing.
 */
import { and, eq, lte, ne, sql } from "drizzle-orm";
import { savedSearches } from "#db/schema/saved-searches.ts";
import { purposeKey } from "~/lib/auth.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { checkUnsubscribeToken, unsubscribeToken, type UnsubscribeScope } from "./unsubscribe-links.server.ts";

async function unsubscribeKey(database: Database): Promise<string> {
  return purposeKey(database, "saved-search:unsubscribe");
}

/** A signed unsubscribe link's token for `scope`, dated `issuedAt`. */
export async function makeUnsubscribeToken(database: Database, scope: UnsubscribeScope, issuedAt: Date): Promise<string> {
  return unsubscribeToken(await unsubscribeKey(database), scope, issuedAt);
}

export type UnsubscribeState =
  /** Not a link we signed (tampered, cut short, made up). */
  | { state: "invalid" }
  /** The saved search (or every one of the member's) is gone. */
  | { state: "gone" }
  /** The member changed the alert setting after the e-mail was sent: the link no longer speaks for them. */
  | { state: "out_of_date" }
  | { state: "already_off"; names: string[] }
  | { state: "open"; names: string[] };

interface Target {
  id: string;
  name: string;
  alertFrequency: string;
  alertsChangedAt: Date;
}

async function targetsOf({ db }: Database, scope: UnsubscribeScope): Promise<Target[]> {
  const where = scope.kind === "search" ? eq(savedSearches.id, scope.savedSearchId) : eq(savedSearches.userId, scope.userId);
  return db
    .select({
      id: savedSearches.id,
      name: savedSearches.name,
      alertFrequency: savedSearches.alertFrequency,
      alertsChangedAt: savedSearches.alertsChangedAt,
    })
    .from(savedSearches)
    .where(where);
}

function stateOf(targets: Target[], issuedAt: Date): UnsubscribeState {
  if (!targets.length) return { state: "gone" };
  const current = targets.filter((t) => t.alertsChangedAt.getTime() <= issuedAt.getTime());
  const on = current.filter((t) => t.alertFrequency !== "off");
  if (on.length) return { state: "open", names: on.map((t) => t.name) };
  // Everything the link covers was changed since it was sent: the member chose again after this e-mail.
  if (!current.length) return { state: "out_of_date" };
  return { state: "already_off", names: current.map((t) => t.name) };
}

/** What the link would do, without doing it. */
export async function readUnsubscribeLink(database: Database, token: string): Promise<UnsubscribeState> {
  const checked = checkUnsubscribeToken(await unsubscribeKey(database), token);
  if (!checked.ok) return { state: "invalid" };
  return stateOf(await targetsOf(database, checked.scope), checked.issuedAt);
}

/**
 * Turns the alerts the link covers off, only where the setting was not changed after the link was issued (one
 * conditional UPDATE: a change racing the click wins). Returns the state before, and the names turned off.
 */
export async function applyUnsubscribeLink(
  database: Database,
  token: string,
  now = new Date(),
): Promise<UnsubscribeState | { state: "done"; names: string[] }> {
  const checked = checkUnsubscribeToken(await unsubscribeKey(database), token);
  if (!checked.ok) return { state: "invalid" };
  const before = stateOf(await targetsOf(database, checked.scope), checked.issuedAt);
  if (before.state !== "open") return before;
  const scope = checked.scope;
  const owned = scope.kind === "search" ? eq(savedSearches.id, scope.savedSearchId) : eq(savedSearches.userId, scope.userId);
  const changed = await database.db
    .update(savedSearches)
    .set({ alertFrequency: "off", alertsChangedAt: now, updatedAt: now })
    .where(
      and(
        owned,
        ne(savedSearches.alertFrequency, "off"),
        lte(savedSearches.alertsChangedAt, sql`${checked.issuedAt.toISOString()}::timestamptz`),
      ),
    )
    .returning({ id: savedSearches.id, name: savedSearches.name });
  if (!changed.length) return stateOf(await targetsOf(database, scope), checked.issuedAt);
  return { state: "done", names: changed.map((c) => c.name) };
}
