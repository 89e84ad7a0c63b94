import type { Route } from "./+types/teams.invitations";
import { inviteToTeam, pendingInvitations, revokeInvitation } from "~/features/teams/team-invitations.server.ts";
import { TeamInvitationsSection } from "~/features/teams/team-invitations-section.tsx";
import { requireTeamMember } from "~/features/teams/team-membership.server.ts";
import { InvitationForm, InvitationIdForm, mayManage } from "~/features/teams/team-rules.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { parseForm, refused } from "~/lib/form-parse.ts";
import { formDone, formRefused, formRefusedBy } from "~/lib/form-result.server.ts";
import { readForm } from "~/lib/http.server.ts";

/**
 * The team's open invitations (issue 37, decision 0118); every member sees that someone is invited (the address masked
 * for plain members), owner and admins see the address and act.
 */
export async function loader(args: Route.LoaderArgs) {
  const { membership } = await requireTeamMember(args, args.params.teamId);
  const invitations = await pendingInvitations(getAppContext(args.context).database, membership.teamId, membership);
  return { manage: mayManage(membership.role), invitations };
}

/** Invite, resend or revoke: owner and admins only (403 for members, 404 for strangers). */
export async function action(args: Route.ActionArgs) {
  const { user, membership } = await requireTeamMember(args, args.params.teamId, "admin");
  const { database } = getAppContext(args.context);
  const teamId = membership.teamId;
  const form = Object.fromEntries(await readForm(args.request, { nulInValues: true }));
  const intent = form.intent === "resend" || form.intent === "revoke" ? form.intent : "invite";
  try {
    if (intent === "invite") {
      const parsed = parseForm(InvitationForm, form);
      if (!parsed.ok) return formRefused("bad_request", refused(parsed, { intent }));
      const { email } = await inviteToTeam(database, { actor: user, teamId, ...parsed.data });
      return formDone({ intent, message: `Invitation sent to ${email}.` });
    }
    const parsed = parseForm(InvitationIdForm, form);
    if (!parsed.ok) return formRefused("bad_request", refused(parsed, { intent }));
    if (intent === "revoke") {
      const { email } = await revokeInvitation(database, { actorId: user.id, teamId, invitationId: parsed.data.invitationId });
      return formDone({ intent, message: `The invitation to ${email} is revoked: its link no longer works.` });
    }
    const { email } = await inviteToTeam(database, { actor: user, teamId, email: "", role: "member", replacing: parsed.data.invitationId });
    return formDone({ intent, message: `A new invitation was sent to ${email}; the earlier link no longer works.` });
  } catch (error) {
    const typed =
      intent === "invite" ? { email: String(form.email ?? "").slice(0, 254), role: String(form.role ?? "").slice(0, 10) } : undefined;
    return formRefusedBy(error, { intent, values: typed });
  }
}

export default function TeamInvitations({ loaderData, actionData }: Route.ComponentProps) {
  return <TeamInvitationsSection data={loaderData} result={actionData} />;
}
