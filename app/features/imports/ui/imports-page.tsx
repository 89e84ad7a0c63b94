import { Form, useNavigation, useRevalidator } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { ProgressBar } from "~/components/ui/progress-bar.tsx";
import type { FormResult } from "~/lib/form-parse.ts";
import { pageDataSource } from "~/lib/job-progress.ts";
import { useJobProgress } from "~/lib/use-job-progress.ts";
import type { ImportsPageData } from "../server/imports-page.server.ts";
import { ProviderJobSummary } from "./provider-job-summary.tsx";
import {
  PROVIDER_QUERY_FIELDS as FIELDS,
  PROVIDER_INTENT,
  PROVIDER_QUERY_HINTS,
  PROVIDER_QUERY_LABELS,
} from "../provider/provider-query.ts";
import { SPREADSHEET_INTENT, SpreadsheetImportForm, SpreadsheetJobSummary } from "./spreadsheet-import-form.tsx";
import { SPREADSHEET_IMPORT_JOB } from "../spreadsheet/spreadsheet-import-request.ts";
import { formatDateTime } from "~/lib/format-date.ts";

const LABELS = PROVIDER_QUERY_LABELS;
const HINTS: Partial<Record<(typeof FIELDS)[number], string>> = { ...PROVIDER_QUERY_HINTS, maxJobs: "Pages to fetch, 1 to 10" };

/** Provider and spreadsheet imports (issue 7 §5, §7): start one, and watch the jobs with their progress, counters and errors. */
export function ImportsPage({ page: loaderData, result: actionData }: { page: ImportsPageData; result?: FormResult }) {
  const { jobs, keyConfigured } = loaderData;
  const busy = useNavigation().state !== "idle";
  const revalidator = useRevalidator();
  // Live progress: while an import runs, the list (its counters, errors and summaries) reloads every second and a half.
  const running = jobs.find((j) => j.status === "queued" || j.status === "running");
  useJobProgress(running?.id ?? null, { source: pageDataSource(revalidator), intervalMs: 1500, readAtOnce: false });
  const provider = actionData?.intent === PROVIDER_INTENT ? actionData : undefined;
  const sheet = actionData?.intent === SPREADSHEET_INTENT ? actionData : undefined;
  const values = provider?.values ?? {};
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">Imports</h1>
      <p className="mt-2 max-w-prose text-sm text-fg-muted">
        Companies from the lead-data provider: duplicates above 95 % are merged into the existing listing, near matches go to the review
        queue, the rest are published. Running the same import again creates nothing new. The same runs from the command line:{" "}
        <code>npm run import -- --endpoint funding --category "Artificial Intelligence"</code>.
      </p>
      {keyConfigured ? null : (
        <p role="note" className="mt-4 rounded-lg border border-warning/40 bg-warning/10 px-3 py-2 text-sm">
          PROVIDER_API_KEY is not set: imports will fail with 'API key is required'.
        </p>
      )}
      <Form
        method="post"
        className="mt-6 grid gap-4 rounded-xl border border-border p-4 sm:grid-cols-3"
        key={provider?.ok ? jobs[0]?.id : "form"}
      >
        <input type="hidden" name="intent" value={PROVIDER_INTENT} />
        <FormField label="Endpoint">
          {(props) => (
            <select {...props} name="endpoint" defaultValue="funding">
              <option value="funding">Funding rounds</option>
              <option value="m-a">Mergers and acquisitions</option>
            </select>
          )}
        </FormField>
        {FIELDS.map((field) => (
          <FormField key={field} label={LABELS[field]} hint={HINTS[field]} error={provider?.errors?.[field]}>
            {(props) => <input {...props} name={field} defaultValue={values[field] ?? ""} />}
          </FormField>
        ))}
        <div className="sm:col-span-3">
          <Button type="submit" disabled={busy}>
            Start import
          </Button>
        </div>
      </Form>
      <SpreadsheetImportForm
        keyConfigured={loaderData.spreadsheet.keyConfigured}
        defaultBaseId={loaderData.spreadsheet.defaultBaseId}
        error={sheet?.errors?.baseId}
        value={sheet?.values?.baseId}
        busy={busy}
        resetKey={sheet?.ok ? `started-${jobs[0]?.id}` : "spreadsheet-form"}
      />
      <h2 className="mt-10 text-lg font-semibold">Recent imports</h2>
      {jobs.length === 0 ? <p className="mt-2 text-sm text-fg-muted">No imports yet.</p> : null}
      <ul className="mt-3 space-y-3">
        {jobs.map((job) => {
          const base = job.jobType === SPREADSHEET_IMPORT_JOB;
          const params = job.parameters as { endpoint?: string; baseId?: string };
          return (
            <li key={job.id} className="rounded-lg border border-border p-4 text-sm" data-testid="import-job">
              <div className="flex flex-wrap items-center gap-2">
                <Badge
                  variant={job.outcome === "completed" ? "accent" : "outline"}
                  className={job.outcome.startsWith("completed with") || job.status === "failed" ? "text-danger" : undefined}
                >
                  {job.outcome}
                </Badge>
                <span className="font-medium">
                  {base
                    ? `Spreadsheet base ${params.baseId ?? ""}`
                    : `Provider import: ${params.endpoint === "m-a" ? "mergers and acquisitions" : "funding rounds"}`}
                </span>
                <span className="text-fg-muted">{formatDateTime(job.createdAt)}</span>
              </div>
              <div className="mt-3">
                <ProgressBar
                  label="Import progress"
                  done={job.progress.done}
                  total={job.progress.total}
                  unit={base ? "companies" : "pages"}
                />
              </div>
              <p className="mt-2 text-fg-muted">{job.progress.message}</p>
              <p className="mt-1 text-xs text-fg-muted">
                {job.counters.companiesProcessed} processed · {job.counters.newRecordsAdded} added · {job.counters.updatedRecords} updated ·{" "}
                {job.counters.apiCallsMade} API calls
              </p>
              {base ? <SpreadsheetJobSummary output={job.output} /> : null}
              {job.provider ? <ProviderJobSummary summary={job.provider} /> : null}
              {job.errorLog.length ? (
                <details className="mt-2">
                  <summary className="cursor-pointer text-xs text-danger">{job.errorLog.length} error(s)</summary>
                  <ul className="mt-1 list-disc pl-5 text-xs">
                    {job.errorLog.map((e, i) => (
                      <li key={i}>{e}</li>
                    ))}
                  </ul>
                </details>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
