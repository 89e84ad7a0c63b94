/**
 * Reading a list's history (issue 37, decision 0120): newest first, a page at a time, each listing named through the
 * directory card's gate for this viewer, so the history never tells more of a listing than its card would (a teaser's
 * name, nothing else; a listing no longer published, nothing at all).
 */
import { sql } from "drizzle-orm";
import type { Viewer } from "~/features/access/redact-listing.ts";
import { gatedCardsByIds } from "~/features/directory/server/search-listings.server.ts";
import type { Database } from "~/lib/db.server.ts";
import type { HistoryLine } from "./list-history.ts";
import { HISTORY_PAGE_SIZE } from "./list-rules.ts";

const MAX_HISTORY_PAGE = 100_000;

interface EventRow {
  id: string;
  at: string;
  actor: string | null;
  action: HistoryLine["action"];
  listing_id: string | null;
  detail: Record<string, string | number> | null;
}

/** One page (1-based) of the list's history; `listingId` narrows it to one entry's listing. */
export async function readListHistory(
  database: Database,
  listId: string,
  viewer: Viewer,
  options: { page?: number; listingId?: string } = {},
): Promise<{ lines: HistoryLine[]; page: number; hasMore: boolean }> {
  // Any page number from the URL reads as a page: past the end is an empty page, never an offset PostgreSQL refuses.
  const page = Math.min(MAX_HISTORY_PAGE, Math.max(1, Math.floor(options.page ?? 1) || 1));
  const rows = await database.rows<EventRow>(sql`
    SELECT e.id::text AS id, e.at::text AS at, u.name AS actor, e.action, e.listing_id::text AS listing_id, e.detail
    FROM list_events e LEFT JOIN users u ON u.id = e.actor_id
    WHERE e.list_id = ${listId}::uuid ${options.listingId ? sql`AND e.listing_id = ${options.listingId}::uuid` : sql``}
    ORDER BY e.at DESC, e.id DESC
    LIMIT ${HISTORY_PAGE_SIZE + 1} OFFSET ${(page - 1) * HISTORY_PAGE_SIZE}`);
  const shown = rows.slice(0, HISTORY_PAGE_SIZE);
  const ids = [...new Set(shown.map((r) => r.listing_id).filter((id): id is string => id !== null))];
  const cards = new Map((await gatedCardsByIds(database, ids, viewer)).map((card) => [card.id, card]));
  const lines = shown.map((r): HistoryLine => {
    const card = r.listing_id ? cards.get(r.listing_id) : undefined;
    return {
      id: r.id,
      at: new Date(r.at).toISOString(),
      actor: r.actor,
      action: r.action,
      listing: card ? { name: card.name, href: `/profile/${card.type}/${card.slug}` } : null,
      aboutListing: r.listing_id !== null,
      detail: r.detail,
    };
  });
  return { lines, page, hasMore: rows.length > HISTORY_PAGE_SIZE };
}
