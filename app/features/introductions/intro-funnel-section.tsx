import { Link } from "react-router";
import { formatMonth } from "~/lib/format-date.ts";
import { plural } from "~/lib/wording.ts";
import type { FunnelStep, IntroFunnel } from "./intro-funnel.server.ts";

/** The steps as columns, in workflow order; what each counts is said under the table. */
const COLUMNS: ReadonlyArray<{ step: FunnelStep; label: string }> = [
  { step: "requested", label: "Requested" },
  { step: "approved", label: "Approved" },
  { step: "accepted", label: "Accepted" },
  { step: "declined", label: "Declined" },
  { step: "expired", label: "Expired" },
  { step: "introduced", label: "Introduced" },
];

function share(part: number, whole: number): string {
  return whole ? `${Math.round((part / whole) * 100)} %` : "none";
}

/** The dashboard's introduction funnel (decision 0094): a table of the last twelve months, newest first, and the share introduced. */
export function IntroFunnelSection({ funnel }: { funnel: IntroFunnel }) {
  const { totals } = funnel;
  return (
    <section aria-labelledby="intro-funnel" className="mt-10" data-testid="intro-funnel">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="intro-funnel" className="text-lg font-semibold">
          Introduction funnel
        </h2>
        <Link to="/admin/intros" className="text-sm text-accent underline">
          Review introduction requests
        </Link>
      </div>
      <p className="mt-2 text-sm text-fg-muted">
        Requests by the month they were made (UTC), last 12 months, and how far each got.{" "}
        {totals.requested
          ? `Of ${plural(totals.requested, "request")}, ${totals.introduced} became ${totals.introduced === 1 ? "an introduction" : "introductions"} (${share(totals.introduced, totals.requested)}).`
          : "No requests in these months yet."}
      </p>
      <div
        className="mt-4 overflow-x-auto rounded-xl border border-border bg-surface-raised shadow-sm focus-visible:outline-2 focus-visible:outline-accent"
        role="region"
        aria-label="Introduction funnel by month (scrolls sideways on narrow screens)"
        tabIndex={0}
      >
        <table className="w-full text-right text-sm tabular-nums">
          <caption className="sr-only">Introduction requests per month of request, by how far they got</caption>
          <thead className="bg-surface-muted text-xs text-fg-muted">
            <tr>
              <th scope="col" className="px-2 py-2 text-left font-medium sm:px-3">
                Month
              </th>
              {COLUMNS.map(({ step, label }) => (
                <th key={step} scope="col" className="px-2 py-2 font-medium sm:px-3">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {funnel.months.map(({ month, counts }) => (
              <tr key={month} className="border-t border-border">
                <th scope="row" className="px-2 py-2 text-left font-medium whitespace-nowrap sm:px-3">
                  {formatMonth(month)}
                </th>
                {COLUMNS.map(({ step }) => (
                  <td key={step} className={counts[step] ? "px-2 py-2 sm:px-3" : "px-2 py-2 text-fg-muted sm:px-3"}>
                    {counts[step]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-border font-semibold">
              <th scope="row" className="px-2 py-2 text-left sm:px-3">
                Total
              </th>
              {COLUMNS.map(({ step }) => (
                <td key={step} className="px-2 py-2 sm:px-3">
                  {totals[step]}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="mt-2 text-xs text-fg-muted">
        Requested: reached the review queue. Approved: forwarded to the recipient. Introduced: the introduction e-mail went out.
      </p>
    </section>
  );
}
