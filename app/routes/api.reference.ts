import type { Route } from "./+types/api.reference";
import { getReferenceData } from "~/features/catalog/reference-data.server.ts";
import { getAppContext } from "~/lib/app-context.ts";

/** GET /api/reference: every reference list (spec 01 §3), for filters and other clients. */
export async function loader({ context }: Route.LoaderArgs) {
  const data = await getReferenceData(getAppContext(context).database);
  return Response.json(data, { headers: { "Cache-Control": "public, max-age=60" } });
}
