import { redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/teams.working-team";
import { safeReturnTo } from "~/features/accounts/return-to.ts";
import { requireSignedIn } from "~/features/teams/team-membership.server.ts";
import { chooseWorkingTeam } from "~/features/teams/team-members.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { readForm } from "~/lib/http.server.ts";
import { parse } from "~/lib/parse.ts";

const Choice = z.object({
  /** A team's id, or "none" for "Just me". */
  teamId: z.union([z.literal("none"), z.uuid("Choose a team.")], { error: "Choose a team, or Just me." }),
  returnTo: z.string().max(2000).optional(),
});

/**
 * The working team (issue 37, decision 0118): the user menu's switcher posts here, with or without JavaScript, and
 * comes back to the page it was on. A team the member is not in is 404, like any stranger's.
 */
export async function action(args: Route.ActionArgs) {
  const user = requireSignedIn(args);
  const { teamId, returnTo } = parse(Choice, Object.fromEntries(await readForm(args.request)));
  await chooseWorkingTeam(getAppContext(args.context).database, { userId: user.id, teamId: teamId === "none" ? null : teamId });
  throw redirect(safeReturnTo(returnTo, "/teams"));
}
