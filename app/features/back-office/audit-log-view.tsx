import { ArrowLeft } from "lucide-react";
import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { inputClass } from "~/components/ui/form-field.tsx";
import { ACTOR_KIND_LABEL, ACTOR_KINDS } from "~/features/audit/actor-kinds.ts";
import { plural } from "~/lib/wording.ts";
import { AUDIT_LIMITS, auditHref, type AuditFilterValues } from "./audit-filter.ts";
import { AuditRunSummary } from "./audit-run-summary.tsx";
import type { ActivityRow, RunRow } from "./audit-rows.ts";
import { AuditTable } from "./audit-table.tsx";
import { CountCard } from "./count-card.tsx";
import { humanize } from "./labels.ts";

export interface AuditLogData {
  filter: AuditFilterValues;
  options: { operations: string[]; actions: string[] };
  statistics: {
    windowHours: number;
    total: number;
    byOperation: Record<string, number>;
    byAction: Record<string, number>;
    byKind: { people: number; machine: number; runs: number };
  };
  /** The run opened to its entries (?run=), if one is. */
  run: RunRow | null;
  rows: ActivityRow[];
  /** The cursor of the next, older page. */
  next: string | null;
}

const byCount = (counts: Record<string, number>) => Object.entries(counts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));

/** The counts of the last hours: by who acted, by operation and by action, each linking to its entries. */
function AuditStatistics({ statistics, filter }: Pick<AuditLogData, "statistics" | "filter">) {
  const hours = statistics.windowHours;
  const { byKind } = statistics;
  return (
    <section aria-labelledby="statistics" className="mt-8">
      <h2 id="statistics" className="text-lg font-semibold">
        Last {hours} hours
      </h2>
      <div className="mt-4 grid gap-4 md:grid-cols-3">
        <CountCard
          testId="audit-total"
          title="Entries"
          headline={statistics.total}
          headlineLabel={`in the last ${hours} hours`}
          items={[
            { label: "By people", n: byKind.people, href: auditHref(filter, { kind: "people" }) },
            {
              label: `By machines and jobs (${plural(byKind.runs, "run")})`,
              n: byKind.machine,
              href: auditHref(filter, { kind: "machine" }),
            },
          ]}
        />
        <CountCard
          testId="audit-by-operation"
          title="By operation"
          headline={Object.keys(statistics.byOperation).length}
          headlineLabel="operations"
          items={byCount(statistics.byOperation).map(([operation, n]) => ({
            label: humanize(operation),
            n,
            href: auditHref(filter, { operation, action: null }),
          }))}
        />
        <CountCard
          testId="audit-by-action"
          title="By action"
          headline={Object.keys(statistics.byAction).length}
          headlineLabel="actions"
          items={byCount(statistics.byAction).map(([action, n]) => ({
            label: humanize(action),
            n,
            href: auditHref(filter, { action, operation: null }),
          }))}
        />
      </div>
    </section>
  );
}

/** Who acted, operation, action and page size, as a GET form (works without JavaScript). */
function AuditFilterForm({ filter, options, run }: Pick<AuditLogData, "filter" | "options" | "run">) {
  return (
    <Form method="get" className="mt-4 grid gap-3 sm:grid-cols-2 sm:items-end lg:grid-cols-[1fr_1fr_1fr_auto_auto]">
      {run ? <input type="hidden" name="run" value={run.id} /> : null}
      {run ? null : (
        <label className="text-sm">
          Who acted
          <select name="kind" defaultValue={filter.kind} className={inputClass}>
            {ACTOR_KINDS.map((k) => (
              <option key={k} value={k}>
                {ACTOR_KIND_LABEL[k]}
              </option>
            ))}
          </select>
        </label>
      )}
      <FilterSelect name="operation" label="Operation" value={filter.operation} options={options.operations} />
      <FilterSelect name="action" label="Action" value={filter.action} options={options.actions} />
      <label className="text-sm">
        Show
        <select name="limit" defaultValue={String(filter.limit)} className={inputClass}>
          {AUDIT_LIMITS.map((n) => (
            <option key={n} value={n}>
              {n} rows a page
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={buttonClass({ className: "sm:mb-px" })}>
        Apply
      </button>
    </Form>
  );
}

export function AuditLogView({ filter, options, statistics, run, rows, next }: AuditLogData) {
  const filtered = Boolean(filter.operation || filter.action || filter.kind !== "all");
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <Link
        to={run ? auditHref(filter, { run: null }) : "/admin"}
        className="inline-flex items-center gap-1 text-sm text-fg-muted hover:text-accent"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {run ? "All activity" : "Back-office"}
      </Link>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight">Audit log</h1>
      <p className="mt-2 text-sm text-fg-muted">
        Every merge, review decision, request and edit, newest first; each import or other job is one row. Times are in UTC.
      </p>

      {run ? <AuditRunSummary run={run} filter={filter} /> : <AuditStatistics statistics={statistics} filter={filter} />}

      <section aria-labelledby="entries" className="mt-10">
        <h2 id="entries" className="text-lg font-semibold">
          {run ? "Entries of this run" : "Most recent activity"}
        </h2>
        <AuditFilterForm filter={filter} options={options} run={run} />
        <p role="status" className="mt-4 text-sm text-fg-muted">
          {rows.length === 0 ? (filtered ? "Nothing matches these filters." : "Nothing recorded yet.") : pageSummary(rows, filtered)}{" "}
          {filtered ? (
            <Link to={auditHref(filter, { operation: null, action: null, kind: "all" })} className="text-accent underline">
              Clear the filters
            </Link>
          ) : null}
        </p>
        {rows.length > 0 ? (
          <div className="mt-4">
            <AuditTable rows={rows} caption={run ? "The run's entries, newest first" : "Audit activity, newest first"} />
          </div>
        ) : null}
        {filter.before || next ? (
          <nav aria-label="Pages of the audit log" className="mt-4 flex flex-wrap gap-4 text-sm">
            {filter.before ? (
              <Link to={auditHref(filter, {})} className="text-accent underline">
                Newest
              </Link>
            ) : null}
            {next ? (
              <Link to={auditHref(filter, { before: next })} className="text-accent underline">
                Older
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
    </div>
  );
}

/** "12 rows: 2 runs of 1,240 entries and 10 entries", so the grouping's size is never hidden. */
function pageSummary(rows: readonly ActivityRow[], filtered: boolean): string {
  const runs = rows.flatMap((r) => (r.type === "run" ? [r.run] : []));
  const single = rows.length - runs.length;
  const matching = filtered ? " matching the filters" : "";
  if (!runs.length) return `${plural(single, "entry", "entries")}${matching} on this page.`;
  const grouped = runs.reduce((sum, r) => sum + r.total, 0);
  return `${plural(rows.length, "row")}${matching} on this page: ${plural(runs.length, "run")} of ${plural(grouped, "entry", "entries")}, and ${plural(single, "single entry", "single entries")}.`;
}

function FilterSelect({ name, label, value, options }: { name: string; label: string; value: string | null; options: string[] }) {
  return (
    <label className="text-sm">
      {label}
      <select name={name} defaultValue={value ?? ""} className={inputClass}>
        <option value="">All</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {humanize(o)}
          </option>
        ))}
      </select>
    </label>
  );
}
