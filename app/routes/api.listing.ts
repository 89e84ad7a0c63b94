import type { Route } from "./+types/api.listing";
import { parseListingType } from "~/features/catalog/listing-types.ts";
import { viewerFor } from "~/features/access/viewer.ts";
import { viewProfile } from "~/features/profiles/view-profile.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { badRequest, jsonError, notFound } from "~/lib/http.server.ts";

/**
 * GET /api/listings/:type/:slug: one listing, gated for the viewer exactly as its profile page is. A listing
 * above the viewer's tier answers 200 with its teaser and `locked: true`: it exists, only less of it is shown.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const type = parseListingType(params.type);
  if (!type) return badRequest(`Unknown listing type "${params.type.slice(0, 40)}". Use startup, investor or partner.`);
  try {
    const { database, user } = getAppContext(context);
    const view = await viewProfile(database, type, params.slug, viewerFor(user));
    if (view.status === "not_found") return notFound("Listing not found");
    // Gated per viewer: shared caches must not keep it; browsers may for the spec's single-listing staleness,
    // except for signed-in users, whose tier may change on the next request.
    const headers = { "Cache-Control": user ? "no-store" : "private, max-age=300" };
    if (view.status === "locked") return Response.json({ data: view.teaser, locked: true }, { headers });
    return Response.json({ data: view.listing }, { headers });
  } catch (error) {
    return jsonError(error);
  }
}
