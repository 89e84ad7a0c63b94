import type { Route } from "./+types/api.listings.export";
import { parseDirectoryQuery } from "~/features/directory/directory-filters.ts";
import { exportListings } from "~/features/directory/server/export-listings.server.ts";
import { listingsExportApi } from "~/features/directory/listings-export-api-schema.ts";
import { parseQuery } from "~/lib/api-schema.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { publicUrl, getEnv } from "~/lib/env.server.ts";
import { AppError } from "~/lib/errors.ts";

/** GET /api/listings/export.csv?<directory parameters>: the current results as a CSV download (issue 3 §7). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { database, user } = getAppContext(context);
  if (!user) throw new AppError("unauthorized", "Sign in to export listings.");
  const params = new URL(request.url).searchParams;
  // The schema the OpenAPI document is made from checks the parameters; the directory's own parser then reads them.
  parseQuery(listingsExportApi.query, params);
  const parsed = parseDirectoryQuery(params);
  if (!parsed.ok) throw new AppError("bad_request", parsed.error);
  const csv = await exportListings(database, user, parsed.query, publicUrl(getEnv()));
  const date = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="introbase-listings-${date}.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
