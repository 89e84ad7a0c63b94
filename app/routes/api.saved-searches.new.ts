import type { Route } from "./+types/api.saved-searches.new";
import { SavedSearchIdParams } from "~/features/saved-searches/saved-searches-api-schema.ts";
import { newListingJson, requireMember, savedSearchJson } from "~/features/saved-searches/saved-searches-api.server.ts";
import { newSinceLastLook } from "~/features/saved-searches/saved-searches.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { badRequest, errorResponse } from "~/lib/http.server.ts";

async function answer({ params, context }: Route.LoaderArgs | Route.ActionArgs, markLooked: boolean) {
  const { database, user } = getAppContext(context);
  const member = requireMember(user);
  const id = SavedSearchIdParams.safeParse(params);
  if (!id.success) return badRequest(id.error.issues[0]!.message);
  const found = await newSinceLastLook(database, member, id.data.id, { markLooked });
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
  if (args.request.method !== "POST") return errorResponse("method_not_allowed", "Use GET or POST.", { Allow: "GET, POST" });
  return answer(args, true);
}
