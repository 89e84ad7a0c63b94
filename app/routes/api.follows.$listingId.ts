import type { Route } from "./+types/api.follows.$listingId";
import { ListingIdParams } from "~/features/follows/follows-api-schema.ts";
import { followState, unfollowListing } from "~/features/follows/follows.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { AppError } from "~/lib/errors.ts";
import { parse } from "~/lib/parse.ts";

/** What this endpoint takes (decision 0069), for Allow, OPTIONS and the 405 of any other method. */
export const methods = ["GET", "DELETE"];

const SIGN_IN = "Sign in to follow listings.";
const NO_STORE = { "Cache-Control": "no-store" };

/** GET /api/follows/{listingId}: whether the signed-in member follows it, with their count and cap. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { database, user } = getAppContext(context);
  if (!user) throw new AppError("unauthorized", SIGN_IN);
  const { listingId } = parse(ListingIdParams, params);
  return Response.json(await followState(database, user, listingId), { headers: NO_STORE });
}

/** DELETE /api/follows/{listingId}: stops following; 200 whether or not it was followed, 404 for no such listing. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "DELETE")
    throw new AppError("method_not_allowed", "Use DELETE to unfollow.", { headers: { Allow: "GET, DELETE" } });
  const { database, user } = getAppContext(context);
  if (!user) throw new AppError("unauthorized", SIGN_IN);
  const { listingId } = parse(ListingIdParams, params);
  return Response.json(await unfollowListing(database, user, listingId), { headers: NO_STORE });
}
