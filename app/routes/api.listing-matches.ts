import type { Route } from "./+types/api.listing-matches";
import { viewerFor } from "~/features/access/viewer.ts";
import { findMatches } from "~/features/matches/find-matches.server.ts";
import { MATCHES_API, type MatchesResponse } from "~/features/matches/matches-api-schema.ts";
import { lockedMatchesMessage } from "~/features/matches/matches-view.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { readerFor } from "~/lib/read-database.server.ts";
import { notFound } from "~/lib/errors.ts";
import { parse } from "~/lib/parse.ts";

/**
 * GET /api/listings/:type/:slug/matches: the investors that fit a startup, or the startups that fit an investor, gated
 * for the caller exactly as the profile's match section is (decision 0064). Below the feature's tier, or the listing's,
 * the answer is 200 with `locked: true` and no suggestion: the listing exists, only its matches are kept.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { type, slug } = parse(MATCHES_API.request.params, { type: params.type, slug: params.slug });
  const { limit } = parse(MATCHES_API.request.query, { limit: url.searchParams.get("limit") ?? undefined });

  const { database, user } = getAppContext(context);
  const found = await findMatches(database, type, slug, viewerFor(user), {
    limit,
    reader: readerFor(database, request, user),
  });
  if (!found || found.view.status === "none") notFound("Listing not found");
  const { subject, view } = found;
  const body: MatchesResponse =
    view.status === "locked"
      ? {
          listing: subject,
          side: view.side,
          locked: true,
          requiredTier: view.requiredTier,
          message: lockedMatchesMessage(view.side, subject.name, view.requiredTier),
          data: [],
        }
      : { listing: subject, side: view.side, locked: false, data: view.items };
  // Gated per viewer: shared caches must not keep it; a signed-in member's tier may change on the next request.
  return Response.json(body, { headers: { "Cache-Control": user ? "no-store" : "private, max-age=300" } });
}
