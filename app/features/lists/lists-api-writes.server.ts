/**
 * What the lists API changes (issue 37, decision 0121): naming and deleting a list, adding listings the caller may
 * open, moving an entry to a column (by id or by name), removing it, notes and tags. Each change writes its line in
 * the list's history with the caller as actor, in the change's transaction. The list's row lock orders writes to one
 * list, as addEntries does, so two moves never leave two entries at one position.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { listColumns, listEntries, listEntryNotes, listEntryTags, lists } from "#db/schema/lists.ts";
import { gatedCardsByIds } from "~/features/directory/server/search-listings.server.ts";
import { AppError } from "~/lib/errors.ts";
import { teamMembership } from "../teams/team-membership.server.ts";
import { addEntries, recordListEvent, type ListSummary } from "./list-access.server.ts";
import type { ListsCaller } from "./lists-api.server.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The column a caller named, by id or by name (any letter case); 400 naming the list's columns otherwise. */
async function columnOf(caller: ListsCaller, listId: string, wanted: string): Promise<{ id: string; name: string }> {
  const columns = await caller.database.db
    .select({ id: listColumns.id, name: listColumns.name })
    .from(listColumns)
    .where(eq(listColumns.listId, listId))
    .orderBy(asc(listColumns.position));
  const found =
    columns.find((c) => UUID.test(wanted) && c.id === wanted.toLowerCase()) ??
    columns.find((c) => c.name.toLowerCase() === wanted.trim().toLowerCase());
  if (!found)
    throw new AppError(
      "bad_request",
      `column: this list has no column "${wanted.slice(0, 60)}". Its columns: ${columns.map((c) => c.name).join(", ")}.`,
    );
  return found;
}

export async function renameList(caller: ListsCaller, list: ListSummary, name: string, now = new Date()): Promise<void> {
  await caller.database.db.transaction(async (tx) => {
    await tx.update(lists).set({ name }).where(eq(lists.id, list.id));
    await recordListEvent(tx, { listId: list.id, actorId: caller.user.id, action: "renamed", detail: { from: list.name, to: name } }, now);
  });
}

/** A private list goes with its member's word; a team's list with its maker's or a team owner's or admin's. */
export async function deleteList(caller: ListsCaller, list: ListSummary): Promise<void> {
  if (list.teamId) {
    const [row] = await caller.database.db.select({ createdBy: lists.createdBy }).from(lists).where(eq(lists.id, list.id));
    const membership = await teamMembership(caller.database, caller.user.id, list.teamId);
    const may = row?.createdBy === caller.user.id || membership?.role === "owner" || membership?.role === "admin";
    if (!may) throw new AppError("forbidden", "Only the list's maker or the team's owners and admins can delete a team's list.");
  }
  await caller.database.db.delete(lists).where(eq(lists.id, list.id));
}

/**
 * Adds the listings the caller may open (their card is not a locked teaser, the same gate as the card's "Add to list")
 * into `column` (id or name; the first column when absent). Returns what was added and what was left out, and why.
 */
export async function addListings(
  caller: ListsCaller,
  listId: string,
  listingIds: readonly string[],
  column: string | undefined,
  now = new Date(),
): Promise<{ added: string[]; skipped: Array<{ listingId: string; reason: "locked" | "unknown" | "already_on_list" }> }> {
  const columnId = column === undefined ? undefined : (await columnOf(caller, listId, column)).id;
  const ids = [...new Set(listingIds.map((id) => id.toLowerCase()))];
  const cards = await gatedCardsByIds(caller.database, ids, { tier: caller.user.tier });
  const open = new Set(cards.filter((c) => !c.locked).map((c) => c.id));
  const locked = new Set(cards.filter((c) => c.locked).map((c) => c.id));
  const added = await addEntries(
    caller.database,
    { listId, listingIds: ids.filter((id) => open.has(id)), actorId: caller.user.id, columnId },
    now,
  );
  const addedSet = new Set(added);
  const skipped = ids
    .filter((id) => !addedSet.has(id))
    .map((listingId) => ({
      listingId,
      reason: locked.has(listingId) ? ("locked" as const) : open.has(listingId) ? ("already_on_list" as const) : ("unknown" as const),
    }));
  return { added, skipped };
}

