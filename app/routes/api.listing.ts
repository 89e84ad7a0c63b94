import type { Route } from "./+types/api.listing";
import { parseListingType } from "~/features/catalog/listing-types.ts";
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
    // Accounts come later (issue 3): every caller is a visitor until then.
    const view = await viewProfile(getAppContext(context).database, type, params.slug, { tier: "public" });
    if (view.status === "not_found") return notFound("Listing not found");
    // Gated per viewer: shared caches must not keep it; browsers may for the spec's single-listing staleness.
    const headers = { "Cache-Control": "private, max-age=300" };
    if (view.status === "locked") return Response.json({ data: view.teaser, locked: true }, { headers });
    return Response.json({ data: view.listing }, { headers });
  } catch (error) {
    return jsonError(error);
  }
}
