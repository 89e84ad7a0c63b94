import { redirect } from "react-router";
import type { Route } from "./+types/saved-searches.open";
import { SavedSearchPage } from "~/features/saved-searches/saved-search-page.tsx";
import { directoryUrlOf, newListingJson } from "~/features/saved-searches/saved-searches-api.server.ts";
import { newSinceLastLook } from "~/features/saved-searches/saved-searches.server.ts";
import { getAppContext } from "~/lib/app-context.ts";

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
  };
}

export default function OpenSavedSearch({ loaderData }: Route.ComponentProps) {
  return <SavedSearchPage {...loaderData} />;
}
