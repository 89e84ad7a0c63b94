/**
 * A team's members (issue 37, decision 0118): who is in it, changing a role, removing a member, leaving, and the team a
 * member works in. Leaving and removal delete the membership row; its seat goes with it, so the member's tier is
 * decided again in the same transaction (the team's plan is lost at once), their working-team choice of it goes, the
 * saved searches they shared with it are theirs alone again, and the team's lists are out of their reach by
 * construction (lists/list-access.server.ts reads membership now).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { users } from "#db/schema/accounts.ts";
import { savedSearches } from "#db/schema/saved-searches.ts";
import { activeTeams, teamMemberships, type TeamRole } from "#db/schema/teams.ts";
import { refreshMemberTierIn } from "~/features/access/member-tier.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import { actorRole, auditTeam, lockTeam, roleIn, type TeamTx } from "./team-writes.server.ts";
import { mayChangeRole, mayRemove } from "./team-rules.ts";
import { activeTeam, memberTeams, teamMembership } from "./team-membership.server.ts";

export interface TeamMemberRow {
  userId: string;
  name: string;
  /** Only for the team's owner and admins (who invite and remove); null for the others. */
  email: string | null;
  role: TeamRole;
  seat: boolean;
  joinedAt: Date;
}

/** The team's members, owner first, then admins, then by joining date. */
export async function membersOf({ db }: Database, teamId: string, viewer: { role: TeamRole }): Promise<TeamMemberRow[]> {
  const rows = await db
    .select({
      userId: teamMemberships.userId,
      name: users.name,
      email: users.email,
      role: teamMemberships.role,
      seat: teamMemberships.seat,
      joinedAt: teamMemberships.joinedAt,
    })
    .from(teamMemberships)
    .innerJoin(users, eq(users.id, teamMemberships.userId))
    .where(eq(teamMemberships.teamId, teamId))
    .orderBy(
      sql`CASE ${teamMemberships.role} WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 ELSE 2 END`,
      asc(teamMemberships.joinedAt),
      asc(users.id),
    );
  const manager = viewer.role !== "member";
  return rows.map((row) => ({ ...row, email: manager ? row.email : null }));
}

/** Makes a member an admin or an admin a member: the owner only (team-rules.ts says why). */
export async function changeRole(
  database: Database,
  { actorId, teamId, userId, role }: { actorId: string; teamId: string; userId: string; role: "admin" | "member" },
): Promise<{ name: string }> {
  return database.db.transaction(async (tx) => {
    const team = await lockTeam(tx, teamId);
    const actor = await actorRole(tx, teamId, actorId);
    const target = await roleIn(tx, teamId, userId);
    if (!target) throw new AppError("conflict", "That person is no longer in the team.");
    if (!mayChangeRole(actor, target.role))
      throw new AppError(
        "forbidden",
        target.role === "owner" ? "The owner's role changes only by a transfer of ownership." : "Only the team's owner can change roles.",
      );
    const [who] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
    if (target.role !== role) {
      await tx
        .update(teamMemberships)
        .set({ role })
        .where(and(eq(teamMemberships.teamId, teamId), eq(teamMemberships.userId, userId)));
      await auditTeam(tx, {
        action: "role_changed",
        teamId,
        teamName: team.name,
        actorId,
        details: { userId, from: target.role, to: role },
      });
    }
    return { name: who?.name ?? "They" };
  });
}

/**
 * Deletes a membership with what hangs on it: the working-team choice, the team's plan (tier decided again), and the
 * sharing of the member's saved searches with the team (decision 0121): a shared search stays its saver's, so it goes
 * back to being theirs alone, and the team no longer sees it or gets its alerts. The team's follows they added stay
 * the team's.
 */
async function endMembership(tx: TeamTx, teamId: string, userId: string, now: Date) {
  await tx.delete(teamMemberships).where(and(eq(teamMemberships.teamId, teamId), eq(teamMemberships.userId, userId)));
  await tx.delete(activeTeams).where(and(eq(activeTeams.userId, userId), eq(activeTeams.teamId, teamId)));
  await tx
    .update(savedSearches)
    .set({ teamId: null, updatedAt: now })
    .where(and(eq(savedSearches.userId, userId), eq(savedSearches.teamId, teamId)));
  await refreshMemberTierIn(tx, userId, now);
}

/** An owner or admin removes someone (team-rules.ts: who may remove whom); never the owner. */
export async function removeMember(
  database: Database,
  { actorId, teamId, userId, now = new Date() }: { actorId: string; teamId: string; userId: string; now?: Date },
): Promise<{ name: string }> {
  if (userId === actorId) throw new AppError("bad_request", "To leave the team, use Leave the team.");
  return database.db.transaction(async (tx) => {
    const team = await lockTeam(tx, teamId);
    const actor = await actorRole(tx, teamId, actorId);
    const target = await roleIn(tx, teamId, userId);
    if (!target) throw new AppError("conflict", "That person is no longer in the team.");
    if (!mayRemove(actor, target.role))
      throw new AppError(
        "forbidden",
        target.role === "owner"
          ? "Nobody can remove the team's owner."
          : actor === "member"
            ? "Only the team's owners and admins can do this."
            : "Only the team's owner can remove an admin.",
      );
    const [who] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
    await endMembership(tx, teamId, userId, now);
    await auditTeam(tx, {
      action: "removed",
      teamId,
      teamName: team.name,
      actorId,
      details: { userId, role: target.role, seat: target.seat },
    });
    return { name: who?.name ?? "They" };
  });
}

/**
 * Leaves the team. The owner cannot leave people without an owner: they transfer first, or, alone, delete the team.
 */
export async function leaveTeam(database: Database, { userId, teamId, now = new Date() }: { userId: string; teamId: string; now?: Date }) {
  await database.db.transaction(async (tx) => {
    const team = await lockTeam(tx, teamId);
    const role = await actorRole(tx, teamId, userId);
    if (role === "owner") {
      const [others] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(teamMemberships)
        .where(and(eq(teamMemberships.teamId, teamId), sql`${teamMemberships.userId} <> ${userId}`));
      throw new AppError(
        "conflict",
        others!.n > 0
          ? "You own this team: transfer the ownership to another member first, then leave."
          : "You are the team's only member: delete the team instead.",
      );
    }
    const seat = (await roleIn(tx, teamId, userId))!.seat;
    await endMembership(tx, teamId, userId, now);
    await auditTeam(tx, { action: "left", teamId, teamName: team.name, actorId: userId, details: { role, seat } });
  });
}

/** The team the member works in from now (null: just them). A team they are not in is 404, like any stranger's. */
export async function chooseWorkingTeam(
  database: Database,
  { userId, teamId, now = new Date() }: { userId: string; teamId: string | null; now?: Date },
) {
  if (teamId === null) {
    await database.db.delete(activeTeams).where(eq(activeTeams.userId, userId));
    return null;
  }
  const membership = await teamMembership(database, userId, teamId);
  if (!membership) throw new AppError("not_found", "You are not in this team.");
  await database.db
    .insert(activeTeams)
    .values({ userId, teamId: membership.teamId, chosenAt: now })
    .onConflictDoUpdate({ target: activeTeams.userId, set: { teamId: membership.teamId, chosenAt: now } });
  return membership;
}

/** What the user menu's switcher needs: the member's teams by name and the one they work in (null: just them). */
export async function workingTeamChoices(database: Database, userId: string) {
  const [teams, working] = await Promise.all([memberTeams(database, userId), activeTeam(database, userId)]);
  return { workingTeamId: working?.teamId ?? null, teams: teams.map((t) => ({ id: t.teamId, name: t.teamName })) };
}
