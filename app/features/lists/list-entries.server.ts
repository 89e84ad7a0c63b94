/**
 * A list's entries as a viewer sees them (issue 37, decision 0118): the board, the table, the CSV and the API all read
 * here. Each entry's listing comes through the directory's own card and gate (gatedCardsByIds), so a list never shows
 * more of a listing than the viewer's plan shows on its card: a listing above their tier is its locked teaser, even on
 * a team list a colleague with a bigger plan filled. An entry whose listing was merged shows the survivor; one whose
 * listing is no longer published shows as unavailable, with nothing of it.
 */
import { sql } from "drizzle-orm";
import type { Viewer } from "~/features/access/redact-listing.ts";
import type { DirectoryItem } from "~/features/catalog/listing-types.ts";
import { gatedCardsByIds } from "~/features/directory/server/search-listings.server.ts";
import type { Database } from "~/lib/db.server.ts";

export interface ListColumn {
  id: string;
  name: string;
  position: number;
}

export interface ListEntry {
  id: string;
  columnId: string;
  position: number;
  /** The listing the entry names now (a merged listing's survivor). */
  listingId: string;
  /** Null: the listing is no longer published (archived, deleted). */
  card: DirectoryItem | null;
  addedBy: { id: string; name: string } | null;
  addedAt: Date;
  movedAt: Date;
  tags: string[];
  notes: number;
}

interface EntryRow {
  id: string;
  column_id: string;
  position: number;
  listing_id: string;
  added_by: string | null;
  added_by_name: string | null;
  added_at: string;
  moved_at: string;
  tags: string[] | null;
  notes: number;
}

export async function listColumnsOf(database: Database, listId: string): Promise<ListColumn[]> {
  return database.rows<ListColumn>(sql`
    SELECT id::text AS id, name, position FROM list_columns WHERE list_id = ${listId}::uuid ORDER BY position, name`);
}

/** The list's entries in board order (column, then position), each with its gated card, tags and number of notes. */
export async function readListEntries(database: Database, listId: string, viewer: Viewer): Promise<ListEntry[]> {
  const rows = await database.rows<EntryRow>(sql`
    WITH RECURSIVE survivor AS (
      SELECT e.id AS entry_id, l.id, l.processing_status, l.merged_into, 0 AS hops
      FROM list_entries e JOIN listings l ON l.id = e.listing_id WHERE e.list_id = ${listId}::uuid
      UNION ALL
      SELECT s.entry_id, l.id, l.processing_status, l.merged_into, s.hops + 1
      FROM survivor s JOIN listings l ON l.id = s.merged_into
      WHERE s.processing_status = 'merged' AND s.hops < 10
    ), current AS (
      SELECT DISTINCT ON (entry_id) entry_id, id FROM survivor ORDER BY entry_id, hops DESC
    )
    SELECT e.id::text AS id, e.column_id::text AS column_id, e.position, coalesce(c.id, e.listing_id)::text AS listing_id,
           e.added_by, u.name AS added_by_name, e.added_at::text AS added_at, e.moved_at::text AS moved_at,
           (SELECT array_agg(t.tag ORDER BY t.tag) FROM list_entry_tags t WHERE t.entry_id = e.id) AS tags,
           (SELECT count(*)::int FROM list_entry_notes n WHERE n.entry_id = e.id) AS notes
    FROM list_entries e
    JOIN list_columns col ON col.id = e.column_id
    LEFT JOIN current c ON c.entry_id = e.id
    LEFT JOIN users u ON u.id = e.added_by
    WHERE e.list_id = ${listId}::uuid
    ORDER BY col.position, e.position, e.added_at, e.id`);
  const cards = await gatedCardsByIds(database, [...new Set(rows.map((r) => r.listing_id))], viewer);
  const byId = new Map(cards.map((card) => [card.id, card]));
  return rows.map((r) => ({
    id: r.id,
    columnId: r.column_id,
    position: r.position,
    listingId: r.listing_id,
    card: byId.get(r.listing_id) ?? null,
    addedBy: r.added_by && r.added_by_name ? { id: r.added_by, name: r.added_by_name } : null,
    addedAt: new Date(r.added_at),
    movedAt: new Date(r.moved_at),
    tags: r.tags ?? [],
    notes: r.notes,
  }));
}
