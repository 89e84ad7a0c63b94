import { Form } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { formatMonth } from "~/lib/format-date.ts";

export interface OwnerSummaryRun {
  month: string;
  job_status: string | null;
  deliveries: Record<string, number> | null;
  /** Owners whose summary failed before an e-mail was recorded (the log says why). */
  not_made: number;
}

/** The job's status, saying so when some owners' e-mails failed: a run is never "completed" over failures. */
function runStatus(run: OwnerSummaryRun): string | null {
  const failures = (run.deliveries?.failed ?? 0) + run.not_made;
  return run.job_status === "completed" && failures > 0 ? `completed, ${failures} failed` : run.job_status;
}

/** On /admin/digests: the owners' monthly summaries (decision 0117) and "send now" for the month so far. */
export function OwnerSummaryRuns({ runs }: { runs: OwnerSummaryRun[] }) {
  return (
    <section aria-labelledby="owner-summaries" className="mx-auto max-w-4xl px-4 pb-10 sm:px-6">
      <h2 id="owner-summaries" className="text-lg font-semibold">
        Owners&apos; monthly summary
      </h2>
      <p className="mt-1 text-sm text-fg-muted">
        Each server queues last month&apos;s summary on the first of the month (UTC); each owner gets it once. Sending now covers the month
        this week counts in (the month of its Sunday) so far, and that month is then not sent again when it ends.
      </p>
      <Form method="post" className="mt-3">
        <input type="hidden" name="cadence" value="owner-summary" />
        <Button type="submit" variant="secondary">
          Send the owners&apos; summary of this month now
        </Button>
      </Form>
      <table className="mt-4 w-full text-left text-sm">
        <thead>
          <tr className="border-b border-border text-fg-muted">
            <th className="py-2">Month (UTC)</th>
            <th>Job</th>
            <th>E-mails</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={run.month} className="border-b border-border">
              <td className="py-2">{formatMonth(`${run.month}T00:00:00Z`)}</td>
              <td>{runStatus(run) ? <Badge variant="outline">{runStatus(run)}</Badge> : "–"}</td>
              <td>
                {[
                  ...Object.entries(run.deliveries ?? {}).map(([status, n]) => `${n} ${status}`),
                  ...(run.not_made ? [`${run.not_made} not made (see the log)`] : []),
                ].join(", ") || "none"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {runs.length === 0 ? <p className="mt-3 text-sm text-fg-muted">No owners&apos; summary has been queued yet.</p> : null}
    </section>
  );
}
