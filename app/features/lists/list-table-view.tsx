import { Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { EventTime } from "~/components/ui/event-time.tsx";
import { inputClass } from "~/components/ui/form-field.tsx";
import { plural } from "~/lib/wording.ts";
import { entryName } from "./list-board.tsx";
import type { ListColumn, ListEntry } from "./list-entries.server.ts";
import { TABLE_SORT_LABEL, TABLE_SORTS, tableHref, type TableQuery, type TableSort } from "./list-table.ts";

export interface TableData {
  query: TableQuery;
  tags: string[];
  addedBy: Array<{ id: string; name: string }>;
  total: number;
}

/**
 * The table: every entry in a row, sorted by a column heading and filtered by the form above it. Both are links and a
 * GET form, so the server sorts and filters and any view can be shared or bookmarked.
 */
export function ListTableView({
  listId,
  columns,
  entries,
  table,
  now,
}: {
  listId: string;
  columns: ListColumn[];
  entries: ListEntry[];
  table: TableData;
  now: string;
}) {
  const { query } = table;
  const columnName = new Map(columns.map((c) => [c.id, c.name]));
  const iso = (d: Date | string) => new Date(d).toISOString();
  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <Form
        method="get"
        className="grid gap-3 rounded-xl border border-border p-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_1fr_auto] lg:items-end"
      >
        <input type="hidden" name="view" value="table" />
        <input type="hidden" name="sort" value={query.sort} />
        <input type="hidden" name="dir" value={query.dir} />
        <label className="text-sm font-medium">
          Name contains
          <input name="q" type="search" defaultValue={query.q ?? ""} maxLength={200} className={inputClass} />
        </label>
        <label className="text-sm font-medium">
          Status
          <select name="column" defaultValue={query.column ?? ""} className={inputClass}>
            <option value="">Any</option>
            {columns.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          Tag
          <select name="tag" defaultValue={query.tag ?? ""} className={inputClass}>
            <option value="">Any</option>
            {table.tags.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          Added by
          <select name="addedBy" defaultValue={query.addedBy ?? ""} className={inputClass}>
            <option value="">Anyone</option>
            {table.addedBy.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <div className="flex gap-2">
          <Button type="submit" variant="secondary">
            Filter
          </Button>
          <Link to={`/lists/${listId}?view=table`} className="self-center text-sm text-accent hover:underline">
            Clear
          </Link>
        </div>
      </Form>
      <p className="text-sm text-fg-muted" role="status">
        Showing {plural(entries.length, "entry", "entries")} of {table.total}.
      </p>
      <div className="relative min-w-0 overflow-x-auto rounded-xl border border-border" role="region" aria-label="Entries" tabIndex={0}>
        <table className="w-full min-w-[40rem] text-left text-sm">
          <thead className="bg-surface-muted">
            <tr>
              {TABLE_SORTS.map((sort) => (
                <SortHeading key={sort} listId={listId} sort={sort} query={query} />
              ))}
              <th scope="col" className="px-3 py-2 font-semibold">
                Tags
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td className="px-3 py-2">
                  <Link to={`/lists/${listId}/entries/${entry.id}`} className="font-medium text-accent hover:underline">
                    {entryName(entry)}
                  </Link>
                  {entry.card?.locked ? <span className="ml-2 text-xs text-fg-muted">(not open on your plan)</span> : null}
                </td>
                <td className="px-3 py-2">{columnName.get(entry.columnId)}</td>
                <td className="px-3 py-2">
                  <EventTime at={iso(entry.addedAt)} now={now} />
                </td>
                <td className="px-3 py-2">
                  <EventTime at={iso(entry.movedAt)} now={now} />
                </td>
                <td className="px-3 py-2">{entry.addedBy?.name ?? "A former member"}</td>
                <td className="px-3 py-2">
                  <span className="flex flex-wrap gap-1">
                    {entry.tags.map((tag) => (
                      <Badge key={tag} variant="accent">
                        #{tag}
                      </Badge>
                    ))}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function SortHeading({ listId, sort, query }: { listId: string; sort: TableSort; query: TableQuery }) {
  const active = query.sort === sort;
  const next = active && query.dir === "asc" ? "desc" : "asc";
  return (
    <th scope="col" className="px-3 py-2 font-semibold" aria-sort={active ? (query.dir === "asc" ? "ascending" : "descending") : undefined}>
      <Link to={tableHref(listId, query, { sort, dir: next })} className="hover:underline">
        {TABLE_SORT_LABEL[sort]}
        {active ? <span aria-hidden="true">{query.dir === "asc" ? " ▲" : " ▼"}</span> : null}
        <span className="sr-only">, sort {next === "asc" ? "ascending" : "descending"}</span>
      </Link>
    </th>
  );
}
