/**
 * Team invitations (issue 37, decision 0118). An owner or admin invites an address with a role; a signed link that
 * works for a week and once is mailed there. The invitation proves the address: only an account whose (verified:
 * sessions exist only for those, DESIGN D15) address is the invited one may join with it; another account is told to
 * sign in with the invited one and learns nothing of the team. Invitations are limited per team per day in PostgreSQL
 * (counted from the rows, which stay when revoked), can be revoked, and resent (a new link; the old one is revoked).
 */
import { and, asc, count, eq, gt, isNull, sql } from "drizzle-orm";
import { users } from "#db/schema/accounts.ts";
import { teamInvitations, teamMemberships, teams, type TeamRole } from "#db/schema/teams.ts";
import type { Database } from "~/lib/db.server.ts";
import { getEnv, publicUrl, type Env } from "~/lib/env.server.ts";
import { AppError } from "~/lib/errors.ts";
import { sendEmail } from "~/lib/mailer.server.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { teamInvitationEmail } from "./team-emails.ts";
import { checkTeamInvitationToken, teamInvitationKey, teamInvitationToken } from "./team-invitation-links.server.ts";
import { INVITATION_DAYS, INVITATIONS_PER_TEAM_PER_DAY, mayManage } from "./team-rules.ts";
import { actorRole, auditTeam, lockTeam, type TeamTx } from "./team-writes.server.ts";

const DAY_MS = 86_400_000;

export interface PendingInvitation {
  id: string;
  /** Whole for the team's owner and admins; masked ("p•••@fund.example") for its members. */
  email: string;
  role: "admin" | "member";
  inviterName: string | null;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * Invitations neither accepted, revoked nor expired, newest first. The invitee's address is whole only for the team's
 * owner and admins (who resend and revoke); a plain member sees it masked, as membersOf hides members' addresses from
 * them: an invitee has not joined, and their address is not the team's to pass round.
 */
export async function pendingInvitations(
  { db }: Database,
  teamId: string,
  viewer: { role: TeamRole },
  now = new Date(),
): Promise<PendingInvitation[]> {
  const rows = await db
    .select({
      id: teamInvitations.id,
      email: teamInvitations.email,
      role: teamInvitations.role,
      inviterName: users.name,
      createdAt: teamInvitations.createdAt,
      expiresAt: teamInvitations.expiresAt,
    })
    .from(teamInvitations)
    .leftJoin(users, eq(users.id, teamInvitations.invitedBy))
    .where(and(eq(teamInvitations.teamId, teamId), open(now)))
    .orderBy(sql`${teamInvitations.createdAt} DESC`, asc(teamInvitations.id));
  return mayManage(viewer.role) ? rows : rows.map((row) => ({ ...row, email: maskEmail(row.email) }));
}

const open = (now: Date) => and(isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt), gt(teamInvitations.expiresAt, now));

/** Revokes the invitation's row (an open one of this team) and audits it; false when there was none. */
async function revokeIn(
  tx: TeamTx,
  teamId: string,
  invitationId: string,
  now: Date,
): Promise<{ email: string; role: "admin" | "member" } | null> {
  const [row] = await tx
    .update(teamInvitations)
    .set({ revokedAt: now })
    .where(and(eq(teamInvitations.id, invitationId), eq(teamInvitations.teamId, teamId), open(now)))
    .returning({ email: teamInvitations.email, role: teamInvitations.role });
  return row ?? null;
}

/**
 * Invites `email` with `role` (owner and admins), or resends an open invitation (`replacing`: it is revoked and a new
 * one made, which counts against the day's limit like any other). Refused for an address already in the team or already
 * invited (resend that one instead).
 */
