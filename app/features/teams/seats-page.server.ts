/**
 * What /teams/:teamId/billing shows (issue 37, decision 0119): the team's seats and where they come from, the paid
 * plan as the provider last reported it, the members with their seat and tier, and this month's use of each quota by
 * every seat holder against the plan's limit. Owners and admins see every member; a member sees only their own row
 * and their own use (another member's use is not theirs to read).
 */
import { getUsageSummary, type QuotaSummary } from "~/features/access/usage.server.ts";
import { normalizeLevel, type AccessLevel } from "~/features/access/tiers.ts";
import type { BillingMode } from "~/features/access/use-plan-catalogue.ts";
import { liveTeamSubscriptionOf } from "~/features/billing/team-subscription-sync.server.ts";
import { MAX_TEAM_SEATS, TEAM_PLAN } from "~/features/billing/team-plan.ts";
import type { Database } from "~/lib/db.server.ts";
import type { TeamMembership } from "./team-membership.server.ts";
import { teamMemberSeats, teamSeats, type TeamSeats } from "./seats.server.ts";

export interface TeamBillingData {
  team: { id: string; name: string };
  /** Owners and admins buy, change and hand out seats; members read. */
  canManage: boolean;
  mode: BillingMode;
  seats: TeamSeats;
  maxSeats: number;
  price: { monthly: number; annual: number; tier: AccessLevel };
  subscription: {
    status: string;
    quantity: number;
    interval: "monthly" | "annual" | null;
    currentPeriodEnd: string | null;
    cancelAtPeriodEnd: boolean;
  } | null;
  members: Array<{ userId: string; name: string; role: string; seat: boolean; tier: AccessLevel; you: boolean }>;
  usage: Array<{ userId: string; name: string; tier: AccessLevel; quotas: QuotaSummary[] }>;
}

export async function getTeamBillingPage(
  database: Database,
  viewer: { id: string },
  membership: TeamMembership,
  mode: BillingMode,
  now: Date,
): Promise<TeamBillingData> {
  const canManage = membership.role !== "member";
  const teamId = membership.teamId;
  const [seats, live, everyone] = await Promise.all([
    teamSeats(database, teamId, now),
    liveTeamSubscriptionOf(database, teamId),
    teamMemberSeats(database, teamId),
  ]);
  const members = everyone
    .filter((m) => canManage || m.userId === viewer.id)
    .map((m) => ({
      userId: m.userId,
      name: m.name,
      role: m.role,
      seat: m.seat,
      tier: normalizeLevel(m.tier),
      you: m.userId === viewer.id,
    }));
  // Seat holders' use for admins; a member reads their own, seat or not.
  const counted = members.filter((m) => m.seat || (!canManage && m.you));
  const usage = await Promise.all(
    counted.map(async (m) => ({
      userId: m.userId,
      name: m.name,
      tier: m.tier,
      quotas: await getUsageSummary(database, { id: m.userId, tier: m.tier }, now),
    })),
  );
  return {
    team: { id: teamId, name: membership.teamName },
    canManage,
    mode,
    seats,
    maxSeats: MAX_TEAM_SEATS,
    price: { monthly: TEAM_PLAN.seatMonthlyPrice, annual: TEAM_PLAN.seatAnnualPrice, tier: TEAM_PLAN.tier },
    subscription: live
      ? {
          status: live.status,
          quantity: live.quantity,
          interval: live.interval,
          currentPeriodEnd: live.currentPeriodEnd?.toISOString() ?? null,
          cancelAtPeriodEnd: live.cancelAtPeriodEnd,
        }
      : null,
    members,
    usage,
  };
}
