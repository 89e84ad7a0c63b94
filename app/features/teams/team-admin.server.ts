/**
 * Making, renaming, handing over and deleting a team (issue 37, decision 0118). Each change is one transaction under the
 * team's lock (team-writes.server.ts), audited in it. Creating is limited per member per day in PostgreSQL; deleting
 * waits until no paid seat is left (the subscription is ended from Seats and billing first), and whoever held a seat
 * loses the team's plan in the same transaction.
 */
import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import { users } from "#db/schema/accounts.ts";
import { teamMemberships, teams, teamSubscriptions, type TeamRole } from "#db/schema/teams.ts";
import { refreshMemberTierIn } from "~/features/access/member-tier.server.ts";
import { inTransactionOf } from "~/lib/atomic-limit.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import { countAttempt, defineRateLimit } from "~/lib/rate-limit.server.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { actorRole, auditTeam, lockTeam } from "./team-writes.server.ts";
import { TEAMS_PER_MEMBER_PER_DAY } from "./team-rules.ts";

export interface TeamRow {
  teamId: string;
  teamName: string;
  role: TeamRole;
  seat: boolean;
  members: number;
}

/** /teams: the member's teams with their role, seat and how many are in each. */
export async function teamsOf({ db }: Database, userId: string): Promise<TeamRow[]> {
  return db
    .select({
      teamId: teams.id,
      teamName: teams.name,
      role: teamMemberships.role,
      seat: teamMemberships.seat,
      members: sql<number>`(SELECT count(*)::int FROM ${teamMemberships} m WHERE m.team_id = ${teams.id})`,
    })
    .from(teamMemberships)
    .innerJoin(teams, eq(teams.id, teamMemberships.teamId))
    .where(eq(teamMemberships.userId, userId))
    .orderBy(asc(teams.name), asc(teams.id));
}

/**
 * Counted in a rate-limit window rather than from the team rows: a team made and deleted again still counts, so making
 * and deleting teams cannot multiply the invitations a member may send.
 */
const teamCreations = defineRateLimit({ name: "team-create", limit: TEAMS_PER_MEMBER_PER_DAY, windowSeconds: 86_400 });

/** Creates a team with its maker as the owner. Refused past the day's limit (429 with a message). */
export async function createTeam(database: Database, { user, name, now = new Date() }: { user: SessionUser; name: string; now?: Date }) {
  return database.db.transaction(async (tx) => {
    const verdict = await countAttempt(inTransactionOf(database, tx), teamCreations, user.id, { now: now.getTime() });
    if (!verdict.allowed)
      throw new AppError("rate_limited", `You can create ${TEAMS_PER_MEMBER_PER_DAY} teams a day. Please try again tomorrow.`, {
        headers: { "Retry-After": String(verdict.retryAfterSeconds) },
      });
    const [team] = await tx.insert(teams).values({ name, createdBy: user.id, createdAt: now }).returning({ id: teams.id });
    await tx.insert(teamMemberships).values({ teamId: team!.id, userId: user.id, role: "owner", joinedAt: now });
    await auditTeam(tx, { action: "created", teamId: team!.id, teamName: name, actorId: user.id });
    return team!.id;
  });
}

/** Renames the team: its owner and admins. */
export async function renameTeam(database: Database, { actorId, teamId, name }: { actorId: string; teamId: string; name: string }) {
  await database.db.transaction(async (tx) => {
    const team = await lockTeam(tx, teamId);
    if ((await actorRole(tx, teamId, actorId)) === "member")
      throw new AppError("forbidden", "Only the team's owners and admins can do this.");
    await tx.update(teams).set({ name }).where(eq(teams.id, teamId));
    await auditTeam(tx, { action: "renamed", teamId, teamName: name, actorId, details: { from: team.name } });
  });
}

/**
 * Hands the team to another member: one transaction swaps the two roles (the old owner first becomes an admin, so
 * the one-owner index never sees two), the owner only. A member who left in the meantime is not in the team (409).
 */
export async function transferOwnership(
  database: Database,
  { ownerId, teamId, toUserId }: { ownerId: string; teamId: string; toUserId: string },
): Promise<{ toName: string }> {
  return database.db.transaction(async (tx) => {
    const team = await lockTeam(tx, teamId);
    if ((await actorRole(tx, teamId, ownerId)) !== "owner") throw new AppError("forbidden", "Only the team's owner can do this.");
    if (toUserId === ownerId) throw new AppError("bad_request", "Choose another member of the team.");
    const [heir] = await tx
      .select({ name: users.name })
      .from(teamMemberships)
      .innerJoin(users, eq(users.id, teamMemberships.userId))
      .where(and(eq(teamMemberships.teamId, teamId), eq(teamMemberships.userId, toUserId)));
    if (!heir) throw new AppError("conflict", "That person is no longer in the team.");
    await tx
      .update(teamMemberships)
      .set({ role: "admin" })
      .where(and(eq(teamMemberships.teamId, teamId), eq(teamMemberships.userId, ownerId)));
    await tx
      .update(teamMemberships)
      .set({ role: "owner" })
      .where(and(eq(teamMemberships.teamId, teamId), eq(teamMemberships.userId, toUserId)));
    await auditTeam(tx, { action: "ownership_transferred", teamId, teamName: team.name, actorId: ownerId, details: { to: toUserId } });
    return { toName: heir.name };
  });
}

/** Subscriptions that still pay for seats, or will again (a paused one resumes): ended and cancelled ones do not. */
const PAYING = ["active", "trialing", "past_due", "unpaid", "incomplete", "paused"];

/**
 * Deletes the team (the owner), with its lists, invitations and grants (foreign keys). Refused while a subscription
 * still pays for seats: ending it is Seats and billing's, where the proration is said. Every member who held a seat has
 * their tier decided again in the same transaction.
 */
export async function deleteTeam(
  database: Database,
  { ownerId, teamId, now = new Date() }: { ownerId: string; teamId: string; now?: Date },
) {
  await database.db.transaction(async (tx) => {
    const team = await lockTeam(tx, teamId);
    if ((await actorRole(tx, teamId, ownerId)) !== "owner") throw new AppError("forbidden", "Only the team's owner can do this.");
    const [paid] = await tx
      .select({ n: count() })
      .from(teamSubscriptions)
      .where(and(eq(teamSubscriptions.teamId, teamId), isNull(teamSubscriptions.endedAt), inArray(teamSubscriptions.status, PAYING)));
    if ((paid?.n ?? 0) > 0)
      throw new AppError(
        "conflict",
        "This team still pays for seats. End its plan in Seats and billing first; then you can delete the team.",
      );
    const seated = await tx
      .select({ userId: teamMemberships.userId })
      .from(teamMemberships)
      .where(and(eq(teamMemberships.teamId, teamId), eq(teamMemberships.seat, true)));
    await tx.delete(teams).where(eq(teams.id, teamId));
    for (const { userId } of seated) await refreshMemberTierIn(tx, userId, now);
    await auditTeam(tx, { action: "deleted", teamId, teamName: team.name, actorId: ownerId });
  });
}
