import { redirect } from "react-router";
import type { Route } from "./+types/teams.members";
import { requireTeamMember } from "~/features/teams/team-membership.server.ts";
import { changeRole, leaveTeam, membersOf, removeMember } from "~/features/teams/team-members.server.ts";
import { TeamMembersSection } from "~/features/teams/team-members-section.tsx";
import { MemberForm, RoleForm } from "~/features/teams/team-rules.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { parseForm, refused } from "~/lib/form-parse.ts";
import { formDone, formRefused, formRefusedBy } from "~/lib/form-result.server.ts";
import { readForm } from "~/lib/http.server.ts";

/** The team's members (issue 37, decision 0118). */
export async function loader(args: Route.LoaderArgs) {
  const { user, membership } = await requireTeamMember(args, args.params.teamId);
  return {
    selfId: user.id,
    role: membership.role,
    members: await membersOf(getAppContext(args.context).database, membership.teamId, membership),
  };
}

/** Change a role (the owner), remove a member (owner, admins), or leave (anyone but the owner). */
export async function action(args: Route.ActionArgs) {
  const { user, membership } = await requireTeamMember(args, args.params.teamId);
  const { database } = getAppContext(args.context);
  const teamId = membership.teamId;
  const form = Object.fromEntries(await readForm(args.request, { nulInValues: true }));
  try {
    if (form.intent === "leave") {
      await leaveTeam(database, { userId: user.id, teamId });
      throw redirect("/teams?done=left");
    }
    if (form.intent === "role") {
      const parsed = parseForm(RoleForm, form);
      if (!parsed.ok) return formRefused("bad_request", refused(parsed, { intent: "role" }));
      const { name } = await changeRole(database, { actorId: user.id, teamId, ...parsed.data });
      return formDone({ intent: "role", message: `${name} is now ${parsed.data.role === "admin" ? "an admin" : "a member"}.` });
    }
    const parsed = parseForm(MemberForm, form);
    if (!parsed.ok) return formRefused("bad_request", refused(parsed, { intent: "remove" }));
    const { name } = await removeMember(database, { actorId: user.id, teamId, userId: parsed.data.userId });
    return formDone({ intent: "remove", message: `${name} is no longer in the team.` });
  } catch (error) {
    if (error instanceof Response) throw error;
    return formRefusedBy(error, { intent: typeof form.intent === "string" ? form.intent.slice(0, 20) : undefined });
  }
}

export default function TeamMembers({ loaderData, actionData }: Route.ComponentProps) {
  return <TeamMembersSection data={loaderData} result={actionData} />;
}
