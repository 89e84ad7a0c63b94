/**
 * The rules of teams (issue 37, decision 0118) as plain functions and form schemas: who may change whose role, who may
 * remove whom, and what a team's name and an invitation look like. The server functions and the pages read them from
 * here, so the buttons a page offers and the refusals an action gives cannot drift apart.
 */
import { z } from "zod";
import type { TeamRole } from "#db/schema/teams.ts";

/** How long an invitation's link works, and how many a team may send a day (counted in PostgreSQL). */
export const INVITATION_DAYS = 7;
export const INVITATIONS_PER_TEAM_PER_DAY = 20;
/** Teams a member may create a day: enough for a real fund, too few to mail-bomb through invitations. */
export const TEAMS_PER_MEMBER_PER_DAY = 5;

export const ROLE_LABEL: Record<TeamRole, string> = { owner: "Owner", admin: "Admin", member: "Member" };

const name = z.string().trim().min(2, "Give the team a name of at least 2 characters.").max(80, "At most 80 characters.");

export const TeamNameForm = z.object({ name });

export const InvitationForm = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Enter an e-mail address.")
    .max(254, "At most 254 characters.")
    .pipe(z.email("Enter an e-mail address like name@fund.com."))
    .transform((value) => value.toLowerCase()),
  role: z.enum(["member", "admin"], { error: "Choose Member or Admin." }),
});

export const MemberForm = z.object({ userId: z.string().trim().min(1, "Choose a member.").max(200) });
export const RoleForm = z.object({
  userId: z.string().trim().min(1, "Choose a member.").max(200),
  role: z.enum(["member", "admin"], { error: "Choose Member or Admin." }),
});
export const InvitationIdForm = z.object({ invitationId: z.uuid("Choose an invitation.") });

/**
 * Role changes are the owner's alone: the only change there is makes or unmakes an admin, and an admin who could make
 * admins could also unmake the others. The owner's own role moves only by a transfer.
 */
export function mayChangeRole(actor: TeamRole, target: TeamRole): boolean {
  return actor === "owner" && target !== "owner";
}

/**
 * Removal: the owner removes anyone else; an admin removes members (not a fellow admin: two admins could otherwise
 * remove each other, or the first to act take the team); nobody removes the owner. Leaving is not removal.
 */
export function mayRemove(actor: TeamRole, target: TeamRole): boolean {
  if (target === "owner") return false;
  if (actor === "owner") return true;
  return actor === "admin" && target === "member";
}

/** Inviting, revoking and resending invitations, and renaming the team: its owner and admins. */
export function mayManage(actor: TeamRole): boolean {
  return actor === "owner" || actor === "admin";
}
