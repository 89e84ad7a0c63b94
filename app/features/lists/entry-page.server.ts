/**
 * What /lists/:listId/entries/:entryId shows and does (issue 37, decision 0120): the entry's gated card, its notes
 * and tags with author and date, its history lines; adding and deleting notes, tags, moving and removing it. The
 * entry is found among the guarded list's own, so another list's entry id is 404.
 */
import { viewerFor } from "~/features/access/viewer.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError, notFound } from "~/lib/errors.ts";
import { parseForm, refused, type FormResult } from "~/lib/form-parse.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import type { ListSummary } from "./list-access.server.ts";
import { listColumnsOf, readListEntries } from "./list-entries.server.ts";
import { addNote, addTag, deleteNote, entryNotesAndTags, entryOn, moveEntry, removeEntry, removeTag } from "./list-entry-work.server.ts";
import { readListHistory } from "./list-history.server.ts";
import { NoteForm, TagForm } from "./list-rules.ts";

export async function loadEntryPage(database: Database, user: SessionUser, list: ListSummary, entryId: string, now: Date) {
  const stored = await entryOn(database.db, list.id, entryId);
  const viewer = viewerFor(user);
  const [entries, columns, extras, history] = await Promise.all([
    readListEntries(database, list.id, viewer),
    listColumnsOf(database, list.id),
    entryNotesAndTags(database, stored.id),
    readListHistory(database, list.id, viewer, { listingId: stored.listingId }),
  ]);
  const entry = entries.find((e) => e.id === stored.id);
  if (!entry) notFound("That entry is not on this list.");
  return {
    list: { id: list.id, name: list.name, teamName: list.teamName },
    entry,
    columns,
    ...extras,
    history,
    selfId: user.id,
    now: now.toISOString(),
  };
}

export type EntryPageResult = FormResult<string>;

/** One of the entry page's forms; `{ removed: true }` once the entry is off the list (the route goes back to it). */
export async function entryPageAction(
  database: Database,
  user: SessionUser,
  list: ListSummary,
  entryId: string,
  form: Record<string, unknown>,
  now: Date,
): Promise<{ removed: true } | { result: EntryPageResult; code?: "bad_request" }> {
  const intent = String(form.intent ?? "");
  const text = (key: string) => (typeof form[key] === "string" ? (form[key] as string).slice(0, 200) : "");
  const done = (message: string) => ({ result: { ok: true, intent, message } });
  switch (intent) {
    case "add-note": {
      const parsed = parseForm(NoteForm, form);
      if (!parsed.ok) return { result: refused(parsed, { intent }), code: "bad_request" };
      await addNote(database, list.id, user.id, { entryId, body: parsed.data.body }, now);
      return done("Note added.");
    }
    case "delete-note":
      await deleteNote(database, list.id, user.id, { entryId, noteId: text("noteId") });
      return done("Note deleted.");
    case "add-tag": {
      const parsed = parseForm(TagForm, form);
      if (!parsed.ok) return { result: refused(parsed, { intent }), code: "bad_request" };
      const { tag, added } = await addTag(database, list.id, user.id, { entryId, tag: parsed.data.tag }, now);
      return done(added ? `Tagged "${tag}".` : `Already tagged "${tag}".`);
    }
    case "remove-tag": {
      // removeTag refuses a NUL (400); a tag the entry does not have takes nothing off, and the answer says so.
      const tag = text("tag");
      const gone = await removeTag(database, list.id, user.id, { entryId, tag }, now);
      return done(gone.length ? `Removed the tag "${gone.join('", "')}".` : `No tag "${tag}" on this entry.`);
    }
    case "move": {
      const { moved, column } = await moveEntry(database, list.id, user.id, { entryId, columnId: text("columnId") }, now);
      return done(moved ? `Moved to ${column}.` : `Already in ${column}.`);
    }
    case "remove-entry":
      await removeEntry(database, list.id, user.id, entryId, now);
      return { removed: true };
    default:
      throw new AppError("bad_request", "Unknown action.");
  }
}
