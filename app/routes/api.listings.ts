import type { Route } from "./+types/api.listings";
import { parseQuery } from "~/lib/api-schema.ts";
import { effectiveSort, parseDirectoryQuery } from "~/features/directory/directory-filters.ts";
import { listingsApi } from "~/features/directory/listings-api-schema.ts";
import { getDirectory } from "~/features/directory/server/get-directory.server.ts";
import { viewerFor } from "~/features/access/viewer.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { directoryReadFor } from "~/lib/read-database.server.ts";
import { AppError } from "~/lib/errors.ts";
import { getReferenceData } from "~/features/catalog/reference-data.server.ts";
import { interpretDirectoryQuery, literalSearch } from "~/features/directory/server/interpret-directory-query.server.ts";

/** GET /api/listings: spec 01 §3's paginated listing response, plus facet counts. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  // The schema the OpenAPI document is made from checks the parameters; the directory's own parser then reads them.
  parseQuery(listingsApi.query, params);
  const parsed = parseDirectoryQuery(params);
  if (!parsed.ok) throw new AppError("bad_request", parsed.error);
  const { database, user } = getAppContext(context);
  // The replica when there is one and this client has not just written (decision 0053); the directory index in hand
  // unless it must show what this client just wrote (decision 0058).
  const read = directoryReadFor(database, request, user);
  // Words of the search that name a type, industry, stage or place become those filters (decision 0083), unless the
  // client asks for the words as typed; the answer says what was read, so a client can show or undo it.
  const viewer = viewerFor(user);
  const { query, interpretation } = literalSearch(params)
    ? { query: parsed.query, interpretation: null }
    : await interpretDirectoryQuery(database, parsed.query, await getReferenceData(database), viewer, { fresh: read.fresh });
  const result = await getDirectory(database, query, viewer, read);
  // Signed in, the answer depends on a tier that may change on the next request: never stored.
  // The order the data is in (the default depends on whether there is a search): clients need not guess it.
  return Response.json(
    { ...result, sort: effectiveSort(query), interpretation },
    { headers: { "Cache-Control": user ? "no-store" : "private, max-age=60" } },
  );
}
