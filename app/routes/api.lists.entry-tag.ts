import type { Route } from "./+types/api.lists.entry-tag";
import { TagParams } from "~/features/lists/lists-api-schema.ts";
import { entryTags, requireEntryOf, requireListInScope, requireListsCaller } from "~/features/lists/lists-api.server.ts";
import { removeTag } from "~/features/lists/list-entry-work.server.ts";
import { AppError } from "~/lib/errors.ts";
import { parse } from "~/lib/parse.ts";

export const methods = ["DELETE"];

/** DELETE: takes the tag off the entry (one it does not have changes nothing); answers its tags. */
export async function action(args: Route.ActionArgs) {
  if (args.request.method !== "DELETE") throw new AppError("method_not_allowed", "Use DELETE.", { headers: { Allow: "DELETE" } });
  const caller = await requireListsCaller(args);
  const { id, entryId, tag } = parse(TagParams, args.params);
  const list = await requireListInScope(caller, id);
  const entry = await requireEntryOf(caller, list.id, entryId);
  await removeTag(caller.database, list.id, caller.user.id, { entryId: entry.id, tag }, new Date());
  return Response.json({ tags: await entryTags(caller, entry.id) }, { headers: { "Cache-Control": "no-store" } });
}
