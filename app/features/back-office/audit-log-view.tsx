import { ArrowLeft } from "lucide-react";
import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { inputClass } from "~/components/ui/form-field.tsx";
import { AUDIT_LIMITS, auditHref, type AuditFilterValues } from "./audit-filter.ts";
import type { AuditRow } from "./audit-rows.ts";
import { AuditTable } from "./audit-table.tsx";
import { CountCard } from "./count-card.tsx";
import { humanize } from "./labels.ts";
import { plural } from "~/lib/wording.ts";

export interface AuditLogData {
  filter: AuditFilterValues;
  options: { operations: string[]; actions: string[] };
  statistics: { windowHours: number; total: number; byOperation: Record<string, number>; byAction: Record<string, number> };
  entries: AuditRow[];
}

const byCount = (counts: Record<string, number>) => Object.entries(counts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));

export function AuditLogView({ filter, options, statistics, entries }: AuditLogData) {
  const filtered = Boolean(filter.operation || filter.action);
  const hours = statistics.windowHours;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <Link to="/admin" className="inline-flex items-center gap-1 text-sm text-fg-muted hover:text-accent">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back-office
      </Link>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight">Audit log</h1>
      <p className="mt-2 text-sm text-fg-muted">Every merge, review decision, request and edit, newest first. Times are in UTC.</p>

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
            items={[]}
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

      <section aria-labelledby="entries" className="mt-10">
        <h2 id="entries" className="text-lg font-semibold">
          Most recent entries
        </h2>
        <Form method="get" className="mt-4 grid gap-3 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-end">
          <FilterSelect name="operation" label="Operation" value={filter.operation} options={options.operations} />
          <FilterSelect name="action" label="Action" value={filter.action} options={options.actions} />
          <label className="text-sm">
            Show
            <select name="limit" defaultValue={String(filter.limit)} className={inputClass}>
              {AUDIT_LIMITS.map((n) => (
                <option key={n} value={n}>
                  {n} entries
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={buttonClass({ className: "sm:mb-px" })}>
            Apply
          </button>
        </Form>
        <p role="status" className="mt-4 text-sm text-fg-muted">
          {entries.length === 0
            ? filtered
              ? "No entries match these filters."
              : "Nothing recorded yet."
            : `The ${plural(entries.length, "most recent entry", "most recent entries")}${filtered ? " matching the filters" : ""}.`}{" "}
          {filtered ? (
            <Link to={auditHref(filter, { operation: null, action: null })} className="text-accent underline">
              Clear the filters
            </Link>
          ) : null}{" "}
          {filter.limit === 100 && entries.length === 100 ? (
            <Link to={auditHref(filter, { limit: 1000 })} className="text-accent underline">
              Show 1000
            </Link>
          ) : null}
        </p>
        {entries.length > 0 ? (
          <div className="mt-4">
            <AuditTable rows={entries} caption="Audit entries, newest first" />
          </div>
        ) : null}
      </section>
    </div>
  );
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
