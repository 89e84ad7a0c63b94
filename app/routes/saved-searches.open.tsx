import { redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/saved-searches.open";
import { ADD_RESULTS_TO_LIST, SavedSearchToListForm } from "~/features/lists/saved-search-to-list-form.tsx";
import { addSavedSearchResults, listChoices } from "~/features/lists/saved-search-to-list.server.ts";
import { SavedSearchPage } from "~/features/saved-searches/saved-search-page.tsx";
import { directoryUrlOf, newListingJson } from "~/features/saved-searches/saved-searches-api.server.ts";
import { newSinceLastLook } from "~/features/saved-searches/saved-searches.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { AppError } from "~/lib/errors.ts";
import { fieldErrors } from "~/lib/form-parse.ts";
import { formDone, formRefused, formRefusedBy } from "~/lib/form-result.server.ts";
import { readForm } from "~/lib/http.server.ts";
import { plural } from "~/lib/wording.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Saved search | Introbase" }, { name: "robots", content: "noindex" }];
}

/** Opening a saved search: what is new since the member last looked, and now becomes "last looked". */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { database, user } = getAppContext(context);
  if (!user) throw redirect(`/sign-in?returnTo=${encodeURIComponent(`/saved-searches/${params.id}`)}`);
  const found = await newSinceLastLook(database, { id: user.id, tier: user.tier }, params.id, { markLooked: true });
  return {
    name: found.savedSearch.name,
    directoryUrl: directoryUrlOf(found.savedSearch),
    total: found.total,
    newCount: found.newCount,
    listings: found.newListings.map(newListingJson),
    lists: await listChoices(database, user.id),
  };
}

const AddResults = z.object({
  listId: z.uuid("Choose one of your lists."),
  listingIds: z.array(z.uuid()).min(1, "There are no new results to add.").max(100),
});

/** "Add the new results to a list" (issue 37, decision 0121): the new listings the page showed, to the chosen list. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { database, user } = getAppContext(context);
  if (!user) throw new AppError("unauthorized", "Sign in to add results to a list.");
  const form = await readForm(request);
  if (form.get("intent") !== ADD_RESULTS_TO_LIST) throw new AppError("bad_request", "Unknown form.");
  const parsed = AddResults.safeParse({ listId: form.get("listId"), listingIds: form.getAll("listingId") });
  if (!parsed.success) {
    // The shared reading of zod's issues (form-parse.ts): the list beside its select, no new results said at the top.
    const errors = fieldErrors<"listId" | "listingIds">(parsed.error);
    return formRefused<"listId">("bad_request", {
      intent: ADD_RESULTS_TO_LIST,
      message: errors.listId ?? errors.listingIds,
      errors: errors.listId ? { listId: errors.listId } : {},
    });
  }
  try {
    const { listName, added, offered } = await addSavedSearchResults(database, user, {
      savedSearchId: params.id,
      listId: parsed.data.listId,
      listingIds: parsed.data.listingIds,
    });
    const left = offered - added;
    const message = `Added ${plural(added, "listing")} to ${listName}.${left ? ` ${plural(left, "was", "were")} already on it or no longer in this search.` : ""}`;
    return formDone<"listId">({ intent: ADD_RESULTS_TO_LIST, target: parsed.data.listId, message });
  } catch (error) {
    return formRefusedBy<"listId">(error, { intent: ADD_RESULTS_TO_LIST });
  }
}

export default function OpenSavedSearch({ loaderData }: Route.ComponentProps) {
  const { lists, ...page } = loaderData;
  return <SavedSearchPage {...page} addToList={<SavedSearchToListForm choices={lists} listingIds={page.listings.map((l) => l.id)} />} />;
}
