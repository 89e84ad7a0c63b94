import { redirect } from "react-router";
import type { Route } from "./+types/teams.settings";
import { deleteTeam, renameTeam, transferOwnership } from "~/features/teams/team-admin.server.ts";
import { requireTeamMember } from "~/features/teams/team-membership.server.ts";
import { leaveTeam, membersOf } from "~/features/teams/team-members.server.ts";
import { MemberForm, TeamNameForm } from "~/features/teams/team-rules.ts";
import { TeamSettingsSection, type TeamSettingsSubmission } from "~/features/teams/team-settings-section.tsx";
import { getAppContext } from "~/lib/app-context.ts";
import { parseForm, refused } from "~/lib/form-parse.ts";
import { formDone, formRefused, formRefusedBy } from "~/lib/form-result.server.ts";
import { readForm } from "~/lib/http.server.ts";

/** A team's settings (issue 37, decision 0118). */
export async function loader(args: Route.LoaderArgs) {
  const { user, membership } = await requireTeamMember(args, args.params.teamId);
  const members = membership.role === "owner" ? await membersOf(getAppContext(args.context).database, membership.teamId, membership) : [];
  return {
    team: { id: membership.teamId, name: membership.teamName },
    role: membership.role,
    heirs: members.filter((m) => m.userId !== user.id).map((m) => ({ userId: m.userId, name: m.name })),
  };
}

type Answer = TeamSettingsSubmission["data"];

/**
 * Rename (owner, admins); transfer and delete (the owner), each in two steps: the first POST asks, the second (with
 * confirm=yes) does it; leave (anyone but the owner).
 */
export async function action(args: Route.ActionArgs) {
  const { user, membership } = await requireTeamMember(args, args.params.teamId);
  const { database } = getAppContext(args.context);
  const teamId = membership.teamId;
  const form = Object.fromEntries(await readForm(args.request, { nulInValues: true }));
  const intent = typeof form.intent === "string" ? form.intent.slice(0, 20) : "";
  const confirmed = form.confirm === "yes";
  try {
    switch (intent) {
      case "rename": {
        await requireTeamMember(args, teamId, "admin");
        const parsed = parseForm(TeamNameForm, form);
        if (!parsed.ok) return formRefused<"name" | "userId", Answer>("bad_request", refused(parsed, { intent }));
        await renameTeam(database, { actorId: user.id, teamId, name: parsed.data.name });
        return formDone<"name" | "userId", Answer>({ intent, message: `The team is now called ${parsed.data.name}.` });
      }
      case "transfer": {
        await requireTeamMember(args, teamId, "owner");
        const parsed = parseForm(MemberForm, form);
        if (!parsed.ok) return formRefused<"name" | "userId", Answer>("bad_request", refused(parsed, { intent }));
        if (!confirmed) {
          const heir = (await membersOf(database, teamId, membership)).find((m) => m.userId === parsed.data.userId && m.userId !== user.id);
          if (!heir)
            return formRefused<"name" | "userId", Answer>("conflict", { intent, message: "That person is no longer in the team." });
          return formDone<"name" | "userId", Answer>({ intent, data: { confirm: "transfer", userId: heir.userId, name: heir.name } });
        }
        const { toName } = await transferOwnership(database, { ownerId: user.id, teamId, toUserId: parsed.data.userId });
        return formDone<"name" | "userId", Answer>({ intent, message: `${toName} now owns the team; you are an admin.` });
      }
      case "delete": {
        await requireTeamMember(args, teamId, "owner");
        if (!confirmed) return formDone<"name" | "userId", Answer>({ intent, data: { confirm: "delete" } });
        await deleteTeam(database, { ownerId: user.id, teamId });
        throw redirect("/teams?done=deleted");
      }
      case "leave":
        await leaveTeam(database, { userId: user.id, teamId });
        throw redirect("/teams?done=left");
      default:
        return formRefused<"name" | "userId", Answer>("bad_request", { message: "Unknown action." });
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    return formRefusedBy<"name" | "userId", Answer>(error, { intent });
  }
}

export default function TeamSettings({ loaderData, actionData }: Route.ComponentProps) {
  return <TeamSettingsSection data={loaderData} result={actionData} />;
}