export async function inviteToTeam(
  database: Database,
  {
    actor,
    teamId,
    email,
    role,
    replacing,
    now = new Date(),
    env = getEnv(),
  }: { actor: SessionUser; teamId: string; email: string; role: "admin" | "member"; replacing?: string; now?: Date; env?: Env },
): Promise<{ email: string }> {
  // The day's count and the insert run under the team's row lock, which every invitation of the team takes: two
  // requests at once (any servers) take turns, and the second counts the first (as atomic-limit.server.ts does).
  const made = await database.db.transaction(async (tx) => {
    const team = await lockTeam(tx, teamId);
    const actingAs = await actorRole(tx, teamId, actor.id);
    if (actingAs === "member") throw new AppError("forbidden", "Only the team's owners and admins can do this.");
    let address = email.toLowerCase();
    let chosenRole = role;
    if (replacing) {
      const old = await revokeIn(tx, teamId, replacing, now);
      if (!old) throw new AppError("conflict", "That invitation is no longer open: it was accepted, revoked or has expired.");
      [address, chosenRole] = [old.email, old.role];
    }
    // Only the owner makes admins (decision 0118): an admin's invitation, or resend, as an admin would be one made by them.
    if (chosenRole === "admin" && actingAs !== "owner") throw new AppError("forbidden", "Only the team's owner can invite an admin.");
    if (!replacing) {
      const [inTeam] = await tx
        .select({ n: count() })
        .from(teamMemberships)
        .innerJoin(users, eq(users.id, teamMemberships.userId))
        .where(and(eq(teamMemberships.teamId, teamId), sql`lower(${users.email}) = ${address}`));
      if (inTeam!.n > 0) throw new AppError("conflict", `${address} is already in the team.`);
      const [waiting] = await tx
        .select({ n: count() })
        .from(teamInvitations)
        .where(and(eq(teamInvitations.teamId, teamId), sql`lower(${teamInvitations.email}) = ${address}`, open(now)));
      if (waiting!.n > 0) throw new AppError("conflict", `An invitation to ${address} is already waiting. Resend it from the list below.`);
    }
    const [sent] = await tx
      .select({ n: count() })
      .from(teamInvitations)
      .where(and(eq(teamInvitations.teamId, teamId), gt(teamInvitations.createdAt, new Date(now.getTime() - DAY_MS))));
    if (sent!.n >= INVITATIONS_PER_TEAM_PER_DAY)
      throw new AppError("rate_limited", `A team can send ${INVITATIONS_PER_TEAM_PER_DAY} invitations a day. Please try again tomorrow.`);
    const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS);
    const [row] = await tx
      .insert(teamInvitations)
      .values({ teamId, email: address, role: chosenRole, invitedBy: actor.id, createdAt: now, expiresAt })
      .returning({ id: teamInvitations.id });
    await auditTeam(tx, {
      action: "invited",
      teamId,
      teamName: team.name,
      actorId: actor.id,
      details: { role: chosenRole, ...(replacing ? { resent: true } : {}) },
    });
    return { id: row!.id, email: address, role: chosenRole, expiresAt, teamName: team.name };
  });
  const token = teamInvitationToken(await teamInvitationKey(database), made.id, made.expiresAt);
  const url = `${publicUrl(env)}/team-invitation?${new URLSearchParams({ token })}`;
  await sendEmail(
    database,
    teamInvitationEmail({ to: made.email, inviterName: actor.name, teamName: made.teamName, role: made.role, url }),
    env,
  );
  return { email: made.email };
}

/** Revokes an open invitation (owner and admins): its link then says it was withdrawn. */
export async function revokeInvitation(
  database: Database,
  { actorId, teamId, invitationId, now = new Date() }: { actorId: string; teamId: string; invitationId: string; now?: Date },
): Promise<{ email: string }> {
  return database.db.transaction(async (tx) => {
    const team = await lockTeam(tx, teamId);
    if ((await actorRole(tx, teamId, actorId)) === "member")
      throw new AppError("forbidden", "Only the team's owners and admins can do this.");
    const revoked = await revokeIn(tx, teamId, invitationId, now);
    if (!revoked) throw new AppError("conflict", "That invitation is no longer open: it was accepted, revoked or has expired.");
    await auditTeam(tx, { action: "invitation_revoked", teamId, teamName: team.name, actorId, details: { role: revoked.role } });
    return { email: revoked.email };
  });
}

