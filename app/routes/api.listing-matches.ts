import type { Route } from "./+types/api.listing-matches";
import { viewerFor } from "~/features/access/viewer.ts";
import { findMatches } from "~/features/matches/find-matches.server.ts";
import { MATCHES_API, type MatchesResponse } from "~/features/matches/matches-api-schema.ts";
import { lockedMatchesMessage } from "~/features/matches/matches-view.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { readerFor } from "~/lib/read-database.server.ts";
import { badRequest, zodBadRequest, notFound } from "~/lib/http.server.ts";

/**
 * GET /api/listings/:type/:slug/matches: the investors that fit a startup, or the startups that fit an investor, gated
 * for the caller exactly as the profile's match section is (decision 0064). Below the feature's tier, or the listing's,
 * the answer is 200 with `locked: true` and no suggestion: the listing exists, only its matches are kept.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const parsed = MATCHES_API.request.params.safeParse({ type: params.type, slug: params.slug });
  if (!parsed.success) return zodBadRequest(parsed.error);
  const query = MATCHES_API.request.query.safeParse({ limit: url.searchParams.get("limit") ?? undefined });
  if (!query.success) return badRequest(query.error.issues[0]!.message);

  const { database, user } = getAppContext(context);
  const found = await findMatches(database, parsed.data.type, parsed.data.slug, viewerFor(user), {
    limit: query.data.limit,
    reader: readerFor(database, request, user),
  });
  if (!found || found.view.status === "none") return notFound("Listing not found");
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
