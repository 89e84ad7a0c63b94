/**
 * The rules of working in a list (issue 37, decision 0120), without I/O: limits, the forms' schemas, what a tag may
 * be. The limits are checked in PostgreSQL under a lock (list-keeping.server.ts, list-access.server.ts); here they are
 * only named, so pages and tests say the same numbers.
 */
import { z } from "zod";

/** Lists one keeper (a member's private lists, or one team's) may hold. */
export const MAX_LISTS_PER_KEEPER = 100;
/** Entries on one list: a board past this stops being a board, and the CSV export stays bounded. */
export const MAX_LIST_ENTRIES = 2_000;
/** Listings added at once from a selection of search results. */
export const MAX_ADD_AT_ONCE = 100;
/** Status columns on one list. */
export const MAX_LIST_COLUMNS = 12;
export const MAX_TAGS_PER_ENTRY = 20;
export const MAX_TAG_LENGTH = 30;
export const MAX_NOTE_LENGTH = 4_000;
/**
 * Notes on one entry: counted under the list's lock when one is added. The entry's page reads this many, the newest
 * (an entry with more, from before the limit, says so), so the page stays bounded: at most about 800 kB of note text.
 */
export const MAX_NOTES_PER_ENTRY = 200;
export const MAX_LIST_NAME = 80;
export const MAX_COLUMN_NAME = 40;
/** Lines of the history tab per page. */
export const HISTORY_PAGE_SIZE = 50;

export const ListNameForm = z.object({
  name: z.string().trim().min(1, "Give the list a name.").max(MAX_LIST_NAME, `A list's name has at most ${MAX_LIST_NAME} characters.`),
});

/** "me": a private list; otherwise the id of one of the member's teams (checked against their memberships). */
export const NewListForm = ListNameForm.extend({ keeper: z.string().trim().min(1, "Choose who keeps the list.").max(100) });

export const ColumnNameForm = z.object({
  column: z
    .string()
    .trim()
    .min(1, "Give the column a name.")
    .max(MAX_COLUMN_NAME, `A column's name has at most ${MAX_COLUMN_NAME} characters.`),
});

export const NoteForm = z.object({
  body: z
    .string()
    .trim()
    .min(1, "Write a note first.")
    .max(MAX_NOTE_LENGTH, `A note has at most ${MAX_NOTE_LENGTH.toLocaleString("en-US")} characters.`),
});

export const TagForm = z.object({
  tag: z
    .string()
    .transform(normalizeTag)
    .pipe(
      z
        .string()
        .min(1, "Write a tag first.")
        .max(MAX_TAG_LENGTH, `A tag has at most ${MAX_TAG_LENGTH} characters.`)
        .regex(/^[\p{L}\p{N}][\p{L}\p{N} ._&+-]*$/u, "A tag is letters, digits, spaces and - _ . & + (starting with a letter or digit)."),
    ),
});

/** Tags are compared as written lowercased, with runs of spaces made one: "Deep  Tech " and "deep tech" are one tag. */
export function normalizeTag(raw: string): string {
  return raw.trim().replace(/\s+/g, " ").toLowerCase();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/**
 * Who may delete a list: a private list's member; on a team's list, the member who created it or the team's
 * owner and admins. Anyone else in the team works in it (adds, moves, renames, comments) but does not throw it away.
 */
export function mayDeleteList(list: { teamId: string | null; createdBy: string | null }, userId: string, teamRole: string | null): boolean {
  if (list.teamId === null) return true;
  return list.createdBy === userId || teamRole === "owner" || teamRole === "admin";
}
