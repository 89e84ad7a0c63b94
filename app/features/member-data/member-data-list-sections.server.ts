/**
 * "Download my data" for lists (issue 37, decisions 0118 and 0077): the member's private lists with their columns and
 * entries, the entries they put on their teams' lists, the notes they wrote and the tags they added anywhere. A team
 * list is the team's: of it the file names the ids (list, team, listing), never its name or anything a colleague
 * wrote there (their notes, tags, entries). A listing's name is given only while it is published.
 */
import { sql } from "drizzle-orm";
import { iso, list, type ExportSection } from "./member-data-sql.server.ts";

const listingName = (alias: string) => sql.raw(`(SELECT name FROM listings WHERE id = ${alias} AND processing_status = 'published')`);

export const LIST_SECTIONS: readonly ExportSection[] = [
  list(
    "lists",
    (m) => sql`SELECT l.id::text AS key, json_build_object('id', l.id, 'name', l.name,
      'columns', (SELECT coalesce(json_agg(c.name ORDER BY c.position, c.id), '[]'::json) FROM list_columns c WHERE c.list_id = l.id),
      'entries', (SELECT coalesce(json_agg(json_build_object('listingId', e.listing_id, 'listing', ${listingName("e.listing_id")},
          'status', c.name, 'position', e.position, 'addedAt', ${iso("e.added_at")}, 'movedAt', ${iso("e.moved_at")})
          ORDER BY c.position, e.position, e.id), '[]'::json)
        FROM list_entries e JOIN list_columns c ON c.id = e.column_id WHERE e.list_id = l.id),
      'createdAt', ${iso("l.created_at")}, 'updatedAt', ${iso("l.updated_at")}) AS row
      FROM lists l WHERE l.user_id = ${m.id}`,
  ),
  list(
    "teamListEntriesYouAdded",
    (m) => sql`SELECT e.id::text AS key, json_build_object('teamId', l.team_id, 'listId', e.list_id, 'listingId', e.listing_id,
      'listing', ${listingName("e.listing_id")}, 'addedAt', ${iso("e.added_at")}) AS row
      FROM list_entries e JOIN lists l ON l.id = e.list_id WHERE e.added_by = ${m.id} AND l.team_id IS NOT NULL`,
  ),
  list(
    "listNotesYouWrote",
    (m) => sql`SELECT n.id::text AS key, json_build_object('teamId', l.team_id, 'listId', e.list_id, 'listingId', e.listing_id,
      'note', n.body, 'writtenAt', ${iso("n.created_at")}) AS row
      FROM list_entry_notes n JOIN list_entries e ON e.id = n.entry_id JOIN lists l ON l.id = e.list_id WHERE n.author_id = ${m.id}`,
  ),
  list(
    "listTagsYouAdded",
    (m) => sql`SELECT t.entry_id::text || ':' || t.tag AS key, json_build_object('teamId', l.team_id, 'listId', e.list_id,
      'listingId', e.listing_id, 'tag', t.tag, 'addedAt', ${iso("t.added_at")}) AS row
      FROM list_entry_tags t JOIN list_entries e ON e.id = t.entry_id JOIN lists l ON l.id = e.list_id WHERE t.added_by = ${m.id}`,
  ),
];
