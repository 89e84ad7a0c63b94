import type { Route } from "./+types/api.saved-searches.new";
import { SavedSearchIdParams } from "~/features/saved-searches/saved-searches-api-schema.ts";
import { newListingJson, requireMember, savedSearchJson } from "~/features/saved-searches/saved-searches-api.server.ts";
import { newSinceLastLook } from "~/features/saved-searches/saved-searches.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { AppError } from "~/lib/errors.ts";
import { parse } from "~/lib/parse.ts";

async function answer({ params, context }: Route.LoaderArgs | Route.ActionArgs, markLooked: boolean) {
  const { database, user } = getAppContext(context);
  const member = requireMember(user);
  const { id } = parse(SavedSearchIdParams, params);
  const found = await newSinceLastLook(database, member, id, { markLooked });
  return Response.json(
    {
      savedSearch: savedSearchJson(found.savedSearch),
      total: found.total,
      newSinceLastLook: found.newCount,
      listings: found.newListings.map(newListingJson),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** GET /api/saved-searches/{id}/new: what matches now and did not when the member last looked (changes nothing). */
export async function loader(args: Route.LoaderArgs) {
  return answer(args, false);
}

/** POST /api/saved-searches/{id}/new: the same, and now becomes "last looked" (as opening it in the browser does). */
export async function action(args: Route.ActionArgs) {
  if (args.request.method !== "POST") throw new AppError("method_not_allowed", "Use GET or POST.", { headers: { Allow: "GET, POST" } });
  return answer(args, true);
}
