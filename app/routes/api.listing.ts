import type { Route } from "./+types/api.listing";
import { listingApi } from "~/features/profiles/listing-api-schema.ts";
import { quotaLimitReachedMessage, startOfNextMonth } from "~/features/access/quotas.ts";
import { viewerFor } from "~/features/access/viewer.ts";
import { viewProfile } from "~/features/profiles/view-profile.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { readerFor } from "~/lib/read-database.server.ts";
import { AppError, notFound } from "~/lib/errors.ts";
import { parse } from "~/lib/parse.ts";

/**
 * GET /api/listings/:type/:slug: one listing, gated for the viewer exactly as its profile page is. A listing
 * above the viewer's tier answers 200 with its teaser and `locked: true`: it exists, only less of it is shown.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  // The schema the OpenAPI document is made from.
  const checked = parse(listingApi.pathParams, params);
  // The schema reads the type as the site does (plural, any case).
  const { type } = checked;
  const { database, user } = getAppContext(context);
  // The listing from the replica when there is one and this client has not just written (decision 0053).
  const view = await viewProfile(database, type, checked.slug, viewerFor(user), user ?? undefined, readerFor(database, request, user));
  if (view.status === "not_found") return notFound("Listing not found");
  // Gated per viewer: shared caches must not keep it; browsers may for the spec's single-listing staleness,
  // except for signed-in users, whose tier may change on the next request.
  const headers = { "Cache-Control": user ? "no-store" : "private, max-age=300" };
  if (view.status === "locked") return Response.json({ data: view.teaser, locked: true }, { headers });
  if (view.status === "quota_exceeded") {
    // The monthly views quota is used up: the teaser only, until the month turns (or the user upgrades).
    const error = quotaLimitReachedMessage("views");
    const retryAfter = String(Math.ceil((startOfNextMonth(new Date()).getTime() - Date.now()) / 1000));
    // The teaser rides beside the refusal; an error answer is never stored (the pipeline says no-store).
    throw new AppError("rate_limited", error, {
      details: { data: view.teaser, locked: true, quota: view.views },
      headers: { "Retry-After": retryAfter },
    });
  }
  return Response.json({ data: view.listing, ...(view.views ? { quota: view.views } : {}) }, { headers });
}
