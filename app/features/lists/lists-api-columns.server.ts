/**
 * The lists API's one addition to the pages' writes (issue 37, decision 0121): a client names a column by
 * its id or by its name, any letter case, where a page posts the column's id. The write itself is the pages' own
 * (list-entry-work.server.ts, add-to-list.server.ts), which checks the column again under the list's lock.
 */
import { asc, eq } from "drizzle-orm";
import { listColumns } from "#db/schema/lists.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import { isUuid } from "./list-rules.ts";

/** The column a caller named, by id or by name; 400 naming the list's columns otherwise. */
export async function columnNamed(database: Database, listId: string, wanted: string): Promise<{ id: string; name: string }> {
  const columns = await database.db
    .select({ id: listColumns.id, name: listColumns.name })
    .from(listColumns)
    .where(eq(listColumns.listId, listId))
    .orderBy(asc(listColumns.position));
  const found =
    columns.find((c) => isUuid(wanted) && c.id === wanted.toLowerCase()) ??
    columns.find((c) => c.name.toLowerCase() === wanted.trim().toLowerCase());
  if (!found)
    // The field in `field`, as every other 400 of the API names it (decision 0108), not as a prefix of the message.
    throw new AppError(
      "bad_request",
      `This list has no column "${wanted.slice(0, 60)}". Its columns: ${columns.map((c) => c.name).join(", ")}.`,
      { details: { field: "column" } },
    );
  return found;
}
