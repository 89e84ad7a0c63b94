/**
 * What an unsubscribe link does (decision 0062). Opening it (GET) only says what it will do: a mail scanner that
 * follows links must not turn alerts off. The one-click POST (RFC 8058) or the page's button does it. A link issued
 * before the member last changed the setting is out of date and changes nothing.
 */
import { and, eq, inArray, lte, ne, sql } from "drizzle-orm";
import { followEmailSettings } from "#db/schema/follows.ts";
import { savedSearches } from "#db/schema/saved-searches.ts";
import { teamDigestOptIns } from "#db/schema/team-alerts.ts";
import { teams as teamsTable } from "#db/schema/teams.ts";
import { purposeKey } from "~/lib/auth.server.ts";
import type { Database } from "~/lib/db.server.ts";
import type { ErrorCode } from "~/lib/errors.ts";
import { possessive } from "~/lib/wording.ts";
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
  /** `names`: the saved searches; `follows`: the e-mails about followed listings. */
  | { state: "already_off"; names: string[]; follows: boolean }
  | { state: "open"; names: string[]; follows: boolean };

/**
 * The answer's status for what a link did or would do: a link that does nothing is a client error a mail provider's
 * one-click POST and a link checker can see, while the page still says why. 400: not a link we signed (cut short,
 * changed, made up); 404: what it stops no longer exists; 410: the member chose again after the e-mail, so the link is
 * spent for good. A link whose e-mails are already off did its job (200), as a second click of a mail client does.
 */
export function unsubscribeErrorCode(state: { state: string }): ErrorCode | null {
  if (state.state === "invalid") return "bad_request";
  if (state.state === "gone") return "not_found";
  if (state.state === "out_of_date") return "gone";
  return null;
}

interface Target {
  id: string;
  name: string;
  alertFrequency: string;
  alertsChangedAt: Date;
  /** The member's follow e-mails rather than a saved search. */
  follows?: true;
  /** The member's opt-in to a team's digest (decision 0121) rather than a saved search. */
  team?: true;
}

/** No row: follow e-mails are on and were never chosen. */
const NEVER = new Date(0);

/** The member's follow e-mails as a target of the "all" link, when they follow something or ever chose. */
async function followTarget(database: Database, userId: string): Promise<Target | null> {
  const [row] = await database.rows<{ emails: boolean | null; changed_at: Date | string | null; follows: boolean }>(sql`
    SELECT p.emails, p.changed_at, EXISTS (SELECT 1 FROM listing_follows f WHERE f.user_id = ${userId}) AS follows
    FROM (SELECT 1) one LEFT JOIN follow_email_settings p ON p.user_id = ${userId}`);
  if (!row || (row.emails === null && !row.follows)) return null;
  return {
    id: "follows",
    name: "listings you follow",
    alertFrequency: row.emails === false ? "off" : "on",
    alertsChangedAt: row.changed_at === null ? NEVER : new Date(row.changed_at),
    follows: true,
  };
}

/** The member's team digests as targets of the "all" link: every team whose items they chose to get, or chose not to. */
async function teamTargets(database: Database, userId: string): Promise<Target[]> {
  const rows = await database.rows<{ team_id: string; name: string; opted_in: boolean; changed_at: Date | string }>(sql`
    SELECT o.team_id::text AS team_id, t.name, o.opted_in, o.changed_at FROM team_digest_opt_ins o JOIN teams t ON t.id = o.team_id
    WHERE o.user_id = ${userId} ORDER BY t.name`);
  return rows.map((r) => ({
    id: `team:${r.team_id}`,
    name: `${possessive(r.name)} team digest`,
    alertFrequency: r.opted_in ? "on" : "off",
    alertsChangedAt: new Date(r.changed_at),
    team: true,
  }));
}

