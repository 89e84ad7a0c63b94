import type { ReactNode } from "react";
import { Badge } from "~/components/ui/badge.tsx";
import { formatDateTime } from "~/lib/format-date.ts";
import { plural } from "~/lib/wording.ts";
import type { CleanupResponse } from "../cleanup-response.ts";
import { ReviewItemActions } from "./review-item-actions.tsx";

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-lg border border-border p-3">
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-8">
      <h3 className="text-base font-semibold">{title}</h3>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** Spec 02 §2 "Results & Analysis": counts and configuration, merges with their log, debug logs, audit info, review items, errors. */
export function CleanupResults({ response, onMerged }: { response: CleanupResponse | null; onMerged: () => void }) {
  if (!response) return <p className="text-sm text-fg-muted">Run a duplicate cleanup analysis to see results here.</p>;
  const { results, details, parameters } = response;
  return (
    <div data-testid="cleanup-results">
      {!response.success ? (
        <p role="alert" className="mb-4 rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm">
          API returned data but success was: {String(response.success)}
          {response.error ? ` (${response.error})` : ""}
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label="Duplicates found" value={results.duplicatesFound} />
        <Stat label="Duplicates resolved" value={results.duplicatesResolved} />
        <Stat label="Manual review required" value={results.manualReviewRequired} />
        <Stat label="Errors" value={results.errors} />
      </dl>
      <p className="mt-3 text-sm text-fg-muted">
        {response.dryRun ? "Dry run" : "Live run"} · similarity {parameters.similarity} · batch size {parameters.batchSize} · companies{" "}
        {details.auditInfo.batchStart + 1}–{details.auditInfo.batchEnd} of {details.auditInfo.totalCompaniesInDatabase} ·{" "}
        {details.companiesProcessed} checked · {(response.duration / 1000).toFixed(1)} s
      </p>

      <Section title={`Merge operations (${details.mergeOperations.length})`}>
        {details.mergeOperations.length === 0 ? (
          <p className="text-sm text-fg-muted">No high-confidence duplicates in this run.</p>
        ) : (
          <ul className="space-y-3">
            {details.mergeOperations.map((op, i) => (
              <li key={i} className="rounded-lg border border-border p-3 text-sm" data-testid="merge-operation">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{op.mergedCompany}</span>→<span className="font-medium">{op.primaryCompany}</span>
                  <Badge variant={op.success ? (op.isSimulation ? "outline" : "accent") : "neutral"}>
                    {!op.success ? "failed" : op.isSimulation ? "simulated" : "merged"}
                  </Badge>
                </div>
                <p className="mt-1 text-fg-muted">{op.summary}</p>
                {op.error ? <p className="mt-1 text-danger">{op.error}</p> : null}
                <p className="mt-1 text-xs text-fg-muted">
                  {op.isSimulation
                    ? `Would have ${plural(op.wouldHaveFundingRounds ?? 0, "funding round")} after the merge.`
                    : `${plural(op.fundingRoundsAfterMerge ?? 0, "funding round")} after the merge.`}
                </p>
                <details className="mt-2">
                  <summary className="cursor-pointer text-xs">Detailed log</summary>
                  <ul className="mt-1 list-disc pl-5 text-xs text-fg-muted">
                    {op.detailedLog.map((line, j) => (
                      <li key={j}>{line}</li>
                    ))}
                  </ul>
                </details>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={`Manual review items (${details.manualReviewItems.length})`}>
        {details.manualReviewItems.length === 0 ? (
          <p className="text-sm text-fg-muted">Nothing needs a person's decision in this run.</p>
        ) : (
          <ul className="space-y-3">
            {details.manualReviewItems.map((item) => (
              <li key={item.recordIds.join("|")} className="rounded-lg border border-border p-3 text-sm" data-testid="manual-review-item">
                <p className="font-medium">
                  {item.names[0]} <span className="text-fg-muted">and</span> {item.names[1]}
                </p>
                <p className="mt-1 text-fg-muted">
                  Similarity {item.similarity.toFixed(2)} · {item.reason}
                </p>
                <div className="mt-2">
                  <ReviewItemActions
                    records={[
                      { id: item.recordIds[0], name: item.names[0] },
                      { id: item.recordIds[1], name: item.names[1] },
                    ]}
                    onMerged={onMerged}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Batch audit info">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
          <dt className="text-fg-muted">Timestamp</dt>
          <dd>{formatDateTime(details.auditInfo.timestamp)}</dd>
          <dt className="text-fg-muted">Companies in database</dt>
          <dd>{details.auditInfo.totalCompaniesInDatabase}</dd>
          <dt className="text-fg-muted">Batch start</dt>
          <dd>{details.auditInfo.batchStart}</dd>
          <dt className="text-fg-muted">Batch end</dt>
          <dd>{details.auditInfo.batchEnd}</dd>
        </dl>
      </Section>

      <Section title="Debug logs">
        <pre className="max-h-64 overflow-auto rounded-lg bg-surface-muted p-3 text-xs whitespace-pre-wrap">
          {details.debugLogs.join("\n")}
        </pre>
      </Section>

      <Section title={`Errors (${details.errors.length})`}>
        {details.errors.length === 0 ? (
          <p className="text-sm text-fg-muted">No errors.</p>
        ) : (
          <ul className="list-disc pl-5 text-sm text-danger">
            {details.errors.map((e, i) => (
              <li key={i}>{e}</li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

/** Spec 02 §2 "Companies Checked": record number, company name and what was found. */
export function CompaniesChecked({ response }: { response: CleanupResponse | null }) {
  if (!response) return <p className="text-sm text-fg-muted">Run a duplicate cleanup analysis to see results here.</p>;
  const rows = response.details.companyDetails;
  const omitted = response.details.companiesProcessed - rows.length;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Companies checked in this run</caption>
        <thead>
          <tr className="border-b border-border">
            <th scope="col" className="py-2 pr-3 font-medium">
              #
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Company
            </th>
            <th scope="col" className="py-2 font-medium">
              Duplicates found
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-b border-border/60">
              <td className="py-2 pr-3 tabular-nums">{row.airtableRowNumber}</td>
              <td className="py-2 pr-3">
                <a href={`/admin/listings/${row.id}`} className="hover:underline">
                  {row.name}
                </a>
              </td>
              <td className="py-2">
                {row.duplicateInfo ? (
                  <span>
                    <Badge variant={row.duplicateInfo.confidence === "High Confidence Duplicate" ? "accent" : "outline"}>
                      {row.duplicateInfo.confidence}
                    </Badge>{" "}
                    <span className="text-fg-muted">
                      {row.duplicateInfo.matchedCompany} ({row.duplicateInfo.similarity.toFixed(2)})
                    </span>
                  </span>
                ) : (
                  <span className="text-fg-muted">No duplicates</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {omitted > 0 ? (
        <p className="mt-3 text-xs text-fg-muted">
          {plural(omitted, "further company", "further companies")} without duplicates {omitted === 1 ? "is" : "are"} not listed.
        </p>
      ) : null}
    </div>
  );
}
