import type { Route } from "./+types/lists.detail";
import { requireList } from "~/features/lists/list-access.server.ts";
import { listPageAction, loadListPage } from "~/features/lists/list-page.server.ts";
import { ListPage } from "~/features/lists/list-page.tsx";
import { getAppContext } from "~/lib/app-context.ts";
import { formDone, formRefused, formRefusedBy } from "~/lib/form-result.server.ts";
import { readForm, seeOther } from "~/lib/http.server.ts";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.list.name ?? "List"} | Lists | Introbase` }, { name: "robots", content: "noindex" }];
}

/** /lists/:listId (issue 37, decision 0120): the list's board, table, history or settings; 404 for a list not the member's. */
export async function loader(args: Route.LoaderArgs) {
  const { user, list } = await requireList(args, args.params.listId);
  return loadListPage(getAppContext(args.context).database, user, list, new URL(args.request.url), new Date());
}

/** Every form of the page; each checks the list again and finds entries and columns among this list's only. */
export async function action(args: Route.ActionArgs) {
  const { user, list } = await requireList(args, args.params.listId);
  const form = Object.fromEntries(await readForm(args.request, { nulInValues: true }));
  try {
    const outcome = await listPageAction(getAppContext(args.context).database, user, list, form, new Date());
    if ("deleted" in outcome) return seeOther("/lists");
    if (outcome.code) return formRefused(outcome.code, outcome.result);
    return formDone(outcome.result);
  } catch (error) {
    return formRefusedBy(error, { intent: String(form.intent ?? ""), target: String(form.entryId ?? form.columnId ?? "") });
  }
}

export default function List({ loaderData, actionData }: Route.ComponentProps) {
  return <ListPage data={loaderData} result={actionData} />;
}
