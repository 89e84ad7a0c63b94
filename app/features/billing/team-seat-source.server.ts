/**
 * Where a member's tier comes from when a team lends it (issue 37, decision 0119): the teams in which they hold a seat
 * and whose plan grants a tier now, by the same rules the tier decision reads them with (tierInForce). For the member's
 * own billing page ("Premium, from your seat in Northwind Ventures") and the operators' member page.
 */
import { and, asc, eq } from "drizzle-orm";
import { teamMemberships, teamSeatGrants, teamSubscriptions, teams } from "#db/schema/teams.ts";
import { tierInForce } from "~/features/access/tier-in-force.ts";
import type { AccessLevel } from "~/features/access/tiers.ts";
import type { Database } from "~/lib/db.server.ts";
import { getEnv } from "~/lib/env.server.ts";

export interface SeatSource {
  teamId: string;
  teamName: string;
  tier: AccessLevel;
}

/** The teams whose seat lends the member a tier at `now`, best first. */
export async function seatSourcesOf(database: Database, userId: string, now: Date): Promise<SeatSource[]> {
  const seated = await database.db
    .select({ teamId: teams.id, teamName: teams.name })
    .from(teamMemberships)
    .innerJoin(teams, eq(teams.id, teamMemberships.teamId))
    .where(and(eq(teamMemberships.userId, userId), eq(teamMemberships.seat, true)))
    .orderBy(asc(teams.name));
  const sources: SeatSource[] = [];
  for (const team of seated) {
    const [subscriptions, grants] = await Promise.all([
      database.db.select().from(teamSubscriptions).where(eq(teamSubscriptions.teamId, team.teamId)),
      database.db.select().from(teamSeatGrants).where(eq(teamSeatGrants.teamId, team.teamId)),
    ]);
    const { tier } = tierInForce({ subscriptions, grants }, now, { demoGrantsCount: getEnv().BILLING_MODE === "demo" });
    if (tier !== "public") sources.push({ ...team, tier });
  }
  return sources;
}
