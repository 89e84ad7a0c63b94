import { z } from "zod";
import type { Route } from "./+types/team-invitation";
import { acceptInvitation, readInvitation } from "~/features/teams/team-invitations.server.ts";
import { invitationStatus, TeamInvitationPage } from "~/features/teams/team-invitation-page.tsx";
import { requireSignedIn } from "~/features/teams/team-membership.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { pageAnswer } from "~/lib/form-result.server.ts";
import { readForm } from "~/lib/http.server.ts";
import { parse } from "~/lib/parse.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Team invitation | Introbase" }, { name: "robots", content: "noindex" }];
}

const Token = z.object({ token: z.string({ error: "token must be text." }).max(400).default("") });

/** A team invitation (issue 37, decision 0118): opening it shows the team, inviter and role and does nothing; signed out, sign in first. */
export async function loader(args: Route.LoaderArgs) {
  const user = requireSignedIn(args);
  const { token } = parse(Token, Object.fromEntries(new URL(args.request.url).searchParams));
  const page = await readInvitation(getAppContext(args.context).database, token, user);
  return pageAnswer(page, invitationStatus(page.state, false));
}

/** Join: the signed-in member whose address was invited becomes a member of the team, once. */
export async function action(args: Route.ActionArgs) {
  const user = requireSignedIn(args);
  const { token } = parse(Token, Object.fromEntries(await readForm(args.request)));
  const page = await acceptInvitation(getAppContext(args.context).database, token, user);
  return pageAnswer(page, invitationStatus(page.state, true));
}

export default function TeamInvitation({ loaderData, actionData }: Route.ComponentProps) {
  return <TeamInvitationPage page={actionData ?? loaderData} />;
}
