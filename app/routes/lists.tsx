import type { Route } from "./+types/lists";
import { listsVisibleTo } from "~/features/lists/list-access.server.ts";
import { createListFor } from "~/features/lists/list-keeping.server.ts";
import { NewListForm } from "~/features/lists/list-rules.ts";
import { ListsPage } from "~/features/lists/lists-page.tsx";
import { activeTeam, memberTeams, requireSignedIn } from "~/features/teams/team-membership.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { parseForm, refused } from "~/lib/form-parse.ts";
import { formRefused, formRefusedBy } from "~/lib/form-result.server.ts";
import { readForm, seeOther } from "~/lib/http.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Lists | Introbase" }, { name: "robots", content: "noindex" }];
}

/** /lists (issue 37, decision 0120): the member's private lists and their teams' lists, the working team first. */
export async function loader(args: Route.LoaderArgs) {
  const user = requireSignedIn(args);
  const { database } = getAppContext(args.context);
  const [lists, teams, working] = await Promise.all([
    listsVisibleTo(database, user.id),
    memberTeams(database, user.id),
    activeTeam(database, user.id),
  ]);
  return { lists, teams, workingTeamId: working?.teamId ?? null, now: new Date().toISOString() };
}

/** "New list": a name and who keeps it (the member, or one of their teams); the new list opens. */
export async function action(args: Route.ActionArgs) {
  const user = requireSignedIn(args);
  const { database } = getAppContext(args.context);
  const form = Object.fromEntries(await readForm(args.request, { nulInValues: true }));
  const parsed = parseForm(NewListForm, form);
  if (!parsed.ok) return formRefused("bad_request", refused(parsed, { intent: "create" }));
  try {
    const made = await createListFor(database, { userId: user.id, ...parsed.data }, new Date());
    if (!made.ok)
      return formRefused("bad_request", { intent: "create", message: made.message, errors: { keeper: made.message }, values: parsed.data });
    return seeOther(`/lists/${made.listId}`);
  } catch (error) {
    return formRefusedBy(error, { intent: "create", values: parsed.data });
  }
}

export default function Lists({ loaderData, actionData }: Route.ComponentProps) {
  return <ListsPage data={loaderData} result={actionData} />;
}
