import { Play } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { Spinner } from "~/components/ui/spinner.tsx";
import { CompaniesComparison, MappingAnalysis } from "./field-analysis.tsx";
import type { DiagnosticsReport, SourceReport } from "./report.ts";
import { BaseInfo, MigrationsSection, QuickFixes } from "./source-sections.tsx";
import { StatusLabel } from "./status-label.tsx";
import { ColumnsSection, TablesSection } from "./tables-section.tsx";
import { formatClock } from "~/lib/format-date.ts";

const DIAGNOSTICS_PATH = "/debug/airtable";

function SourceError({ message, hint }: { message: string; hint?: string }) {
  return (
    <div role="alert" className="mt-4 rounded-lg border border-danger/40 p-4 text-sm">
      <StatusLabel tone="bad">Could not be read</StatusLabel>
      <p className="mt-1">{message}</p>
      {hint ? <p className="mt-1 text-fg-muted">{hint}</p> : null}
    </div>
  );
}

function DatabaseSection({ report }: { report: DiagnosticsReport["database"] }) {
  return (
    <section aria-labelledby="db" className="mt-10 border-t border-border pt-8">
      <h2 id="db" className="text-xl font-semibold">
        Our database
      </h2>
      <p className="mt-1 text-sm text-fg-muted">
        The system of record: every table and column our schema expects, read from information_schema.
      </p>
      {report.error ? <SourceError message={report.error} /> : null}
      <BaseInfo info={report.info} />
      {report.tables.length > 0 ? <TablesSection id="db-tables" tables={report.tables} fieldsLabel="Columns" /> : null}
      {report.migrations.length > 0 ? <MigrationsSection id="db-migrations" migrations={report.migrations} /> : null}
      {report.companies ? (
        <>
          <CompaniesComparison id="db-companies" comparison={report.companies} detectedLabel="Listing columns" />
          <MappingAnalysis id="db-mapping" comparison={report.companies} targetLabel="Our column" />
        </>
      ) : null}
      {report.error ? null : (
        <QuickFixes
          id="db-fixes"
          fixes={report.quickFixes}
          allClear="Nothing to fix: every table and column exists and every migration is applied."
        />
      )}
      <ColumnsSection id="db-columns" tables={report.tables} showExpected />
    </section>
  );
}

function SpreadsheetBase({ report }: { report: SourceReport }) {
  return (
    <>
      {report.error ? (
        <SourceError
          message={report.error}
          hint="Check SPREADSHEET_API_URL, SPREADSHEET_API_KEY and SPREADSHEET_BASE_ID in the server's environment, then restart it."
        />
      ) : null}
      <BaseInfo info={report.info} />
      {report.tables.length > 0 ? <TablesSection id="sheet-tables" tables={report.tables} fieldsLabel="Fields" /> : null}
      {report.companies ? (
        <>
          <CompaniesComparison id="sheet-companies" comparison={report.companies} detectedLabel="Detected fields" />
          <MappingAnalysis id="sheet-mapping" comparison={report.companies} targetLabel="Base field" />
        </>
      ) : null}
      {report.error ? null : (
        <QuickFixes id="sheet-fixes" fixes={report.quickFixes} allClear="Nothing to fix: the base has every table and known field." />
      )}
      <ColumnsSection id="sheet-columns" tables={report.tables} showExpected={false} />
    </>
  );
}

function SpreadsheetSection({ section }: { section: DiagnosticsReport["spreadsheet"] }) {
  return (
    <section aria-labelledby="sheet" className="mt-12 border-t border-border pt-8">
      <h2 id="sheet" className="text-xl font-semibold">
        Spreadsheet base
      </h2>
      {section.configured ? (
        <>
          <p className="mt-1 text-sm text-fg-muted">
            The base configured for import, read through its metadata API and a scan of its records.
          </p>
          <SpreadsheetBase report={section} />
        </>
      ) : (
        <div className="mt-3 rounded-lg border border-border bg-surface-muted p-4 text-sm" data-testid="sheet-not-configured">
          <p>No spreadsheet base is configured for import, so only our database was checked.</p>
          <p className="mt-2 text-fg-muted">
            To check one, set <code className="font-mono">SPREADSHEET_API_KEY</code> and{" "}
            <code className="font-mono">SPREADSHEET_BASE_ID</code> (and <code className="font-mono">SPREADSHEET_API_URL</code> for a host
            other than https://api.airtable.com) in the server&apos;s environment and restart it.
            {section.missing.length < 2 ? ` Still missing: ${section.missing.join(", ")}.` : ""}
          </p>
        </div>
      )}
    </section>
  );
}

export function SchemaDiagnostics({ report }: { report: DiagnosticsReport | null }) {
  const navigation = useNavigation();
  const running = navigation.state !== "idle" && navigation.location?.pathname === DIAGNOSTICS_PATH;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">Schema diagnostics</h1>
      <p className="mt-2 max-w-prose text-sm text-fg-muted">
        Checks that our database has every table and column the code expects, which migrations it has applied, and how the
        specification&apos;s Company fields map onto our listings; and, when a spreadsheet base is configured for import, the same for that
        base.
      </p>
      <Form method="get" action={DIAGNOSTICS_PATH} className="mt-6 flex flex-wrap items-center gap-4">
        <input type="hidden" name="run" value="1" />
        <Button type="submit" disabled={running}>
          <Play aria-hidden="true" />
          Run Diagnostics
        </Button>
        {running ? <Spinner label="Running diagnostics…" /> : null}
        {report && !running ? (
          <p className="text-sm text-fg-muted">
            Ran at {formatClock(report.ranAt)} in {report.ms.toLocaleString("en-US")} ms.
          </p>
        ) : null}
      </Form>
      {report ? (
        <div aria-busy={running} className={running ? "opacity-60" : undefined}>
          <DatabaseSection report={report.database} />
          <SpreadsheetSection section={report.spreadsheet} />
        </div>
      ) : (
        <p className="mt-8 text-sm text-fg-muted">Run the diagnostics to see the report. They only read: nothing is changed.</p>
      )}
    </div>
  );
}
