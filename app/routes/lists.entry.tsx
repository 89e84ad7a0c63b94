import type { Route } from "./+types/lists.entry";
import { entryPageAction, loadEntryPage } from "~/features/lists/entry-page.server.ts";
import { EntryPage } from "~/features/lists/entry-page.tsx";
import { requireList } from "~/features/lists/list-access.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { formDone, formRefused, formRefusedBy } from "~/lib/form-result.server.ts";
import { readForm, seeOther } from "~/lib/http.server.ts";

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.entry.card?.name ?? "Entry";
  return [{ title: `${name} | ${loaderData?.list.name ?? "List"} | Introbase` }, { name: "robots", content: "noindex" }];
}

/** One entry of a list (issue 37, decision 0120): its card, notes, tags and history; 404 unless it is on the member's list. */
export async function loader(args: Route.LoaderArgs) {
  const { user, list } = await requireList(args, args.params.listId);
  return loadEntryPage(getAppContext(args.context).database, user, list, args.params.entryId, new Date());
}

export async function action(args: Route.ActionArgs) {
  const { user, list } = await requireList(args, args.params.listId);
  const form = Object.fromEntries(await readForm(args.request, { nulInValues: true }));
  try {
    const database = getAppContext(args.context).database;
    const outcome = await entryPageAction(database, user, list, args.params.entryId, form, new Date());
    if ("removed" in outcome) return seeOther(`/lists/${list.id}`);
    if (outcome.code) return formRefused(outcome.code, outcome.result);
    return formDone(outcome.result);
  } catch (error) {
    return formRefusedBy(error, { intent: String(form.intent ?? "") });
  }
}

export default function ListEntry({ loaderData, actionData }: Route.ComponentProps) {
  return <EntryPage data={loaderData} result={actionData} />;
}
