import type { Route } from "./+types/api.saved-searches";
import { CreateSavedSearchRequest } from "~/features/saved-searches/saved-searches-api-schema.ts";
import { parseRequest, requireMember, savedSearchJson, savedSearchLimit } from "~/features/saved-searches/saved-searches-api.server.ts";
import { createSavedSearch, listWithNewCounts } from "~/features/saved-searches/saved-searches.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { AppError } from "~/lib/errors.ts";
import { created, readBody } from "~/lib/http.server.ts";

const NO_STORE = { "Cache-Control": "no-store" };

/** GET /api/saved-searches: the member's saved searches, each with "new since you last looked". */
export async function loader({ context }: Route.LoaderArgs) {
  const { database, user } = getAppContext(context);
  const member = requireMember(user);
  const rows = await listWithNewCounts(database, member);
  return Response.json(
    {
      savedSearches: rows.map(({ savedSearch, total, newCount }) => ({
        ...savedSearchJson(savedSearch),
        total,
        newSinceLastLook: newCount,
      })),
      limit: savedSearchLimit(member),
    },
    { headers: NO_STORE },
  );
}

/** POST /api/saved-searches {name, query, alertFrequency?}: saves a directory state. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") throw new AppError("method_not_allowed", "Use GET or POST.", { headers: { Allow: "GET, POST" } });
  const { database, user } = getAppContext(context);
  const member = requireMember(user);
  const input = parseRequest(CreateSavedSearchRequest, await readBody(request));
  const row = await createSavedSearch(database, member, input);
  return created({ savedSearch: savedSearchJson(row) }, { Location: `/api/saved-searches/${row.id}` });
}
