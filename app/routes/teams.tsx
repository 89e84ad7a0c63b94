import { redirect } from "react-router";
import type { Route } from "./+types/teams";
import { createTeam, teamsOf } from "~/features/teams/team-admin.server.ts";
import { teamPath } from "~/features/teams/team-area.tsx";
import { activeTeam, requireSignedIn } from "~/features/teams/team-membership.server.ts";
import { TeamNameForm } from "~/features/teams/team-rules.ts";
import { TeamsPage } from "~/features/teams/teams-page.tsx";
import { getAppContext } from "~/lib/app-context.ts";
import { parseForm, refused } from "~/lib/form-parse.ts";
import { formRefused, formRefusedBy } from "~/lib/form-result.server.ts";
import { readForm } from "~/lib/http.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Teams | Introbase" }, { name: "robots", content: "noindex" }];
}

/** The member's teams (issue 37, decision 0118): name, role, seat, how many are in it; and which one they work in. */
export async function loader(args: Route.LoaderArgs) {
  const user = requireSignedIn(args);
  const { database } = getAppContext(args.context);
  const [teams, working] = await Promise.all([teamsOf(database, user.id), activeTeam(database, user.id)]);
  // What the member just did elsewhere, as a word the page knows (never text from the address: a crafted link could
  // make the page say anything).
  const done = new URL(args.request.url).searchParams.get("done");
  return {
    teams,
    workingTeamId: working?.teamId ?? null,
    done: done === "left" || done === "deleted" ? (done as "left" | "deleted") : null,
  };
}

/** Creates a team with the member as its owner, then opens it. */
export async function action(args: Route.ActionArgs) {
  const user = requireSignedIn(args);
  const parsed = parseForm(TeamNameForm, Object.fromEntries(await readForm(args.request, { nulInValues: true })));
  if (!parsed.ok) return formRefused("bad_request", refused(parsed));
  try {
    const teamId = await createTeam(getAppContext(args.context).database, { user, name: parsed.data.name });
    throw redirect(teamPath(teamId, "invitations"));
  } catch (error) {
    if (error instanceof Response) throw error;
    return formRefusedBy(error, { values: { name: parsed.data.name } });
  }
}

export default function Teams({ loaderData, actionData }: Route.ComponentProps) {
  return <TeamsPage data={loaderData} result={actionData} />;
}
