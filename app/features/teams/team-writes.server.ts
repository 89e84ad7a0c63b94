/**
 * What every change to a team shares (issue 37, decision 0118). Each change runs in one transaction that first takes
 * the team's row lock (FOR NO KEY UPDATE: it does not stop a new membership's foreign-key check, only other changes of
 * the team), then reads the actor's role again under that lock: a page's guard read it earlier, and a transfer or a
 * removal may have committed since. So changes of one team take turns on every server, and none acts on a stale role.
 */
import { and, eq } from "drizzle-orm";
import { teamMemberships, teams, type TeamRole } from "#db/schema/teams.ts";
import { recordAudit } from "~/features/audit/audit-log.server.ts";
import type { Db } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";

export type TeamTx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const NOT_IN_TEAM = "You are not in this team.";

/** Locks the team's row and returns its name; a team that is gone is nobody's (404, as the guard says). */
export async function lockTeam(tx: TeamTx, teamId: string): Promise<{ name: string }> {
  const [team] = await tx.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId)).for("no key update");
  if (!team) throw new AppError("not_found", NOT_IN_TEAM);
  return team;
}

/** A member's role in the team now (under the team's lock), or null. */
export async function roleIn(tx: TeamTx, teamId: string, userId: string): Promise<{ role: TeamRole; seat: boolean } | null> {
  const [row] = await tx
    .select({ role: teamMemberships.role, seat: teamMemberships.seat })
    .from(teamMemberships)
    .where(and(eq(teamMemberships.teamId, teamId), eq(teamMemberships.userId, userId)));
  return row ?? null;
}

/** The actor's role under the lock: gone from the team is 404, like any stranger. */
export async function actorRole(tx: TeamTx, teamId: string, userId: string): Promise<TeamRole> {
  const row = await roleIn(tx, teamId, userId);
  if (!row) throw new AppError("not_found", NOT_IN_TEAM);
  return row.role;
}

export type TeamAuditAction =
  | "created"
  | "renamed"
  | "invited"
  | "invitation_revoked"
  | "joined"
  | "role_changed"
  | "removed"
  | "left"
  | "ownership_transferred"
  | "deleted";

/** One line of the audit log about a team, in the change's transaction: the team's name stands where a company's would. */
export function auditTeam(
  tx: TeamTx,
  entry: { action: TeamAuditAction; teamId: string; teamName: string; actorId: string; details?: Record<string, unknown> },
): Promise<void> {
  return recordAudit(tx, {
    operation: "team",
    source: "member",
    action: entry.action,
    companyName: entry.teamName,
    recordId: entry.teamId,
    actorId: entry.actorId,
    details: entry.details,
  });
}
