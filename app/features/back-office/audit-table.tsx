import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/cn.ts";
import { runCell } from "./audit-run-cells.tsx";
import { detailPairs, type ActivityRow, type AuditRow } from "./audit-rows.ts";
import { humanize, listingHref } from "./labels.ts";
import { formatDateTime } from "~/lib/format-date.ts";

export type Column = "time" | "operation" | "source" | "company" | "record" | "action" | "details" | "actor";

const HEADINGS: Record<Column, string> = {
  time: "Time",
  operation: "Operation",
  source: "Source",
  company: "Company",
  record: "Record",
  action: "Action",
  details: "Details",
  actor: "Actor",
};

const FULL: readonly Column[] = ["time", "operation", "source", "company", "record", "action", "details", "actor"];
const COMPACT: readonly Column[] = ["time", "operation", "action", "company", "actor"];

/**
 * Audit entries as a table from md up; below, each row becomes a small card whose cells carry their column's name
 * (the data-label pseudo-element). role="table" keeps it a table for screen readers in browsers that drop a table's
 * semantics when CSS changes its display; rows and cells take theirs from the table (HTML forbids restating them).
 * A machine run is one row among the entries, with its counts and a link to its own entries (decision 0093).
 */
export function AuditTable({ rows, caption, compact = false }: { rows: readonly ActivityRow[]; caption: string; compact?: boolean }) {
  const columns = compact ? COMPACT : FULL;
  return (
    <table role="table" className="block w-full text-sm md:table">
      <caption className="sr-only">{caption}</caption>
      <thead className="sr-only md:not-sr-only md:table-header-group">
        <tr className="border-b border-border text-left text-xs text-fg-muted">
          {columns.map((c) => (
            <th key={c} scope="col" className="px-2 py-2 font-medium first:pl-0 last:pr-0">
              {HEADINGS[c]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="grid gap-3 md:table-row-group">
        {rows.map((row) => (
          <tr
            key={row.type === "run" ? row.run.id : row.entry.id}
            data-testid={row.type === "run" ? "audit-run" : "audit-entry"}
            className={cn(
              "grid gap-1 rounded-lg border border-border p-3 md:table-row md:rounded-none md:border-0 md:border-b md:p-0",
              row.type === "run" && "md:bg-surface-muted/40",
            )}
          >
            {columns.map((c) => (
              <td
                key={c}
                data-label={HEADINGS[c]}
                className={cn(
                  "min-w-0 align-top before:mr-2 before:text-xs before:text-fg-muted before:content-[attr(data-label)] md:px-2 md:py-2 md:before:content-none md:first:pl-0 md:last:pr-0",
                  c === "time" && "whitespace-nowrap text-fg-muted tabular-nums",
                  c === "details" && "md:max-w-72",
                )}
              >
                {row.type === "run" ? runCell(c, row.run) : cell(c, row.entry)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function cell(column: Column, row: AuditRow): ReactNode {
  switch (column) {
    case "time":
      return <time dateTime={row.at}>{formatDateTime(row.at)}</time>;
    case "operation":
      return humanize(row.operation);
    case "source":
      return row.source;
    case "action":
      return <span className="font-medium">{humanize(row.action)}</span>;
    case "actor":
      return row.actorName ?? <span className="text-fg-muted">{row.source}</span>;
    case "company":
      if (!row.companyName) return <span className="text-fg-muted">—</span>;
      return row.recordIsListing && row.recordId ? (
        <Link to={listingHref(row.recordId)} className="break-words text-accent underline">
          {row.companyName}
        </Link>
      ) : (
        <span className="break-words">{row.companyName}</span>
      );
    case "record":
      return row.recordId ? <RecordId id={row.recordId} listing={row.recordIsListing} /> : <span className="text-fg-muted">—</span>;
    case "details":
      return <Details row={row} />;
  }
}

/** The first eight characters, as git shows a commit: enough to tell entries apart; the whole id is in the title. */
function RecordId({ id, listing }: { id: string; listing: boolean }) {
  const short = id.length > 12 ? `${id.slice(0, 8)}…` : id;
  return listing ? (
    <Link to={listingHref(id)} title={id} className="font-mono text-xs text-accent underline">
      {short}
    </Link>
  ) : (
    <span title={id} className="font-mono text-xs">
      {short}
    </span>
  );
}

/** Compact by default: the first detail in the summary, all of them on opening. */
function Details({ row }: { row: AuditRow }) {
  const pairs = detailPairs(row.details);
  if (pairs.length === 0) return <span className="text-fg-muted">—</span>;
  const [first] = pairs;
  return (
    <details className="group inline-block max-w-full align-top md:block">
      <summary className="cursor-pointer truncate text-fg-muted">
        <span className="group-open:hidden">
          <span className="text-xs">{first!.key}:</span> {first!.value}
          {pairs.length > 1 ? <span className="text-xs"> (+{pairs.length - 1})</span> : null}
        </span>
        <span className="hidden text-xs group-open:inline">Details</span>
      </summary>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-xs">
        {pairs.map(({ key, value }) => (
          <div key={key} className="contents">
            <dt className="text-fg-muted">{key}</dt>
            <dd className="break-words">
              {key === "existingRecordId" && row.existingRecordIsListing ? (
                <Link to={listingHref(value)} className="font-mono text-accent underline">
                  {value}
                </Link>
              ) : (
                value
              )}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
