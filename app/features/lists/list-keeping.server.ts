/**
 * Keeping a list (issue 37, decision 0120): making one for the member or one of their teams, renaming, deleting, and
 * its status columns (add, rename, reorder, remove once empty). Every change of a list's shape runs under the list's
 * row lock, the same lock adding entries takes, so the column limit and "remove only when empty" hold against a
 * colleague's tab; each leaves a line in the list's history.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { listColumns, listEntries, lists } from "#db/schema/lists.ts";
import type { Database, Db } from "~/lib/db.server.ts";
import { AppError, notFound } from "~/lib/errors.ts";
import { parse } from "~/lib/parse.ts";
import { teamMembership } from "../teams/team-membership.server.ts";
import { createList, MAX_LIST_COLUMNS, recordListEvent, type ListSummary } from "./list-access.server.ts";
import { isUuid, ListNameForm, mayDeleteList } from "./list-rules.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A new list for the member ("me") or for one of their teams; a team they are not in is refused beside the field. */
export async function createListFor(
  database: Database,
  input: { userId: string; name: string; keeper: string },
  now: Date,
): Promise<{ ok: true; listId: string } | { ok: false; field: "keeper"; message: string }> {
  if (input.keeper === "me") {
    return {
      ok: true,
      listId: await createList(database, { name: input.name, keeper: { userId: input.userId }, createdBy: input.userId }, now),
    };
  }
  const membership = await teamMembership(database, input.userId, input.keeper);
  if (!membership) return { ok: false, field: "keeper", message: "Choose yourself or one of your teams." };
  const listId = await createList(database, { name: input.name, keeper: { teamId: membership.teamId }, createdBy: input.userId }, now);
  return { ok: true, listId };
}

/**
 * Renames within the name form's rules whoever asks (page or API); the name it has already writes nothing. Returns the
 * name and whether it changed, so the page says "already called" rather than "renamed" for a rename to the same name.
 */
export async function renameList(
  database: Database,
  list: ListSummary,
  actorId: string,
  wanted: string,
  now: Date,
): Promise<{ name: string; renamed: boolean }> {
  const { name } = parse(ListNameForm, { name: wanted });
  if (name === list.name) return { name, renamed: false };
  await database.db.transaction(async (tx) => {
    await tx.update(lists).set({ name }).where(eq(lists.id, list.id));
    await recordListEvent(tx, { listId: list.id, actorId, action: "renamed", detail: { from: list.name, to: name } }, now);
  });
  return { name, renamed: true };
}

/** Deletes the list with its columns, entries, notes, tags and history, if the member may (mayDeleteList); else 403. */
export async function deleteList(database: Database, list: ListSummary, userId: string): Promise<void> {
  const role = list.teamId ? ((await teamMembership(database, userId, list.teamId))?.role ?? null) : null;
  if (!mayDeleteList(list, userId, role)) {
    throw new AppError("forbidden", "Only the team's owner and admins, or whoever made this list, can delete it.");
  }
  await database.db.delete(lists).where(eq(lists.id, list.id));
}

async function lockedColumns(tx: Tx, listId: string) {
  await tx.select({ id: lists.id }).from(lists).where(eq(lists.id, listId)).for("update");
  return tx
    .select({ id: listColumns.id, name: listColumns.name, position: listColumns.position })
    .from(listColumns)
    .where(eq(listColumns.listId, listId))
    .orderBy(asc(listColumns.position), asc(listColumns.name));
}

/** The column of this list with this id, or 404: another list's column id is nobody's here. */
function columnIn<C extends { id: string }>(columns: C[], columnId: string): C {
  const column = isUuid(columnId) ? columns.find((c) => c.id === columnId.toLowerCase()) : undefined;
  if (!column) notFound("That column is not on this list.");
  return column;
}

