import type { Route } from "./+types/api.saved-searches.item";
import { SavedSearchIdParams, UpdateSavedSearchRequest } from "~/features/saved-searches/saved-searches-api-schema.ts";
import { parseRequest, requireMember, savedSearchJson } from "~/features/saved-searches/saved-searches-api.server.ts";
import {
  deleteSavedSearch,
  getSavedSearch,
  renameSavedSearch,
  setAlertFrequency,
} from "~/features/saved-searches/saved-searches.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { AppError } from "~/lib/errors.ts";
import { readBody } from "~/lib/http.server.ts";
import { parse } from "~/lib/parse.ts";

/** What this endpoint takes (decision 0069), for Allow, OPTIONS and the 405 of any other method. */
export const methods = ["GET", "PATCH", "DELETE"];

const NO_STORE = { "Cache-Control": "no-store" };

/** GET /api/saved-searches/{id}: one of the member's saved searches (another member's is a 404). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { database, user } = getAppContext(context);
  const member = requireMember(user);
  const { id } = parse(SavedSearchIdParams, params);
  const row = await getSavedSearch(database, member, id);
  return Response.json({ savedSearch: savedSearchJson(row) }, { headers: NO_STORE });
}

/** PATCH {name?, alertFrequency?} renames or sets the alerts; DELETE removes it. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { database, user } = getAppContext(context);
  const member = requireMember(user);
  const { id } = parse(SavedSearchIdParams, params);
  if (request.method === "DELETE") {
    await deleteSavedSearch(database, member, id);
    return Response.json({ deleted: true }, { headers: NO_STORE });
  }
  if (request.method !== "PATCH")
    throw new AppError("method_not_allowed", "Use GET, PATCH or DELETE.", { headers: { Allow: "GET, PATCH, DELETE" } });
  const input = parseRequest(UpdateSavedSearchRequest, await readBody(request));
  let row = await getSavedSearch(database, member, id);
  if (input.name !== undefined) row = await renameSavedSearch(database, member, id, input.name);
  if (input.alertFrequency !== undefined) row = await setAlertFrequency(database, member, id, input.alertFrequency);
  return Response.json({ savedSearch: savedSearchJson(row) }, { headers: NO_STORE });
}
