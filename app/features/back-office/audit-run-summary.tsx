import { auditHref, type AuditFilterValues } from "./audit-filter.ts";
import { countLabel, runName } from "./audit-run-cells.tsx";
import type { RunRow } from "./audit-rows.ts";
import { CountCard } from "./count-card.tsx";
import { formatDateTime } from "~/lib/format-date.ts";

/** A run opened to its entries: what ran, who started it, when, and its entries counted (each count a filter). */
export function AuditRunSummary({ run, filter }: { run: RunRow; filter: AuditFilterValues }) {
  return (
    <section aria-labelledby="run" className="mt-8" data-testid="audit-run-summary">
      <h2 id="run" className="text-lg font-semibold">
        {runName(run)} run
      </h2>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <dl className="grid grid-cols-[auto_1fr] content-start gap-x-4 gap-y-1 rounded-xl border border-border bg-surface-raised p-4 text-sm shadow-sm sm:p-5">
          <dt className="text-fg-muted">Started</dt>
          <dd>
            <time dateTime={run.startedAt}>{formatDateTime(run.startedAt)}</time>
          </dd>
          <dt className="text-fg-muted">Latest entry</dt>
          <dd>
            <time dateTime={run.lastAt}>{formatDateTime(run.lastAt)}</time>
          </dd>
          <dt className="text-fg-muted">Started by</dt>
          <dd>{run.startedByName ?? "No one (scheduled or system work)"}</dd>
          <dt className="text-fg-muted">Source</dt>
          <dd className="break-words">{run.source}</dd>
          <dt className="text-fg-muted">Run id</dt>
          <dd className="font-mono text-xs break-all">{run.id}</dd>
        </dl>
        <CountCard
          testId="audit-run-counts"
          title={filter.operation || filter.action ? "Entries matching the filters" : "Entries"}
          headline={run.total}
          headlineLabel="entries"
          items={run.counts.map((c) => ({
            label: countLabel(c),
            n: c.n,
            href: auditHref(filter, { operation: c.operation, action: c.action }),
          }))}
        />
      </div>
    </section>
  );
}