/** Moves an entry to the end of `column` (or to `position` in it); one "moved" history line naming both columns. */
export async function moveEntry(
  caller: ListsCaller,
  listId: string,
  entry: { id: string; listingId: string },
  column: string,
  position: number | undefined,
  now = new Date(),
): Promise<void> {
  const to = await columnOf(caller, listId, column);
  await caller.database.db.transaction(async (tx) => {
    await tx.select({ id: lists.id }).from(lists).where(eq(lists.id, listId)).for("update");
    const [current] = await tx
      .select({ columnId: listEntries.columnId, name: listColumns.name })
      .from(listEntries)
      .innerJoin(listColumns, eq(listColumns.id, listEntries.columnId))
      .where(eq(listEntries.id, entry.id));
    if (!current) throw new AppError("not_found", "This list has no entry with that id.");
    const [last] = await tx
      .select({ max: sql<number>`coalesce(max(${listEntries.position}), -1)::int` })
      .from(listEntries)
      .where(and(eq(listEntries.columnId, to.id), sql`${listEntries.id} <> ${entry.id}`));
    const end = (last?.max ?? -1) + 1;
    const at = position === undefined ? end : Math.min(position, end);
    // Make room: the entries at and after the place move down one.
    if (at < end)
      await tx
        .update(listEntries)
        .set({ position: sql`${listEntries.position} + 1` })
        .where(and(eq(listEntries.columnId, to.id), sql`${listEntries.position} >= ${at}`, sql`${listEntries.id} <> ${entry.id}`));
    await tx.update(listEntries).set({ columnId: to.id, position: at, movedAt: now }).where(eq(listEntries.id, entry.id));
    await recordListEvent(
      tx,
      { listId, actorId: caller.user.id, action: "moved", listingId: entry.listingId, detail: { from: current.name, to: to.name } },
      now,
    );
  });
}

export async function removeEntry(caller: ListsCaller, listId: string, entry: { id: string; listingId: string }, now = new Date()) {
  await caller.database.db.transaction(async (tx) => {
    await tx.delete(listEntries).where(eq(listEntries.id, entry.id));
    await recordListEvent(tx, { listId, actorId: caller.user.id, action: "removed", listingId: entry.listingId }, now);
  });
}

export async function addNote(
  caller: ListsCaller,
  listId: string,
  entry: { id: string; listingId: string },
  body: string,
  now = new Date(),
): Promise<{ id: string; body: string; author: { id: string; name: string }; createdAt: string }> {
  return caller.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(listEntryNotes)
      .values({ entryId: entry.id, authorId: caller.user.id, body, createdAt: now })
      .returning({ id: listEntryNotes.id });
    await recordListEvent(tx, { listId, actorId: caller.user.id, action: "commented", listingId: entry.listingId }, now);
    return { id: row!.id, body, author: { id: caller.user.id, name: caller.user.name }, createdAt: now.toISOString() };
  });
}

/** Tags an entry; tagging it again with the same tag changes nothing and writes no history. Returns whether it was new. */
export async function addTag(caller: ListsCaller, listId: string, entry: { id: string; listingId: string }, tag: string, now = new Date()) {
  return caller.database.db.transaction(async (tx) => {
    const rows = await tx
      .insert(listEntryTags)
      .values({ entryId: entry.id, tag, addedBy: caller.user.id, addedAt: now })
      .onConflictDoNothing()
      .returning({ tag: listEntryTags.tag });
    if (rows.length)
      await recordListEvent(tx, { listId, actorId: caller.user.id, action: "tagged", listingId: entry.listingId, detail: { tag } }, now);
    return rows.length > 0;
  });
}

export async function removeTag(
  caller: ListsCaller,
  listId: string,
  entry: { id: string; listingId: string },
  tag: string,
  now = new Date(),
) {
  return caller.database.db.transaction(async (tx) => {
    const rows = await tx
      .delete(listEntryTags)
      .where(and(eq(listEntryTags.entryId, entry.id), eq(listEntryTags.tag, tag)))
      .returning({ tag: listEntryTags.tag });
    if (rows.length)
      await recordListEvent(tx, { listId, actorId: caller.user.id, action: "untagged", listingId: entry.listingId, detail: { tag } }, now);
    return rows.length > 0;
  });
}
