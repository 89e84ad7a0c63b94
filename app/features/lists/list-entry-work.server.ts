/**
 * Working on a list's entries (issue 37, decision 0120): move between status columns, remove, notes and tags. Each
 * write names the list it came through (the page's guard, requireList, already let the member in) and finds the entry
 * and column among that list's only: an entry or column id of another list answers 404 like an unknown one, so being
 * in one team never reaches another team's list by posting ids. Each leaves a line in the list's history.
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { users } from "#db/schema/accounts.ts";
import { listColumns, listEntries, listEntryNotes, listEntryTags, lists } from "#db/schema/lists.ts";
import type { Database, Db } from "~/lib/db.server.ts";
import { AppError, notFound } from "~/lib/errors.ts";
import { parse } from "~/lib/parse.ts";
import { recordListEvent } from "./list-access.server.ts";
import { isUuid, MAX_NOTES_PER_ENTRY, MAX_TAGS_PER_ENTRY, normalizeTag, NoteForm, TagForm } from "./list-rules.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const NO_ENTRY = "That entry is not on this list.";

async function lockList(tx: Tx, listId: string): Promise<void> {
  await tx.select({ id: lists.id }).from(lists).where(eq(lists.id, listId)).for("update");
}

/** The entry with this id on this list, or 404. */
export async function entryOn(db: Db | Tx, listId: string, entryId: string) {
  if (!isUuid(entryId)) notFound(NO_ENTRY);
  const [entry] = await db
    .select({ id: listEntries.id, listingId: listEntries.listingId, columnId: listEntries.columnId, position: listEntries.position })
    .from(listEntries)
    .where(and(eq(listEntries.id, entryId.toLowerCase()), eq(listEntries.listId, listId)));
  if (!entry) notFound(NO_ENTRY);
  return entry;
}

/**
 * Moves the entry to one of the list's columns: to its end, or to `position` in it (0 first; past the end is the end),
 * which may also reorder the entry within its own column. A "moved" history line names both columns. A move that
 * changes nothing (its own column without a position, or the place it has) writes nothing and says so.
 */
export async function moveEntry(
  database: Database,
  listId: string,
  actorId: string,
  move: { entryId: string; columnId: string; position?: number },
  now: Date,
): Promise<{ moved: boolean; column: string }> {
  return database.db.transaction(async (tx) => {
    await lockList(tx, listId);
    const entry = await entryOn(tx, listId, move.entryId);
    const columns = await tx
      .select({ id: listColumns.id, name: listColumns.name })
      .from(listColumns)
      .where(eq(listColumns.listId, listId))
      .orderBy(asc(listColumns.position));
    const to = isUuid(move.columnId) ? columns.find((c) => c.id === move.columnId.toLowerCase()) : undefined;
    if (!to) notFound("That column is not on this list.");
    // Already there (a second tab, a form sent twice): nothing moves, and the page says so rather than "Moved".
    if (to.id === entry.columnId && move.position === undefined) return { moved: false, column: to.name };
    const from = columns.find((c) => c.id === entry.columnId);
    const [last] = await tx
      .select({ max: sql<number>`coalesce(max(${listEntries.position}), -1)::int` })
      .from(listEntries)
      .where(and(eq(listEntries.columnId, to.id), sql`${listEntries.id} <> ${entry.id}`));
    const end = (last?.max ?? -1) + 1;
    const at = move.position === undefined ? end : Math.min(move.position, end);
    if (to.id === entry.columnId && at === entry.position) return { moved: false, column: to.name };
    // Make room: the column's entries at and after the place move down one (the list's lock keeps this exact).
    if (at < end)
      await tx
        .update(listEntries)
        .set({ position: sql`${listEntries.position} + 1` })
        .where(and(eq(listEntries.columnId, to.id), sql`${listEntries.position} >= ${at}`, sql`${listEntries.id} <> ${entry.id}`));
    await tx.update(listEntries).set({ columnId: to.id, position: at, movedAt: now }).where(eq(listEntries.id, entry.id));
    await recordListEvent(
      tx,
      { listId, actorId, action: "moved", listingId: entry.listingId, detail: { from: from?.name ?? "", to: to.name } },
      now,
    );
    return { moved: true, column: to.name };
  });
}

/** Takes the entry off the list with its notes and tags; the history keeps that it was removed, and by whom. */
export async function removeEntry(database: Database, listId: string, actorId: string, entryId: string, now: Date): Promise<void> {
  await database.db.transaction(async (tx) => {
    await lockList(tx, listId);
    const entry = await entryOn(tx, listId, entryId);
    await tx.delete(listEntries).where(eq(listEntries.id, entry.id));
    await recordListEvent(tx, { listId, actorId, action: "removed", listingId: entry.listingId }, now);
  });
}

/**
 * A note by the member on the entry, within the note form's rules whoever sends it (a page or the API), and at most
 * MAX_NOTES_PER_ENTRY on the entry, counted under the list's lock so two tabs cannot both take the last place. The
 * history says who commented on what, not the words (a note may be deleted).
 */
export async function addNote(
  database: Database,
  listId: string,
  authorId: string,
  note: { entryId: string; body: string },
  now: Date,
): Promise<{ id: string; body: string }> {
  const { body } = parse(NoteForm, { body: note.body });
  return database.db.transaction(async (tx) => {
    await lockList(tx, listId);
    const entry = await entryOn(tx, listId, note.entryId);
    const [held] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(listEntryNotes)
      .where(eq(listEntryNotes.entryId, entry.id));
    if ((held?.n ?? 0) >= MAX_NOTES_PER_ENTRY) {
      throw new AppError("conflict", `An entry has at most ${MAX_NOTES_PER_ENTRY} notes. Delete one to add another.`);
    }
    const [row] = await tx
      .insert(listEntryNotes)
      .values({ entryId: entry.id, authorId, body, createdAt: now })
      .returning({ id: listEntryNotes.id });
    await recordListEvent(tx, { listId, actorId: authorId, action: "commented", listingId: entry.listingId }, now);
    return { id: row!.id, body };
  });
}

