import type { Route } from "./+types/api.lists";
import { createList } from "~/features/lists/list-access.server.ts";
import { CreateListRequest } from "~/features/lists/lists-api-schema.ts";
import {
  createListFor,
  entriesJson,
  listJson,
  listsInScope,
  parseListsBody,
  requireListInScope,
  requireListsCaller,
} from "~/features/lists/lists-api.server.ts";
import { AppError } from "~/lib/errors.ts";
import { created, readBody } from "~/lib/http.server.ts";

export const methods = ["GET", "POST"];
const NO_STORE = { "Cache-Control": "no-store" };

/** GET /api/lists: the lists in the caller's scope (decision 0121). */
export async function loader(args: Route.LoaderArgs) {
  const caller = await requireListsCaller(args);
  return Response.json({ lists: (await listsInScope(caller)).map((l) => listJson(l)) }, { headers: NO_STORE });
}

/** POST /api/lists {name, teamId?}: a private list, or one of the caller's teams'. */
export async function action(args: Route.ActionArgs) {
  if (args.request.method !== "POST") throw new AppError("method_not_allowed", "Use GET or POST.", { headers: { Allow: "GET, POST" } });
  const caller = await requireListsCaller(args);
  const input = parseListsBody(CreateListRequest, await readBody(args.request));
  const keeper = await createListFor(caller, input.teamId ?? null);
  const id = await createList(caller.database, { name: input.name, keeper, createdBy: caller.user.id });
  const list = await requireListInScope(caller, id);
  const { columns, entries } = await entriesJson(caller, id);
  return created({ list: listJson(list, columns), entries }, { Location: `/api/lists/${id}` });
}
