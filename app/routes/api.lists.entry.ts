import type { Route } from "./+types/api.lists.entry";
import { EntryParams, MoveEntryRequest } from "~/features/lists/lists-api-schema.ts";
import { entriesJson, parseListsBody, requireEntryOf, requireListInScope, requireListsCaller } from "~/features/lists/lists-api.server.ts";
import { moveEntry, removeEntry } from "~/features/lists/list-entry-work.server.ts";
import { columnNamed } from "~/features/lists/lists-api-columns.server.ts";
import { AppError } from "~/lib/errors.ts";
import { readBody } from "~/lib/http.server.ts";
import { parse } from "~/lib/parse.ts";

export const methods = ["PATCH", "DELETE"];
const NO_STORE = { "Cache-Control": "no-store" };

/** PATCH {column, position?} moves the entry (column by id or name); DELETE removes it from the list. */
export async function action(args: Route.ActionArgs) {
  const caller = await requireListsCaller(args);
  const { id, entryId } = parse(EntryParams, args.params);
  const list = await requireListInScope(caller, id);
  const entry = await requireEntryOf(caller, list.id, entryId);
  if (args.request.method === "DELETE") {
    await removeEntry(caller.database, list.id, caller.user.id, entry.id, new Date());
    return Response.json({ deleted: true }, { headers: NO_STORE });
  }
  if (args.request.method !== "PATCH")
    throw new AppError("method_not_allowed", "Use PATCH or DELETE.", { headers: { Allow: "PATCH, DELETE" } });
  const input = parseListsBody(MoveEntryRequest, await readBody(args.request));
  const column = await columnNamed(caller.database, list.id, input.column);
  await moveEntry(
    caller.database,
    list.id,
    caller.user.id,
    { entryId: entry.id, columnId: column.id, position: input.position },
    new Date(),
  );
  const { entries } = await entriesJson(caller, list.id);
  return Response.json({ entry: entries.find((e) => e.id === entry.id)! }, { headers: NO_STORE });
}
