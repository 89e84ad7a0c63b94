/**
 * A team's seats (issue 37, decision 0119): how many the team holds (the paid subscription's quantity, a demo or
 * complimentary seat grant, while each is in force), who holds one, and handing them out. Every change takes the team's
 * row lock first and counts inside the same transaction, so two tabs or two servers cannot hand out more seats than the
 * team holds, nor remove seats still held; each member touched has their tier decided again in that transaction.
 */
import { and, asc, count, eq } from "drizzle-orm";
import { users } from "#db/schema/accounts.ts";
import { teamMemberships, teamSeatGrants, teamSubscriptions } from "#db/schema/teams.ts";
import { refreshMemberTierIn, type Tx } from "~/features/access/member-tier.server.ts";
import { tierInForce } from "~/features/access/tier-in-force.ts";
import { seatsBelowAssigned } from "~/features/billing/team-checkout.server.ts";
import { lockTeam, refreshSeatHolders } from "~/features/billing/team-subscription-sync.server.ts";
import { MAX_TEAM_SEATS, TEAM_PLAN } from "~/features/billing/team-plan.ts";
import type { Database } from "~/lib/db.server.ts";
import { getEnv } from "~/lib/env.server.ts";
import { AppError, notFound } from "~/lib/errors.ts";

export interface TeamSeats {
  /** Seats the team holds now, from every source in force. */
  capacity: number;
  /** Seats handed to members. */
  assigned: number;
  /** Seats paid at the provider (the live subscription's quantity while it grants), 0 without one. */
  paid: number;
  /** Seats of the demo grant (counted only in demo billing). */
  demo: number;
  complimentary: number;
}

const demoCounts = () => getEnv().BILLING_MODE === "demo";

/** The team's seats at `now`: each subscription and grant counts its seats while tierInForce says it grants. */
export async function teamSeats(database: { db: Database["db"] | Tx }, teamId: string, now: Date): Promise<TeamSeats> {
  const [subscriptions, grants, [held]] = await Promise.all([
    database.db.select().from(teamSubscriptions).where(eq(teamSubscriptions.teamId, teamId)),
    database.db.select().from(teamSeatGrants).where(eq(teamSeatGrants.teamId, teamId)),
    database.db
      .select({ n: count() })
      .from(teamMemberships)
      .where(and(eq(teamMemberships.teamId, teamId), eq(teamMemberships.seat, true))),
  ]);
  const options = { demoGrantsCount: demoCounts() };
  const grants_ = (source: "demo" | "complimentary") =>
    grants
      .filter((g) => g.source === source && tierInForce({ subscriptions: [], grants: [g] }, now, options).tier !== "public")
      .reduce((sum, g) => sum + g.seats, 0);
  const paid = subscriptions
    .filter((s) => tierInForce({ subscriptions: [s], grants: [] }, now, options).tier !== "public")
    .reduce((sum, s) => sum + s.quantity, 0);
  const demo = grants_("demo");
  const complimentary = grants_("complimentary");
  return { capacity: paid + demo + complimentary, assigned: Number(held?.n ?? 0), paid, demo, complimentary };
}

async function requireMemberOf(tx: Tx, teamId: string, userId: string) {
  const [row] = await tx
    .select({ seat: teamMemberships.seat, name: users.name })
    .from(teamMemberships)
    .innerJoin(users, eq(users.id, teamMemberships.userId))
    .where(and(eq(teamMemberships.teamId, teamId), eq(teamMemberships.userId, userId)));
  if (!row) notFound("This person is not in the team.");
  return row;
}

