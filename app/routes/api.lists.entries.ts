import type { Route } from "./+types/api.lists.entries";
import { AddEntriesRequest, ListIdParams } from "~/features/lists/lists-api-schema.ts";
import { entriesJson, parseListsBody, requireListInScope, requireListsCaller } from "~/features/lists/lists-api.server.ts";
import { addOpenListings } from "~/features/lists/add-to-list.server.ts";
import { columnNamed } from "~/features/lists/lists-api-columns.server.ts";
import { AppError } from "~/lib/errors.ts";
import { readBody } from "~/lib/http.server.ts";
import { parse } from "~/lib/parse.ts";

export const methods = ["GET", "POST"];
const NO_STORE = { "Cache-Control": "no-store" };

/** GET /api/lists/{id}/entries: columns and entries in board order, each listing as the caller's card shows it. */
export async function loader(args: Route.LoaderArgs) {
  const caller = await requireListsCaller(args);
  const { id } = parse(ListIdParams, args.params);
  const list = await requireListInScope(caller, id);
  const { columns, entries } = await entriesJson(caller, list.id);
  return Response.json({ columns, entries }, { headers: NO_STORE });
}

/** POST {listingIds, column?}: adds the listings the caller's plan opens; the others come back in `skipped`. */
export async function action(args: Route.ActionArgs) {
  if (args.request.method !== "POST") throw new AppError("method_not_allowed", "Use GET or POST.", { headers: { Allow: "GET, POST" } });
  const caller = await requireListsCaller(args);
  const { id } = parse(ListIdParams, args.params);
  const list = await requireListInScope(caller, id);
  const input = parseListsBody(AddEntriesRequest, await readBody(args.request));
  const columnId = input.column === undefined ? undefined : (await columnNamed(caller.database, list.id, input.column)).id;
  const { added, skipped } = await addOpenListings(
    caller.database,
    caller.user,
    { listId: list.id, listingIds: input.listingIds, columnId },
    new Date(),
  );
  const { columns, entries } = await entriesJson(caller, list.id);
  return Response.json({ added, skipped, columns, entries }, { headers: NO_STORE });
}
