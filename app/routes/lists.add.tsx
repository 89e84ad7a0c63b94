import { z } from "zod";
import type { Route } from "./+types/lists.add";
import { safeReturnTo } from "~/features/accounts/return-to.ts";
import { addToList, addToListChoices, chosenIds } from "~/features/lists/add-to-list.server.ts";
import { AddToListPage } from "~/features/lists/add-to-list-page.tsx";
import { ListNameForm } from "~/features/lists/list-rules.ts";
import { requireSignedIn } from "~/features/teams/team-membership.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { parseForm, refused } from "~/lib/form-parse.ts";
import { formDone, formRefused, formRefusedBy } from "~/lib/form-result.server.ts";
import { readForm } from "~/lib/http.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Add to list | Introbase" }, { name: "robots", content: "noindex" }];
}

/**
 * "Add to list" from a card, a profile or a selection of results (issue 37, decision 0120): which list (or a new one)
 * for the chosen listings. The controls link here with the listings' ids and where the member was.
 */
export async function loader(args: Route.LoaderArgs) {
  const user = requireSignedIn(args);
  const url = new URL(args.request.url);
  const ids = chosenIds(url.searchParams.getAll("listingIds"));
  const choices = await addToListChoices(getAppContext(args.context).database, user, ids);
  return { ...choices, returnTo: safeReturnTo(url.searchParams.get("returnTo"), "/listings") };
}

const Target = z.object({ listId: z.string().trim().max(100), keeper: z.string().trim().max(100) });

export async function action(args: Route.ActionArgs) {
  const user = requireSignedIn(args);
  const { database } = getAppContext(args.context);
  const body = await readForm(args.request, { nulInValues: true });
  const form = Object.fromEntries(body);
  try {
    const listingIds = chosenIds(body.getAll("listingIds"));
    const chosen = Target.safeParse({ listId: form.listId ?? "", keeper: form.keeper ?? "me" });
    if (!chosen.success) return formRefused("bad_request", { message: "Choose one of your lists, or a new one." });
    const target = chosen.data;
    let outcome;
    if (target.listId && target.listId !== "new") {
      outcome = await addToList(database, user, { listingIds, target: { listId: target.listId } }, new Date());
    } else {
      const named = parseForm(ListNameForm, form);
      if (!named.ok) return formRefused("bad_request", refused(named));
      const newList = { name: named.data.name, keeper: target.keeper || "me" };
      outcome = await addToList(database, user, { listingIds, target: { newList } }, new Date());
    }
    if (!outcome.ok) return formRefused("bad_request", { message: outcome.message, errors: { keeper: outcome.message } });
    return formDone({ data: outcome.outcome });
  } catch (error) {
    return formRefusedBy(error);
  }
}

export default function AddToList({ loaderData, actionData }: Route.ComponentProps) {
  return <AddToListPage data={loaderData} result={actionData} />;
}