/** Gives a member one of the team's free seats: they get the team plan's tier at once. */
export async function assignSeat(database: Database, input: { teamId: string; userId: string }, now: Date): Promise<string> {
  return database.db.transaction(async (tx) => {
    if (!(await lockTeam(tx, input.teamId))) notFound("You are not in this team.");
    const member = await requireMemberOf(tx, input.teamId, input.userId);
    if (member.seat) return `${member.name} holds a seat already.`;
    const seats = await teamSeats({ db: tx }, input.teamId, now);
    if (seats.assigned >= seats.capacity)
      throw new AppError(
        "conflict",
        seats.capacity === 0
          ? "The team has no seats: buy seats first."
          : `All ${seats.capacity} seat${seats.capacity === 1 ? " is" : "s are"} assigned: add a seat first.`,
      );
    await tx
      .update(teamMemberships)
      .set({ seat: true, seatSince: now })
      .where(and(eq(teamMemberships.teamId, input.teamId), eq(teamMemberships.userId, input.userId)));
    await refreshMemberTierIn(tx, input.userId, now);
    return `${member.name} now holds a seat.`;
  });
}

/** Takes a seat back: the member keeps only what their own plan gives them. */
export async function unassignSeat(database: Database, input: { teamId: string; userId: string }, now: Date): Promise<string> {
  return database.db.transaction(async (tx) => {
    if (!(await lockTeam(tx, input.teamId))) notFound("You are not in this team.");
    const member = await requireMemberOf(tx, input.teamId, input.userId);
    if (!member.seat) return `${member.name} holds no seat.`;
    await tx
      .update(teamMemberships)
      .set({ seat: false, seatSince: null })
      .where(and(eq(teamMemberships.teamId, input.teamId), eq(teamMemberships.userId, input.userId)));
    await refreshMemberTierIn(tx, input.userId, now);
    return `${member.name}'s seat is free again.`;
  });
}

/**
 * Demo billing (decision 0119): the team "buys" seats without payment, as a demo seat grant of the team plan's tier.
 * The same limits as paid seats (1..100, never below the seats assigned); 0 ends the demo team plan.
 */
export async function setDemoSeats(
  database: Database,
  input: { teamId: string; seats: number; grantedBy: string },
  now: Date,
): Promise<string> {
  if (!demoCounts()) throw new AppError("conflict", "Seats are paid for on this site: buy them with a card.");
  if (!Number.isInteger(input.seats) || input.seats < 0 || input.seats > MAX_TEAM_SEATS)
    throw new AppError("bad_request", `Choose between 1 and ${MAX_TEAM_SEATS} seats.`);
  return database.db.transaction(async (tx) => {
    if (!(await lockTeam(tx, input.teamId))) notFound("You are not in this team.");
    const seats = await teamSeats({ db: tx }, input.teamId, now);
    if (input.seats < seats.assigned) throw seatsBelowAssigned(input.seats, seats.assigned);
    if (input.seats === 0) {
      await tx.delete(teamSeatGrants).where(and(eq(teamSeatGrants.teamId, input.teamId), eq(teamSeatGrants.source, "demo")));
    } else {
      const values = { tier: TEAM_PLAN.tier, seats: input.seats, startsAt: now, endsAt: null, grantedBy: input.grantedBy };
      await tx
        .insert(teamSeatGrants)
        .values({ teamId: input.teamId, source: "demo", ...values })
        .onConflictDoUpdate({ target: [teamSeatGrants.teamId, teamSeatGrants.source], set: values });
    }
    await refreshSeatHolders(tx, input.teamId, now);
    if (input.seats === 0) return "The demo team plan has ended: the team has no seats.";
    return `The team now has ${input.seats} seat${input.seats === 1 ? "" : "s"} (demo: no payment is taken).`;
  });
}

export interface TeamMemberSeat {
  userId: string;
  name: string;
  email: string;
  role: "owner" | "admin" | "member";
  seat: boolean;
  tier: string;
}

/** The team's members with their seat and tier, owner first, for the billing page. */
export async function teamMemberSeats(database: Database, teamId: string): Promise<TeamMemberSeat[]> {
  return database.db
    .select({
      userId: teamMemberships.userId,
      name: users.name,
      email: users.email,
      role: teamMemberships.role,
      seat: teamMemberships.seat,
      tier: users.tier,
    })
    .from(teamMemberships)
    .innerJoin(users, eq(users.id, teamMemberships.userId))
    .where(eq(teamMemberships.teamId, teamId))
    .orderBy(asc(teamMemberships.joinedAt), asc(users.name));
}
