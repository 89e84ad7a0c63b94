/**
 * Team membership (issue 37, decision 0118): the one place that says whether a member is in a team and with which
 * role. Every team page and endpoint goes through `requireTeamMember`, so being in one team never reaches another's
 * data; a team a member is not in answers 404 whether or not it exists.
 */
import { and, asc, eq } from "drizzle-orm";
import { redirect, type RouterContextProvider } from "react-router";
import { activeTeams, teamMemberships, teams, type TeamRole } from "#db/schema/teams.ts";
import { getAppContext } from "~/lib/app-context.ts";
import type { Database, Db } from "~/lib/db.server.ts";
import { AppError, notFound } from "~/lib/errors.ts";
import type { SessionUser } from "~/lib/session.server.ts";

export interface TeamMembership {
  teamId: string;
  teamName: string;
  role: TeamRole;
  seat: boolean;
}

const NOT_YOURS = "You are not in this team.";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The teams a member belongs to, by name. */
export async function memberTeams({ db }: Database | { db: Db }, userId: string): Promise<TeamMembership[]> {
  return db
    .select({ teamId: teams.id, teamName: teams.name, role: teamMemberships.role, seat: teamMemberships.seat })
    .from(teamMemberships)
    .innerJoin(teams, eq(teams.id, teamMemberships.teamId))
    .where(eq(teamMemberships.userId, userId))
    .orderBy(asc(teams.name), asc(teams.id));
}

/** The member's membership of this team, or null (an id that is not a uuid is nobody's team). */
export async function teamMembership({ db }: Database | { db: Db }, userId: string, teamId: string): Promise<TeamMembership | null> {
  if (!UUID.test(teamId)) return null;
  const [row] = await db
    .select({ teamId: teams.id, teamName: teams.name, role: teamMemberships.role, seat: teamMemberships.seat })
    .from(teamMemberships)
    .innerJoin(teams, eq(teams.id, teamMemberships.teamId))
    .where(and(eq(teamMemberships.userId, userId), eq(teamMemberships.teamId, teamId.toLowerCase())));
  return row ?? null;
}

/** The team the member works in now: their choice while they are still in it, else none (their own space). */
export async function activeTeam(database: Database | { db: Db }, userId: string): Promise<TeamMembership | null> {
  const [choice] = await database.db.select({ teamId: activeTeams.teamId }).from(activeTeams).where(eq(activeTeams.userId, userId));
  return choice ? teamMembership(database, userId, choice.teamId) : null;
}

/** Signed out: pages go to sign in and come back, APIs answer 401. */
export function requireSignedIn({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }): SessionUser {
  const { user } = getAppContext(context);
  if (user) return user;
  const url = new URL(request.url);
  if (url.pathname.startsWith("/api/")) throw new AppError("unauthorized", "Sign in to work with your team.");
  throw redirect(`/sign-in?${new URLSearchParams({ returnTo: url.pathname.replace(/\.data$/, "") + url.search })}`);
}

const RANK: Record<TeamRole, number> = { member: 0, admin: 1, owner: 2 };

/**
 * The teams' guard: the member's membership of `teamId`, at least `atLeast` (member < admin < owner). Not in the team:
 * 404 (a stranger learns nothing); in it with too small a role: 403 with a message that says which role it takes.
 */
export async function requireTeamMember(
  args: { request: Request; context: Readonly<RouterContextProvider> },
  teamId: string,
  atLeast: TeamRole = "member",
): Promise<{ user: SessionUser; membership: TeamMembership }> {
  const user = requireSignedIn(args);
  const { database } = getAppContext(args.context);
  const membership = await teamMembership(database, user.id, teamId);
  if (!membership) notFound(NOT_YOURS);
  if (RANK[membership.role] < RANK[atLeast]) {
    throw new AppError(
      "forbidden",
      atLeast === "owner" ? "Only the team's owner can do this." : "Only the team's owners and admins can do this.",
    );
  }
  return { user, membership };
}
