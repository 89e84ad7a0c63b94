import { redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/teams.working-team";
import { safeReturnTo } from "~/features/accounts/return-to.ts";
import { requireSignedIn } from "~/features/teams/team-membership.server.ts";
import { chooseWorkingTeam } from "~/features/teams/team-members.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { readForm } from "~/lib/http.server.ts";
import { parse } from "~/lib/parse.ts";

/** A team's id, or "none" for "Just me". */
const Choice = z.object({ teamId: z.union([z.literal("none"), z.uuid()], { error: "Choose a team, or Just me." }) });

/**
 * Back to the page the switcher was on: the Referer's path (the site sends it to itself, Referrer-Policy same-origin),
 * never another site's. The page does not write its own address into the form: a page refused to the member (a 403 or
 * 404) would otherwise echo what was asked for.
 */
function backTo(request: Request): string {
  const from = request.headers.get("referer");
  if (!from || !URL.canParse(from)) return "/teams";
  const url = new URL(from);
  return safeReturnTo(`${url.pathname.replace(/\.data$/, "")}${url.search}`, "/teams");
}

/**
 * The working team (issue 37, decision 0118): the user menu's switcher posts here, with or without JavaScript, and
 * comes back to the page it was on. A team the member is not in is 404, like any stranger's.
 */
export async function action(args: Route.ActionArgs) {
  const user = requireSignedIn(args);
  const { teamId } = parse(Choice, Object.fromEntries(await readForm(args.request)));
  await chooseWorkingTeam(getAppContext(args.context).database, { userId: user.id, teamId: teamId === "none" ? null : teamId });
  throw redirect(backTo(args.request));
}
