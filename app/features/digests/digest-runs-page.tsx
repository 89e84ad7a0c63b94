import { Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import type { FormResult } from "~/lib/form-parse.ts";
import type { DigestRunRow } from "./digest-runs.server.ts";
import { formatDate } from "~/lib/format-date.ts";

/** /admin/digests: each period's job and what happened to each member's e-mail, and "send now" for the current period. */
export function DigestRunsPage({ runs, result }: { runs: DigestRunRow[]; result?: FormResult }) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">Alert digests</h1>
      <p className="mt-2 text-sm text-fg-muted">
        Each server queues the daily digest after midnight UTC and the weekly one after Monday midnight UTC; the e-mails are in the{" "}
        <Link to="/admin/outbox" className="text-accent underline">
          outbox
        </Link>
        .
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        {(["daily", "weekly"] as const).map((cadence) => (
          <Form method="post" key={cadence}>
            <input type="hidden" name="cadence" value={cadence} />
            <Button type="submit" variant="secondary">
              Send the {cadence} digest of this period now
            </Button>
          </Form>
        ))}
      </div>
      {result?.message ? (
        <p role={result.ok ? "status" : "alert"} className={result.ok ? "mt-3 text-sm" : "mt-3 text-sm text-danger"}>
          {result.message}
        </p>
      ) : null}
      <table className="mt-6 w-full text-left text-sm">
        <thead>
          <tr className="border-b border-border text-fg-muted">
            <th className="py-2">Period (UTC)</th>
            <th>Cadence</th>
            <th>Job</th>
            <th>E-mails</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={`${run.cadence}-${run.periodStart}`} className="border-b border-border">
              <td className="py-2">{formatDate(run.periodStart)}</td>
              <td>{run.cadence}</td>
              <td>{run.jobStatus ? <Badge variant="outline">{run.jobStatus}</Badge> : "–"}</td>
              <td>
                {Object.entries(run.deliveries)
                  .map(([status, n]) => `${n} ${status}`)
                  .join(", ") || "none"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {runs.length === 0 ? <p className="mt-4 text-sm text-fg-muted">No digest has been queued yet.</p> : null}
    </div>
  );
}
