import type { Route } from "./+types/api.follows";
import { FollowRequest } from "~/features/follows/follows-api-schema.ts";
import { followListing, listFollows } from "~/features/follows/follows.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { AppError } from "~/lib/errors.ts";
import { created, readBody } from "~/lib/http.server.ts";
import { parse } from "~/lib/parse.ts";

const SIGN_IN = "Sign in to follow listings.";

/** GET /api/follows: the signed-in member's followed listings, newest first, with their count and cap. */
export async function loader({ context }: Route.LoaderArgs) {
  const { database, user } = getAppContext(context);
  if (!user) throw new AppError("unauthorized", SIGN_IN);
  const { items, count, cap } = await listFollows(database, user);
  return Response.json({ data: items, count, cap }, { headers: { "Cache-Control": "no-store" } });
}

/**
 * POST /api/follows { listingId }: follows a listing the member's tier opens. 201 when followed now, 200 when it
 * already was; 400 bad input, 401 signed out, 403 a listing above the tier, 404 no such listing, 409 at the cap.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST")
    throw new AppError("method_not_allowed", "Use GET to list, POST to follow.", { headers: { Allow: "GET, POST" } });
  const { database, user } = getAppContext(context);
  if (!user) throw new AppError("unauthorized", SIGN_IN);
  const body = await readBody(request);
  if (!body) throw new AppError("bad_request", 'Send a JSON object such as {"listingId": "…"}.');
  const { listingId } = parse(FollowRequest, body);
  const outcome = await followListing(database, user, listingId);
  return outcome.changed ? created(outcome) : Response.json(outcome, { headers: { "Cache-Control": "no-store" } });
}
