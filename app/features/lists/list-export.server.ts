/**
 * A list as a CSV file (issue 37 §Lists, decision 0121): every entry with its status column, tags, notes and who
 * added it, and the listing's values exactly as the viewer's own card shows them (read through readListEntries, the
 * board's and the API's one reader): on a team list a colleague with a bigger plan filled, a listing above the
 * viewer's plan exports only its teaser. It counts against the plan's export quota like the directory export: one
 * download is one unit of data_export, a plan without exports and a spent quota are refused before anything is read,
 * and one file holds at most EXPORT_ROW_CAP entries (the directory's cap; the rest are not sent). Each export writes
 * an "exported" line in the list's history.
 */
import { sql } from "drizzle-orm";
import { DATA_EXPORT, quotaLimitReachedMessage } from "~/features/access/quotas.ts";
import { recordUsage, type UsageSubject } from "~/features/access/usage.server.ts";
import { canExport } from "~/features/directory/server/export-listings.server.ts";
import { EXPORT_ROW_CAP, toCsv } from "~/features/directory/listings-csv.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import { spendsNothing } from "~/lib/read-only-request.server.ts";
import { recordListEvent, type ListSummary } from "./list-access.server.ts";
import { listColumnsOf, readListEntries, type ListEntry } from "./list-entries.server.ts";

export const LIST_CSV_COLUMNS = [
  "Name",
  "Type",
  "Profile URL",
  "Status",
  "Tags",
  "Notes",
  "Latest Note",
  "Latest Note By",
  "Latest Note At",
  "Added By",
  "Added At",
  "Tagline",
  "Funding Stage",
  "Industries",
  "Countries",
  "Business Model",
  "Access",
] as const;

/** What stands in the listing's cells when it is no longer published: nothing of it is shown any more. */
const UNAVAILABLE_LISTING = "(no longer listed)";

export interface LatestNote {
  body: string;
  author: string | null;
  at: Date;
}

/** Each entry's newest note with its author's name (notes are the team's own words, shown to every member). */
async function latestNotes(database: Database, listId: string): Promise<Map<string, LatestNote>> {
  const rows = await database.rows<{ entry_id: string; body: string; author: string | null; created_at: string }>(sql`
    SELECT DISTINCT ON (n.entry_id) n.entry_id::text AS entry_id, n.body, u.name AS author, n.created_at::text AS created_at
    FROM list_entry_notes n JOIN list_entries e ON e.id = n.entry_id LEFT JOIN users u ON u.id = n.author_id
    WHERE e.list_id = ${listId}::uuid
    ORDER BY n.entry_id, n.created_at DESC, n.id DESC`);
  return new Map(rows.map((r) => [r.entry_id, { body: r.body, author: r.author, at: new Date(r.created_at) }]));
}

/** One entry as a row; the listing's cells come from its gated card only. */
function listEntryRow(entry: ListEntry, status: string, note: LatestNote | undefined, origin: string): Array<string | number | null> {
  const card = entry.card;
  const open = card && !card.locked ? card : null;
  return [
    card ? card.name : UNAVAILABLE_LISTING,
    card?.type ?? null,
    card ? `${origin}/profile/${card.type}/${card.slug}` : null,
    status,
    entry.tags.join("; "),
    entry.notes,
    note?.body ?? null,
    note?.author ?? null,
    note ? note.at.toISOString() : null,
    entry.addedBy?.name ?? null,
    entry.addedAt.toISOString(),
    card?.tagline ?? null,
    card?.fundingStage ?? null,
    card ? card.industry.join("; ") : null,
    open ? open.countries.join("; ") : null,
    open?.businessModel ?? null,
    !card ? "unavailable" : card.locked ? `locked (${card.listingVisibility})` : "full",
  ];
}

/**
 * The list as CSV text for `user` (who passed requireList), counted as one export. Refused: 403 when the plan has no
 * exports, 429 with the directory's message when the month's exports are spent (nothing is counted or read).
 */
export async function exportList(
  database: Database,
  user: UsageSubject,
  list: Pick<ListSummary, "id">,
  origin: string,
  now = new Date(),
): Promise<{ csv: string; rows: number }> {
  if (!(await canExport(database, user))) throw new AppError("forbidden", "Your plan does not include exports. Upgrade to export lists.");
  const usage = await recordUsage(database, user, DATA_EXPORT, { now });
  if (!usage.allowed) throw new AppError("rate_limited", quotaLimitReachedMessage("exports"));
  const [columns, entries, notes] = await Promise.all([
    listColumnsOf(database, list.id),
    readListEntries(database, list.id, { tier: user.tier }),
    latestNotes(database, list.id),
  ]);
  const statusOf = new Map(columns.map((c) => [c.id, c.name]));
  const rows = entries
    .slice(0, EXPORT_ROW_CAP)
    .map((entry) => listEntryRow(entry, statusOf.get(entry.columnId) ?? "", notes.get(entry.id), origin));
  // A HEAD request spends nothing (decision 0069), so it is nothing the list's history should tell either.
  if (!spendsNothing())
    await recordListEvent(database.db, { listId: list.id, actorId: user.id, action: "exported", detail: { rows: rows.length } }, now);
  return { csv: toCsv([[...LIST_CSV_COLUMNS], ...rows]), rows: rows.length };
}

/** The download's file name: the list's name in safe characters, and the day. */
export function listCsvFileName(name: string, now: Date): string {
  const slug =
    name
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "list";
  return `introbase-list-${slug}-${now.toISOString().slice(0, 10)}.csv`;
}
