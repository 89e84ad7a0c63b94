import type { Route } from "./+types/api.lists.entry-tags";
import { EntryParams, TagRequest } from "~/features/lists/lists-api-schema.ts";
import { entryTags, parseListsBody, requireEntryOf, requireListInScope, requireListsCaller } from "~/features/lists/lists-api.server.ts";
import { addTag } from "~/features/lists/list-entry-work.server.ts";
import { AppError } from "~/lib/errors.ts";
import { readBody } from "~/lib/http.server.ts";
import { parse } from "~/lib/parse.ts";

export const methods = ["POST"];

/** POST {tag}: tags the entry (a tag it has already changes nothing); answers its tags. */
export async function action(args: Route.ActionArgs) {
  if (args.request.method !== "POST") throw new AppError("method_not_allowed", "Use POST.", { headers: { Allow: "POST" } });
  const caller = await requireListsCaller(args);
  const { id, entryId } = parse(EntryParams, args.params);
  const list = await requireListInScope(caller, id);
  const entry = await requireEntryOf(caller, list.id, entryId);
  const input = parseListsBody(TagRequest, await readBody(args.request));
  await addTag(caller.database, list.id, caller.user.id, { entryId: entry.id, tag: input.tag }, new Date());
  return Response.json({ tags: await entryTags(caller, entry.id) }, { headers: { "Cache-Control": "no-store" } });
}
