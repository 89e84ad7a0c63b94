/**
 * Saved searches a team keeps (issue 37, decision 0121): a member shares one of their saved searches with one of their
 * teams (`saved_searches.team_id`); it stays theirs to rename, set and delete, and every member of the team sees it,
 * labelled with the team and who saved it. Its alerts reach each member who opted in to the team's digest
 * (digests/team-search-digest.server.ts). Membership is read where it is used: a member who leaves stops seeing it,
 * and a saver who leaves takes it with them (it is shown only while they too are in the team).
 */
import { and, eq, sql } from "drizzle-orm";
import { savedSearches } from "#db/schema/saved-searches.ts";
import type { Database } from "~/lib/db.server.ts";
import { notFound } from "~/lib/errors.ts";
import { directoryUrlOf } from "./saved-searches-api.server.ts";
import type { Member } from "./saved-searches.server.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The member's teams, for the "Shared with" select. */
export async function teamsOf(database: Database, userId: string): Promise<Array<{ id: string; name: string }>> {
  return database.rows(sql`
    SELECT t.id::text AS id, t.name FROM team_memberships m JOIN teams t ON t.id = m.team_id WHERE m.user_id = ${userId} ORDER BY t.name, t.id`);
}

/** Shares the member's saved search with one of their teams, or makes it theirs alone again (`teamId` null). */
export async function shareSavedSearch(database: Database, member: Member, id: string, teamId: string | null, now = new Date()) {
  if (!UUID.test(id)) notFound("No such saved search.");
  if (teamId !== null && !(await teamsOf(database, member.id)).some((t) => t.id === teamId.toLowerCase()))
    notFound("You are not in this team.");
  const changed = await database.db
    .update(savedSearches)
    .set({ teamId: teamId?.toLowerCase() ?? null, updatedAt: now })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, member.id)))
    .returning({ id: savedSearches.id });
  if (!changed.length) notFound("No such saved search.");
}

export interface TeamSavedSearch {
  id: string;
  name: string;
  url: string;
  teamName: string;
  savedBy: string;
  alertFrequency: string;
}

/** The saved searches colleagues shared with the member's teams (the member's own are among their own). */
export async function teamSavedSearchesOf(database: Database, member: Member): Promise<TeamSavedSearch[]> {
  const rows = await database.rows<{
    id: string;
    name: string;
    query: string;
    team_name: string;
    saved_by: string;
    alert_frequency: string;
  }>(sql`
    SELECT s.id::text AS id, s.name, s.query, t.name AS team_name, u.name AS saved_by, s.alert_frequency
    FROM saved_searches s
    JOIN team_memberships m ON m.team_id = s.team_id AND m.user_id = ${member.id}
    -- The saver too must be in the team now (leaving unshares; this also covers a row shared before that was so).
    JOIN team_memberships saver ON saver.team_id = s.team_id AND saver.user_id = s.user_id
    JOIN teams t ON t.id = s.team_id
    JOIN users u ON u.id = s.user_id
    WHERE s.user_id <> ${member.id}
    ORDER BY t.name, s.name, s.id`);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    url: directoryUrlOf(r),
    teamName: r.team_name,
    savedBy: r.saved_by,
    alertFrequency: r.alert_frequency,
  }));
}
