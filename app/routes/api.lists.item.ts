import type { Route } from "./+types/api.lists.item";
import { ListIdParams, UpdateListRequest } from "~/features/lists/lists-api-schema.ts";
import { entriesJson, listJson, parseListsBody, requireListInScope, requireListsCaller } from "~/features/lists/lists-api.server.ts";
import { deleteList, renameList } from "~/features/lists/list-keeping.server.ts";
import { AppError } from "~/lib/errors.ts";
import { readBody } from "~/lib/http.server.ts";
import { parse } from "~/lib/parse.ts";

export const methods = ["GET", "PATCH", "DELETE"];
const NO_STORE = { "Cache-Control": "no-store" };

/** GET /api/lists/{id}: the list with its columns and its entries as the caller's cards show them. */
export async function loader(args: Route.LoaderArgs) {
  const caller = await requireListsCaller(args);
  const { id } = parse(ListIdParams, args.params);
  const list = await requireListInScope(caller, id);
  const { columns, entries } = await entriesJson(caller, list.id);
  return Response.json({ list: listJson(list, columns), entries }, { headers: NO_STORE });
}

/** PATCH {name} renames; DELETE deletes (a team's list: its maker or the team's owner or admins). */
export async function action(args: Route.ActionArgs) {
  const caller = await requireListsCaller(args);
  const { id } = parse(ListIdParams, args.params);
  const list = await requireListInScope(caller, id);
  if (args.request.method === "DELETE") {
    await deleteList(caller.database, list, caller.user.id);
    return Response.json({ deleted: true }, { headers: NO_STORE });
  }
  if (args.request.method !== "PATCH")
    throw new AppError("method_not_allowed", "Use GET, PATCH or DELETE.", { headers: { Allow: "GET, PATCH, DELETE" } });
  const input = parseListsBody(UpdateListRequest, await readBody(args.request));
  await renameList(caller.database, list, caller.user.id, input.name, new Date());
  const now = await requireListInScope(caller, id);
  const { columns, entries } = await entriesJson(caller, id);
  return Response.json({ list: listJson(now, columns), entries }, { headers: NO_STORE });
}