async function targetsOf(database: Database, scope: UnsubscribeScope): Promise<Target[]> {
  const where = scope.kind === "search" ? eq(savedSearches.id, scope.savedSearchId) : eq(savedSearches.userId, scope.userId);
  const follows = scope.kind === "all" ? await followTarget(database, scope.userId) : null;
  const teams = scope.kind === "all" ? await teamTargets(database, scope.userId) : [];
  const searches: Target[] = await database.db
    .select({
      id: savedSearches.id,
      name: savedSearches.name,
      alertFrequency: savedSearches.alertFrequency,
      alertsChangedAt: savedSearches.alertsChangedAt,
    })
    .from(savedSearches)
    .where(where);
  return [...searches, ...teams, ...(follows ? [follows] : [])];
}

const named = (targets: Target[]) => ({
  names: targets.filter((t) => !t.follows).map((t) => t.name),
  follows: targets.some((t) => t.follows),
});

function stateOf(targets: Target[], issuedAt: Date): UnsubscribeState {
  if (!targets.length) return { state: "gone" };
  const current = targets.filter((t) => t.alertsChangedAt.getTime() <= issuedAt.getTime());
  const on = current.filter((t) => t.alertFrequency !== "off");
  if (on.length) return { state: "open", ...named(on) };
  // Everything the link covers was changed since it was sent: the member chose again after this e-mail.
  if (!current.length) return { state: "out_of_date" };
  return { state: "already_off", ...named(current) };
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
): Promise<UnsubscribeState | { state: "done"; names: string[]; follows: boolean }> {
  const checked = checkUnsubscribeToken(await unsubscribeKey(database), token);
  if (!checked.ok) return { state: "invalid" };
  const before = stateOf(await targetsOf(database, checked.scope), checked.issuedAt);
  if (before.state !== "open") return before;
  const scope = checked.scope;
  const issuedAt = sql`${checked.issuedAt.toISOString()}::timestamptz`;
  const owned = scope.kind === "search" ? eq(savedSearches.id, scope.savedSearchId) : eq(savedSearches.userId, scope.userId);
  const { changed, follows } = await database.db.transaction(async (tx) => {
    const changed = await tx
      .update(savedSearches)
      .set({ alertFrequency: "off", alertsChangedAt: now, updatedAt: now })
      .where(and(owned, ne(savedSearches.alertFrequency, "off"), lte(savedSearches.alertsChangedAt, issuedAt)))
      .returning({ id: savedSearches.id, name: savedSearches.name });
    if (scope.kind !== "all") return { changed, follows: false };
    // The team digests the member opted in to stop too, unless chosen again after the link was issued.
    const teams = await tx
      .update(teamDigestOptIns)
      .set({ optedIn: false, changedAt: now })
      .where(and(eq(teamDigestOptIns.userId, scope.userId), eq(teamDigestOptIns.optedIn, true), lte(teamDigestOptIns.changedAt, issuedAt)))
      .returning({ teamId: teamDigestOptIns.teamId });
    if (teams.length) {
      const stopped = await tx
        .select({ id: teamsTable.id, name: teamsTable.name })
        .from(teamsTable)
        .where(
          inArray(
            teamsTable.id,
            teams.map((t) => t.teamId),
          ),
        );
      changed.push(...stopped.map((t) => ({ id: t.id, name: `${possessive(t.name)} team digest` })));
    }
    if (!before.follows) return { changed, follows: false };
    // Off unless the member chose again after the link was issued (a row dated later, or already off, is left alone).
    const stopped = await tx
      .insert(followEmailSettings)
      .values({ userId: scope.userId, emails: false, changedAt: now })
      .onConflictDoUpdate({
        target: followEmailSettings.userId,
        set: { emails: false, changedAt: now },
        where: and(eq(followEmailSettings.emails, true), lte(followEmailSettings.changedAt, issuedAt)),
      })
      .returning({ userId: followEmailSettings.userId });
    return { changed, follows: stopped.length > 0 };
  });
  if (!changed.length && !follows) return stateOf(await targetsOf(database, scope), checked.issuedAt);
  return { state: "done", names: changed.map((c) => c.name), follows };
}
