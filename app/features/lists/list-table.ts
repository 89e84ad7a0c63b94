/**
 * The table view's sorting and filtering (issue 37, decision 0120), read from the URL so a view is a link and works
 * without JavaScript; applied on the server to the entries as the viewer sees them (readListEntries), so a sort or a
 * filter only ever uses what the viewer's cards show (a teaser's name, never a hidden field).
 */
import type { ListColumn, ListEntry } from "./list-entries.server.ts";
import { normalizeTag } from "./list-rules.ts";

export const TABLE_SORTS = ["name", "column", "added", "moved", "addedBy"] as const;
export type TableSort = (typeof TABLE_SORTS)[number];

export const TABLE_SORT_LABEL: Record<TableSort, string> = {
  name: "Name",
  column: "Status",
  added: "Added",
  moved: "Last moved",
  addedBy: "Added by",
};

export interface TableQuery {
  sort: TableSort;
  dir: "asc" | "desc";
  /** A status column's id. */
  column: string | null;
  tag: string | null;
  /** Text in the listing's name. */
  q: string | null;
  /** The id of the member who added the entry. */
  addedBy: string | null;
}

const short = (value: string | null, max: number): string | null => {
  const v = value?.trim();
  return v && v.length <= max && !v.includes("\0") ? v : null;
};

/** The table's query from the URL; anything unknown or malformed falls back to no filter and "added, newest first". */
export function parseTableQuery(params: URLSearchParams): TableQuery {
  const sort = params.get("sort");
  const known = (TABLE_SORTS as readonly string[]).includes(sort ?? "") ? (sort as TableSort) : null;
  const dir = params.get("dir");
  const tag = short(params.get("tag"), 100);
  return {
    sort: known ?? "added",
    dir: dir === "asc" || dir === "desc" ? dir : known && known !== "added" && known !== "moved" ? "asc" : "desc",
    column: short(params.get("column"), 100),
    tag: tag ? normalizeTag(tag) : null,
    q: short(params.get("q"), 200),
    addedBy: short(params.get("addedBy"), 200),
  };
}

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** The entries the query keeps, in its order (ties keep board order). */
export function applyTableQuery(entries: readonly ListEntry[], columns: readonly ListColumn[], query: TableQuery): ListEntry[] {
  const q = query.q?.toLowerCase();
  const kept = entries.filter(
    (e) =>
      (!query.column || e.columnId === query.column) &&
      (!query.tag || e.tags.includes(query.tag)) &&
      (!query.addedBy || e.addedBy?.id === query.addedBy) &&
      (!q || (e.card?.name.toLowerCase().includes(q) ?? false)),
  );
  const position = new Map(columns.map((c) => [c.id, c.position]));
  const compare: Record<TableSort, (a: ListEntry, b: ListEntry) => number> = {
    // An entry whose listing is gone has no name: it sorts last either way.
    name: (a, b) => collator.compare(a.card?.name ?? "\uffff", b.card?.name ?? "\uffff"),
    column: (a, b) => (position.get(a.columnId) ?? 0) - (position.get(b.columnId) ?? 0),
    added: (a, b) => a.addedAt.getTime() - b.addedAt.getTime(),
    moved: (a, b) => a.movedAt.getTime() - b.movedAt.getTime(),
    addedBy: (a, b) => collator.compare(a.addedBy?.name ?? "\uffff", b.addedBy?.name ?? "\uffff"),
  };
  const sign = query.dir === "asc" ? 1 : -1;
  return kept
    .map((entry, i) => ({ entry, i }))
    .sort((a, b) => sign * compare[query.sort](a.entry, b.entry) || a.i - b.i)
    .map((x) => x.entry);
}

/** The URL of the table with one part of the query changed (null removes it). */
export function tableHref(listId: string, query: TableQuery, change: Partial<TableQuery>): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams({ view: "table", sort: next.sort, dir: next.dir });
  for (const key of ["column", "tag", "q", "addedBy"] as const) if (next[key]) params.set(key, next[key]);
  return `/lists/${listId}?${params.toString()}`;
}
