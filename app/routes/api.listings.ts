import type { Route } from "./+types/api.listings";
import { parseQuery } from "~/lib/api-schema.ts";
import { effectiveSort, parseDirectoryQuery } from "~/features/directory/directory-filters.ts";
import { listingsApi } from "~/features/directory/listings-api-schema.ts";
import { getDirectory } from "~/features/directory/get-directory.server.ts";
import { viewerFor } from "~/features/access/viewer.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { directoryReadFor } from "~/lib/read-database.server.ts";
import { badRequest } from "~/lib/http.server.ts";

/** GET /api/listings: spec 01 §3's paginated listing response, plus facet counts. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  // The schema the OpenAPI document is made from checks the parameters; the directory's own parser then reads them.
  const checked = parseQuery(listingsApi.query, params);
  if (!checked.ok) return badRequest(checked.error);
  const parsed = parseDirectoryQuery(params);
  if (!parsed.ok) return badRequest(parsed.error);
  const { database, user } = getAppContext(context);
  // The replica when there is one and this client has not just written (decision 0053); the directory index in hand
  // unless it must show what this client just wrote (decision 0058).
  const result = await getDirectory(database, parsed.query, viewerFor(user), directoryReadFor(database, request, user));
  // Signed in, the answer depends on a tier that may change on the next request: never stored.
  // The order the data is in (the default depends on whether there is a search): clients need not guess it.
  return Response.json(
    { ...result, sort: effectiveSort(parsed.query) },
    { headers: { "Cache-Control": user ? "no-store" : "private, max-age=60" } },
  );
}
