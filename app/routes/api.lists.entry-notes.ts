import type { Route } from "./+types/api.lists.entry-notes";
import { EntryParams, NoteRequest } from "~/features/lists/lists-api-schema.ts";
import { parseListsBody, requireEntryOf, requireListInScope, requireListsCaller } from "~/features/lists/lists-api.server.ts";
import { addNote } from "~/features/lists/list-entry-work.server.ts";
import { AppError } from "~/lib/errors.ts";
import { created, readBody } from "~/lib/http.server.ts";
import { parse } from "~/lib/parse.ts";

export const methods = ["POST"];

/** POST {body}: a note on the entry, with the caller as author and now as its date. */
export async function action(args: Route.ActionArgs) {
  if (args.request.method !== "POST") throw new AppError("method_not_allowed", "Use POST.", { headers: { Allow: "POST" } });
  const caller = await requireListsCaller(args);
  const { id, entryId } = parse(EntryParams, args.params);
  const list = await requireListInScope(caller, id);
  const entry = await requireEntryOf(caller, list.id, entryId);
  const input = parseListsBody(NoteRequest, await readBody(args.request));
  const now = new Date();
  const note = await addNote(caller.database, list.id, caller.user.id, { entryId: entry.id, body: input.body }, now);
  return created({ note: { ...note, author: { id: caller.user.id, name: caller.user.name }, createdAt: now.toISOString() } });
}
