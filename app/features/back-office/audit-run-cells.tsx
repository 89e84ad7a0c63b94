import type { ReactNode } from "react";
import { Link } from "react-router";
import { plural } from "~/lib/wording.ts";
import type { RunRow } from "./audit-rows.ts";
import type { Column } from "./audit-table.tsx";
import { humanize } from "./labels.ts";
import { formatDateTime } from "~/lib/format-date.ts";

/** What a run is called: "Provider import", "Import" (outside a job), the job type's words otherwise. */
export function runName(run: Pick<RunRow, "kind">): string {
  return humanize(run.kind);
}

/** The run's own entries, the expanded view: a plain link, so it opens without JavaScript and can be shared. */
function runHref(run: Pick<RunRow, "id">): string {
  return `/admin/audit-log?run=${encodeURIComponent(run.id)}`;
}

/** "30 created, 7 merged": the run's counts by operation and action, the largest first. */
export function countLabel(count: RunRow["counts"][number]): string {
  return `${humanize(count.operation)} · ${humanize(count.action).toLowerCase()}`;
}

/** A run's cells in the audit table's columns: where an entry names its company, a run links to its entries. */
export function runCell(column: Column, run: RunRow): ReactNode {
  switch (column) {
    case "time":
      return <time dateTime={run.lastAt}>{formatDateTime(run.lastAt)}</time>;
    case "operation":
      return (
        <span>
          {runName(run)} <span className="rounded border border-border px-1 text-xs text-fg-muted">run</span>
        </span>
      );
    case "source":
      return run.source;
    case "company":
      return (
        <Link to={runHref(run)} className="font-medium text-accent underline">
          {plural(run.total, "entry", "entries")}
          <span className="sr-only"> of this {runName(run).toLowerCase()} run</span>
        </Link>
      );
    case "record":
      return <span className="text-fg-muted">—</span>;
    case "action":
      return <RunCounts run={run} />;
    case "details":
      return (
        <span className="text-xs text-fg-muted">
          Started <time dateTime={run.startedAt}>{formatDateTime(run.startedAt)}</time>
        </span>
      );
    case "actor":
      return run.startedByName ?? <span className="text-fg-muted">{run.source}</span>;
  }
}

/** The two largest counts inline; all of them on opening, since an import mostly creates but sometimes merges. */
function RunCounts({ run }: { run: RunRow }) {
  const [first, second, ...rest] = run.counts;
  if (!first) return <span className="text-fg-muted">—</span>;
  const inline = [first, second].filter((c) => c !== undefined);
  const line = inline.map((c) => `${c.n} ${humanize(c.action).toLowerCase()}`).join(", ");
  if (!rest.length && inline.every((c) => c.operation === first.operation)) return <span className="font-medium">{line}</span>;
  return (
    <details className="inline-block max-w-full align-top md:block">
      <summary className="cursor-pointer font-medium">
        {line}
        {rest.length ? <span className="text-xs font-normal text-fg-muted"> (+{rest.length})</span> : null}
      </summary>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-xs">
        {run.counts.map((c) => (
          <div key={`${c.operation}:${c.action}`} className="contents">
            <dt className="text-fg-muted">{countLabel(c)}</dt>
            <dd className="tabular-nums">{c.n}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