/** Deletes a note: its author only (a colleague's note is theirs); a note of another entry or list is 404. */
export async function deleteNote(
  database: Database,
  listId: string,
  userId: string,
  ids: { entryId: string; noteId: string },
): Promise<void> {
  const entry = await entryOn(database.db, listId, ids.entryId);
  if (!isUuid(ids.noteId)) notFound("That note is not on this entry.");
  const [note] = await database.db
    .select({ authorId: listEntryNotes.authorId })
    .from(listEntryNotes)
    .where(and(eq(listEntryNotes.id, ids.noteId.toLowerCase()), eq(listEntryNotes.entryId, entry.id)));
  if (!note) notFound("That note is not on this entry.");
  if (note.authorId !== userId) throw new AppError("forbidden", "Only its author can delete a note.");
  await database.db.delete(listEntryNotes).where(eq(listEntryNotes.id, ids.noteId.toLowerCase()));
}

/**
 * Tags the entry (a tag already on it is left as it is); at most MAX_TAGS_PER_ENTRY, counted under the list's lock.
 * The tag is normalised and checked by the tag form's rules here, so no caller (page or API) writes another shape.
 * Returns the tag as kept and whether it is new on the entry (false: it had it, and nothing was written).
 */
export async function addTag(
  database: Database,
  listId: string,
  actorId: string,
  input: { entryId: string; tag: string },
  now: Date,
): Promise<{ tag: string; added: boolean }> {
  const { tag } = parse(TagForm, { tag: input.tag });
  return database.db.transaction(async (tx) => {
    await lockList(tx, listId);
    const entry = await entryOn(tx, listId, input.entryId);
    const held = await tx.select({ tag: listEntryTags.tag }).from(listEntryTags).where(eq(listEntryTags.entryId, entry.id));
    if (held.some((t) => t.tag === tag)) return { tag, added: false };
    if (held.length >= MAX_TAGS_PER_ENTRY) throw new AppError("conflict", `An entry has at most ${MAX_TAGS_PER_ENTRY} tags.`);
    await tx.insert(listEntryTags).values({ entryId: entry.id, tag, addedBy: actorId, addedAt: now });
    await recordListEvent(tx, { listId, actorId, action: "tagged", listingId: entry.listingId, detail: { tag } }, now);
    return { tag, added: true };
  });
}

/**
 * Takes a tag off, found as written or as addTag normalises it ("Deep  Tech" takes off "deep tech"). Returns the tags
 * taken off: none when the entry did not have it (nothing is written, and the page says so). A NUL is refused here
 * (400), whoever asks: no tag has one, and PostgreSQL refuses it in text with an error that would be a 500.
 */
export async function removeTag(
  database: Database,
  listId: string,
  actorId: string,
  input: { entryId: string; tag: string },
  now: Date,
): Promise<string[]> {
  if (input.tag.includes("\0")) throw new AppError("bad_request", "A tag cannot contain a NUL character.");
  return database.db.transaction(async (tx) => {
    const entry = await entryOn(tx, listId, input.entryId);
    const gone = await tx
      .delete(listEntryTags)
      .where(and(eq(listEntryTags.entryId, entry.id), inArray(listEntryTags.tag, [...new Set([input.tag, normalizeTag(input.tag)])])))
      .returning({ tag: listEntryTags.tag });
    for (const { tag } of gone)
      await recordListEvent(tx, { listId, actorId, action: "untagged", listingId: entry.listingId, detail: { tag } }, now);
    return gone.map((g) => g.tag);
  });
}

export interface EntryNote {
  id: string;
  body: string;
  author: { id: string; name: string };
  createdAt: Date;
}

export interface EntryTag {
  tag: string;
  addedBy: string | null;
  addedAt: Date;
}

/**
 * The entry's newest MAX_NOTES_PER_ENTRY notes, shown oldest first, with how many it has (more only for notes written
 * before the limit), and its tags with who added them and when. The read is bounded whatever the table holds.
 */
export async function entryNotesAndTags(
  database: Database,
  entryId: string,
): Promise<{ notes: EntryNote[]; noteCount: number; tags: EntryTag[] }> {
  const [newest, [counted], tags] = await Promise.all([
    database.db
      .select({
        id: listEntryNotes.id,
        body: listEntryNotes.body,
        authorId: users.id,
        authorName: users.name,
        createdAt: listEntryNotes.createdAt,
      })
      .from(listEntryNotes)
      .innerJoin(users, eq(users.id, listEntryNotes.authorId))
      .where(eq(listEntryNotes.entryId, entryId))
      .orderBy(desc(listEntryNotes.createdAt), desc(listEntryNotes.id))
      .limit(MAX_NOTES_PER_ENTRY),
    database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(listEntryNotes)
      .where(eq(listEntryNotes.entryId, entryId)),
    database.db
      .select({ tag: listEntryTags.tag, addedBy: users.name, addedAt: listEntryTags.addedAt })
      .from(listEntryTags)
      .leftJoin(users, eq(users.id, listEntryTags.addedBy))
      .where(eq(listEntryTags.entryId, entryId))
      .orderBy(asc(listEntryTags.tag)),
  ]);
  return {
    notes: newest
      .reverse()
      .map((n) => ({ id: n.id, body: n.body, author: { id: n.authorId, name: n.authorName }, createdAt: n.createdAt })),
    noteCount: counted?.n ?? 0,
    tags,
  };
}
