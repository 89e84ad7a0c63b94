import { MIGRATION_STATE_LABEL } from "./report-format.ts";
import type { DatabaseReport, QuickFix, SourceReport } from "./report.ts";
import { SEVERITY_TONE, StatusLabel } from "./status-label.tsx";

const SEVERITY_LABEL = { error: "Fix", warning: "Check", info: "Note" } as const;

export function BaseInfo({ info }: { info: SourceReport["info"] }) {
  return (
    <dl className="mt-4 grid gap-x-6 gap-y-3 rounded-lg border border-border bg-surface-muted p-4 text-sm sm:grid-cols-2 lg:grid-cols-3">
      {info.map((item) => (
        <div key={item.label} className="min-w-0">
          <dt className="text-xs text-fg-muted">{item.label}</dt>
          <dd className="mt-0.5 font-medium break-words">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Migrations committed with this version, and whether the database applied each. */
export function MigrationsSection({ id, migrations }: { id: string; migrations: DatabaseReport["migrations"] }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h3 id={id} className="text-base font-semibold">
        Migrations
      </h3>
      <ul className="mt-3 grid gap-x-6 gap-y-1.5 text-sm sm:grid-cols-2">
        {migrations.map((m) => (
          <li key={m.tag} className="flex min-w-0 flex-wrap items-center justify-between gap-x-3">
            <code className="font-mono text-[0.8125rem] break-all">{m.tag}</code>
            <StatusLabel tone={m.state === "applied" ? (m.changedSinceApplied ? "warn" : "good") : "bad"}>
              {MIGRATION_STATE_LABEL[m.state]}
              {m.changedSinceApplied ? ", file changed since" : ""}
            </StatusLabel>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function QuickFixes({ id, fixes, allClear }: { id: string; fixes: readonly QuickFix[]; allClear: string }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h3 id={id} className="text-base font-semibold">
        Quick fixes
      </h3>
      {fixes.length === 0 ? (
        <p className="mt-2 text-sm">
          <StatusLabel tone="good" className="items-start whitespace-normal [&_svg]:mt-0.5">
            {allClear}
          </StatusLabel>
        </p>
      ) : (
        <ol className="mt-3 space-y-3" data-testid={`${id}-list`}>
          {fixes.map((fix, i) => (
            <li key={i} className="rounded-lg border border-border p-3 text-sm">
              <StatusLabel tone={SEVERITY_TONE[fix.severity]}>{SEVERITY_LABEL[fix.severity]}</StatusLabel>
              <p className="mt-1">{fix.text}</p>
              {fix.code?.length ? (
                <pre className="mt-2 overflow-x-auto rounded-md bg-surface-muted p-3 font-mono text-xs leading-relaxed">
                  {fix.code.join("\n")}
                </pre>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
