import { AlertTriangle, CheckCircle2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { cn } from "~/lib/cn.ts";
import { runBanner, type LogLine, type MigrationResults } from "./migration-run.ts";
import { PRIMARY_CATEGORIES } from "./taxonomy.ts";
import { plural } from "~/lib/wording.ts";
import { formatClock } from "~/lib/format-date.ts";

/** Spec 02 §2: 'Migration completed successfully!' or 'Migration completed with some issues'. */
export function MigrationBanner({ results, finished }: { results: MigrationResults; finished: boolean }) {
  const text = runBanner({ finished, results });
  if (!text) return null;
  const ok = results.success;
  const Icon = ok ? CheckCircle2 : AlertTriangle;
  return (
    <div
      role="status"
      data-testid="migration-banner"
      className={cn(
        "flex items-start gap-3 rounded-lg border px-4 py-3 text-sm",
        ok ? "border-success/40 bg-success/10" : "border-warning/40 bg-warning/10",
      )}
    >
      <Icon className={cn("mt-0.5 size-5 shrink-0", ok ? "text-success" : "text-warning")} aria-hidden="true" />
      <div>
        <p className="font-medium">{text}</p>
        {!ok && results.error ? <p className="mt-1 text-fg-muted">{results.error}</p> : null}
      </div>
    </div>
  );
}

function Figure({ label, value, tone }: { label: string; value: string | number; tone?: "danger" | "success" }) {
  return (
    <div className="rounded-lg border border-border bg-surface px-3 py-2">
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className={cn("text-lg font-semibold tabular-nums", tone === "danger" && "text-danger", tone === "success" && "text-success")}>
        {value}
      </dd>
    </div>
  );
}

function IssueList({ title, items }: { title: string; items: string[] }) {
  if (!items.length) return null;
  return (
    <div>
      <h4 className="text-sm font-medium">{title}</h4>
      <ul className="mt-1 max-h-40 list-disc space-y-0.5 overflow-y-auto pl-5 text-sm break-words text-fg-muted">
        {items.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

/** The results panel (spec 02 §2): backup, created, updated and error counts, validation totals, categories found. */
export function MigrationResultsPanel({ results }: { results: MigrationResults }) {
  const total = PRIMARY_CATEGORIES.length;
  return (
    <section aria-labelledby="migration-results" className="space-y-4" data-testid="migration-results">
      <h3 id="migration-results" className="text-base font-semibold">
        Results
      </h3>
      <div>
        <h4 className="text-sm font-medium text-fg-muted">Backup and populate</h4>
        <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-5">
          <Figure label="Backup count" value={results.backupCount} />
          <Figure label="Created" value={results.recordsCreated} />
          <Figure label="Updated" value={results.recordsUpdated} />
          <Figure label="Merged" value={results.recordsMerged} />
          <Figure label="Errors" value={results.errors.length} tone={results.errors.length ? "danger" : undefined} />
        </dl>
      </div>
      {results.validated ? (
        <div>
          <h4 className="text-sm font-medium text-fg-muted">Validation</h4>
          <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-5">
            <Figure label="Total records" value={results.totalRecords} />
            <Figure label="LeadsOnTrees records" value={results.leadsOnTreesRecords} />
            <Figure
              label="Categories found"
              value={`${results.primaryCategories} / ${total}`}
              tone={results.primaryCategories === total ? "success" : "danger"}
            />
            <Figure
              label="Missing categories"
              value={results.missingCategories.length}
              tone={results.missingCategories.length ? "danger" : undefined}
            />
            <Figure label="Duplicates" value={results.duplicates.length} tone={results.duplicates.length ? "danger" : undefined} />
          </dl>
        </div>
      ) : null}
      <IssueList title="Populate errors" items={results.errors} />
      <IssueList title="Missing categories" items={results.missingCategories} />
      <IssueList title="Missing records" items={results.missingRecords} />
      <IssueList title="Duplicates" items={results.duplicates} />
      {results.unmigratedRecords ? (
        <p className="text-sm text-danger">
          {plural(results.unmigratedRecords, "record")} still {results.unmigratedRecords === 1 ? "has" : "have"} no key: run the migration
          again once the errors are fixed.
        </p>
      ) : null}
      {results.danglingListings ? (
        <p className="text-sm text-danger">
          {plural(results.danglingListings, "listing")} {results.danglingListings === 1 ? "points" : "point"} at industries that do not
          exist.
        </p>
      ) : null}
    </section>
  );
}

const LEVEL_CLASS: Record<LogLine["level"], string> = { info: "text-fg", success: "text-success", error: "text-danger" };

/** The timestamped log (spec 02 §2), newest at the bottom. */
export function MigrationLog({ lines }: { lines: LogLine[] }) {
  const list = useRef<HTMLDivElement>(null);
  // Follow the newest line as a run writes them.
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [lines.length]);
  return (
    <section aria-labelledby="migration-log">
      <h3 id="migration-log" className="text-base font-semibold">
        Log
      </h3>
      {lines.length ? (
        <div
          ref={list}
          role="log"
          aria-live="polite"
          tabIndex={0}
          aria-label="Migration log"
          className="mt-2 max-h-80 overflow-y-auto rounded-lg border border-border bg-surface-muted p-3"
          data-testid="migration-log"
        >
          <ol className="space-y-0.5 font-mono text-xs break-words">
            {lines.map((line, i) => (
              <li key={i} className={LEVEL_CLASS[line.level]}>
                <time dateTime={line.at} className="text-fg-muted">
                  [{formatClock(line.at)}]
                </time>{" "}
                {line.message}
              </li>
            ))}
          </ol>
        </div>
      ) : (
        <p className="mt-2 text-sm text-fg-muted">The log of the next run appears here.</p>
      )}
    </section>
  );
}
