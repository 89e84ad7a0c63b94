import { Download } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { cn } from "~/lib/cn.ts";
import { plural } from "~/lib/wording.ts";
import type { ListSummary } from "./list-access.server.ts";
import { ListBoard } from "./list-board.tsx";
import type { ListColumn, ListEntry } from "./list-entries.server.ts";
import type { HistoryLine } from "./list-history.ts";
import { ListHistoryView } from "./list-history-view.tsx";
import type { ListPageResult, ListView } from "./list-page.server.ts";
import { ListSettings } from "./list-settings.tsx";
import { ListTableView, type TableData } from "./list-table-view.tsx";

export interface ListPageData {
  list: Omit<ListSummary, "updatedAt"> & { mayDelete: boolean };
  view: ListView;
  columns: ListColumn[];
  entries: ListEntry[];
  table: TableData | null;
  history: { lines: HistoryLine[]; page: number; hasMore: boolean } | null;
  now: string;
}

const VIEWS: Array<{ view: ListView; label: string }> = [
  { view: "board", label: "Board" },
  { view: "table", label: "Table" },
  { view: "history", label: "History" },
  { view: "settings", label: "Columns and settings" },
];

/** The message of the last form the page answered, said where the member looks (top of the view). */
export function FormAnswer({ result }: { result?: ListPageResult }) {
  if (!result?.message) return null;
  return (
    <p
      role={result.ok ? "status" : "alert"}
      className={cn("rounded-md border p-3 text-sm", result.ok ? "border-border" : "border-danger/40 text-danger")}
    >
      {result.message}
    </p>
  );
}

/** /lists/:listId: the header (name, keeper, count, export, views) and the chosen view. */
export function ListPage({ data, result }: { data: ListPageData; result?: ListPageResult }) {
  const { list } = data;
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-5 px-4 py-8 sm:px-6">
      <div className="grid gap-3">
        <Link to="/lists" className="text-sm text-accent hover:underline">
          ← All lists
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="text-2xl font-semibold tracking-tight break-words">{list.name}</h1>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-fg-muted">
              <Badge variant="outline">{list.teamName ?? "Private"}</Badge>
              <span>{plural(list.entries, "listing")}</span>
            </p>
          </div>
          {/* The export is a plain link: the CSV route answers with the file (or the quota's message). */}
          <a href={`/lists/${list.id}/export.csv`} className={buttonClass({ variant: "secondary" })} download>
            <Download aria-hidden="true" />
            Export CSV
          </a>
        </div>
        <nav aria-label="List views" className="-mx-1 flex gap-1 overflow-x-auto px-1">
          {VIEWS.map(({ view, label }) => (
            <Link
              key={view}
              to={view === "board" ? `/lists/${list.id}` : `/lists/${list.id}?view=${view}`}
              aria-current={data.view === view ? "page" : undefined}
              className={cn(
                "rounded-md px-3 py-1.5 text-sm whitespace-nowrap",
                data.view === view ? "bg-surface-muted font-semibold" : "text-fg-muted hover:bg-surface-muted",
              )}
            >
              {label}
            </Link>
          ))}
        </nav>
      </div>
      <FormAnswer result={result} />
      {data.view === "board" ? <ListBoard listId={list.id} columns={data.columns} entries={data.entries} /> : null}
      {data.view === "table" && data.table ? (
        <ListTableView listId={list.id} columns={data.columns} entries={data.entries} table={data.table} now={data.now} />
      ) : null}
      {data.view === "history" && data.history ? <ListHistoryView listId={list.id} history={data.history} now={data.now} /> : null}
      {data.view === "settings" ? <ListSettings list={list} columns={data.columns} result={result} /> : null}
    </div>
  );
}