function refuseTakenName(columns: Array<{ id: string; name: string }>, name: string, except?: string): void {
  if (columns.some((c) => c.id !== except && c.name.toLowerCase() === name.toLowerCase())) {
    throw new AppError("conflict", `This list already has a column named "${name}".`);
  }
}

export async function addColumn(database: Database, listId: string, actorId: string, name: string, now: Date): Promise<void> {
  await database.db.transaction(async (tx) => {
    const columns = await lockedColumns(tx, listId);
    if (columns.length >= MAX_LIST_COLUMNS) throw new AppError("conflict", `A list has at most ${MAX_LIST_COLUMNS} columns.`);
    refuseTakenName(columns, name);
    const position = Math.max(-1, ...columns.map((c) => c.position)) + 1;
    await tx.insert(listColumns).values({ listId, name, position });
    await recordListEvent(tx, { listId, actorId, action: "columns_changed", detail: { change: "added", column: name } }, now);
  });
}

/** Renames a column; false when it has that name already (nothing is written). A change of case is a rename. */
export async function renameColumn(
  database: Database,
  listId: string,
  actorId: string,
  change: { columnId: string; name: string },
  now: Date,
): Promise<boolean> {
  return database.db.transaction(async (tx) => {
    const columns = await lockedColumns(tx, listId);
    const column = columnIn(columns, change.columnId);
    if (column.name === change.name) return false;
    refuseTakenName(columns, change.name, column.id);
    await tx.update(listColumns).set({ name: change.name }).where(eq(listColumns.id, column.id));
    await recordListEvent(
      tx,
      { listId, actorId, action: "columns_changed", detail: { change: "renamed", from: column.name, to: change.name } },
      now,
    );
    return true;
  });
}

/**
 * Swaps the column with its neighbour on the left ("up") or right ("down"). At an end nothing changes and nothing is
 * written: `moved` is false (with the column's name), so the page says it is first or last already.
 */
export async function moveColumn(
  database: Database,
  listId: string,
  actorId: string,
  change: { columnId: string; direction: "up" | "down" },
  now: Date,
): Promise<{ moved: boolean; column: string }> {
  return database.db.transaction(async (tx) => {
    const columns = await lockedColumns(tx, listId);
    const column = columnIn(columns, change.columnId);
    const at = columns.indexOf(column);
    const other = columns[change.direction === "up" ? at - 1 : at + 1];
    if (!other) return { moved: false, column: column.name };
    // Positions are renumbered in board order, so two columns never share one and the swap is exact.
    const order = columns.map((c) => c.id);
    order[at] = other.id;
    order[columns.indexOf(other)] = column.id;
    for (const [position, id] of order.entries()) await tx.update(listColumns).set({ position }).where(eq(listColumns.id, id));
    await recordListEvent(
      tx,
      { listId, actorId, action: "columns_changed", detail: { change: "reordered", column: column.name, direction: change.direction } },
      now,
    );
    return { moved: true, column: column.name };
  });
}

/** Removes an empty column; one still holding entries, or the list's last column, is refused with a message. */
export async function removeColumn(database: Database, listId: string, actorId: string, columnId: string, now: Date): Promise<void> {
  await database.db.transaction(async (tx) => {
    const columns = await lockedColumns(tx, listId);
    const column = columnIn(columns, columnId);
    const [held] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(listEntries)
      .where(and(eq(listEntries.listId, listId), eq(listEntries.columnId, column.id)));
    const n = held?.n ?? 0;
    if (n > 0) {
      throw new AppError(
        "conflict",
        `"${column.name}" still holds ${n} ${n === 1 ? "entry" : "entries"}. Move or remove ${n === 1 ? "it" : "them"} first.`,
      );
    }
    if (columns.length === 1) throw new AppError("conflict", "A list keeps at least one column.");
    await tx.delete(listColumns).where(eq(listColumns.id, column.id));
    await recordListEvent(tx, { listId, actorId, action: "columns_changed", detail: { change: "removed", column: column.name } }, now);
  });
}