export type InvitationState =
  | { state: "open"; token: string; team: { id: string; name: string }; inviterName: string | null; role: "admin" | "member" }
  | { state: "done"; team: { id: string; name: string } }
  | { state: "other_account"; maskedEmail: string }
  | { state: "invalid" | "expired" | "used" | "revoked" | "already_member" };

/** "p•••@fund.example": enough to say which account to use, not the address itself, to whoever holds a forwarded link. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  return at <= 0 ? "•••" : `${email[0]}•••${email.slice(at)}`;
}

/** What an invitation link means for the signed-in member, without acting on it. */
export async function readInvitation(database: Database, token: string, user: SessionUser, now = new Date()): Promise<InvitationState> {
  const checked = checkTeamInvitationToken(await teamInvitationKey(database), token, now.getTime());
  if (!checked.ok) return { state: checked.reason };
  const [row] = await database.db
    .select({
      teamId: teamInvitations.teamId,
      teamName: teams.name,
      email: teamInvitations.email,
      role: teamInvitations.role,
      acceptedAt: teamInvitations.acceptedAt,
      revokedAt: teamInvitations.revokedAt,
      expiresAt: teamInvitations.expiresAt,
      inviterName: users.name,
    })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
    .leftJoin(users, eq(users.id, teamInvitations.invitedBy))
    .where(eq(teamInvitations.id, checked.id));
  // A signed link whose row is gone (the team was deleted) can never work again.
  if (!row) return { state: "revoked" };
  if (row.acceptedAt) return { state: "used" };
  if (row.revokedAt) return { state: "revoked" };
  if (row.expiresAt.getTime() <= now.getTime()) return { state: "expired" };
  if (user.email.toLowerCase() !== row.email.toLowerCase()) return { state: "other_account", maskedEmail: maskEmail(row.email) };
  const [member] = await database.db
    .select({ n: count() })
    .from(teamMemberships)
    .where(and(eq(teamMemberships.teamId, row.teamId), eq(teamMemberships.userId, user.id)));
  if (member!.n > 0) return { state: "already_member" };
  return { state: "open", token, team: { id: row.teamId, name: row.teamName }, inviterName: row.inviterName, role: row.role };
}

/**
 * Joins the team with the invitation: once. The row is spent with a conditional update under the team's lock, so of
 * two accepts at once (two tabs, two servers) one joins and the other is told the link was used.
 */
export async function acceptInvitation(database: Database, token: string, user: SessionUser, now = new Date()): Promise<InvitationState> {
  const link = await readInvitation(database, token, user, now);
  if (link.state !== "open") return link;
  const checked = checkTeamInvitationToken(await teamInvitationKey(database), token, now.getTime());
  if (!checked.ok) return { state: checked.reason };
  return database.db.transaction(async (tx) => {
    const team = await lockTeam(tx, link.team.id);
    const [spent] = await tx
      .update(teamInvitations)
      .set({ acceptedAt: now, acceptedBy: user.id })
      .where(and(eq(teamInvitations.id, checked.id), open(now)))
      .returning({ role: teamInvitations.role, invitedBy: teamInvitations.invitedBy });
    if (!spent) return { state: "used" as const };
    const joined = await tx
      .insert(teamMemberships)
      .values({ teamId: link.team.id, userId: user.id, role: spent.role, invitedBy: spent.invitedBy, joinedAt: now })
      .onConflictDoNothing()
      .returning({ userId: teamMemberships.userId });
    if (!joined.length) return { state: "already_member" as const };
    await auditTeam(tx, { action: "joined", teamId: link.team.id, teamName: team.name, actorId: user.id, details: { role: spent.role } });
    return { state: "done" as const, team: { id: link.team.id, name: team.name } };
  });
}
