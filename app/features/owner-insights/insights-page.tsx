import { Form } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import type { FormResult } from "~/lib/form-parse.ts";
import { formatMonth } from "~/lib/format-date.ts";
import type { FunnelStep } from "~/features/introductions/intro-funnel.server.ts";
import { BreakdownTable, WeeksTable } from "./insight-tables.tsx";
import type { ListingInsights } from "./listing-insights.server.ts";

/** The funnel's steps in its order (decision 0094), as columns. */
const FUNNEL_STEPS = ["requested", "approved", "accepted", "declined", "expired", "introduced"] as const satisfies readonly FunnelStep[];

const INTRO_COLUMNS: Record<FunnelStep, string> = {
  requested: "Asked",
  approved: "Sent to you",
  accepted: "Accepted",
  declined: "Declined",
  expired: "Expired",
  introduced: "Introduced",
};

/** What the current week says at the top: the owner's own visit shows only once there are 5. */
function thisWeekLine(insights: ListingInsights): string {
  const cell = insights.weeks.at(-1)!.views;
  if (!cell.shown) return "Fewer than 5 views this week: a week's views are shown from 5.";
  if (cell.count === 0) return "No profile views this week yet.";
  return `${cell.count} profile views this week.`;
}

export interface InsightsPageProps {
  insights: ListingInsights;
  summaryEmails: boolean;
  notice: string | null;
  result?: FormResult;
}

/** /my-listings/:id/insights (issue 36 "Owner insights", decision 0117). */
export function InsightsPage({ insights, summaryEmails, notice, result }: InsightsPageProps) {
  const { breakdowns, intros } = insights;
  const month = formatMonth(`${breakdowns.month}T00:00:00Z`);
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6 [&>*]:min-w-0">
      <p className="text-sm text-fg-muted">
        Counts of people, never who they are: a number under 5 is never shown, and a small group is folded into &ldquo;Other&rdquo;. Search
        engines&apos; crawlers are not counted. Weeks start on Monday (UTC).
      </p>
      {notice ? (
        <p role="status" className="text-sm">
          {notice}
        </p>
      ) : null}
      <Card className="p-4 sm:p-6">
        <h2 className="text-lg font-semibold">Views and search appearances</h2>
        <p className="mt-1 text-sm" data-testid="this-week">
          {thisWeekLine(insights)}
        </p>
        <div className="mt-3">
          <WeeksTable weeks={insights.weeks} />
        </div>
      </Card>
      <Card className="p-4 sm:p-6">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 className="text-lg font-semibold">Who looked in {month}</h2>
            <p className="mt-1 text-sm text-fg-muted">
              {breakdowns.views ? `${breakdowns.views} views` : "No views to show"} in the weeks ending in {month} that had 5 views or more;
              a quieter week is left out of every figure.
            </p>
          </div>
          <Form method="get" className="flex items-end gap-2">
            <div className="grid gap-1">
              <label htmlFor="insights-month" className="text-xs font-medium">
                Month
              </label>
              <select
                id="insights-month"
                name="month"
                defaultValue={breakdowns.month.slice(0, 7)}
                className="h-9 rounded-md border border-border bg-surface px-2 text-sm"
              >
                {insights.months.map((m) => (
                  <option key={m} value={m.slice(0, 7)}>
                    {formatMonth(`${m}T00:00:00Z`)}
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit" variant="secondary" size="sm">
              Show
            </Button>
          </Form>
        </div>
        <div className="mt-4 grid gap-6 sm:grid-cols-3">
          <BreakdownTable id="by-plan" title="By the visitor's plan" breakdown={breakdowns.byPlan} />
          <BreakdownTable id="by-type" title="By the visitor's listing type" breakdown={breakdowns.byType} />
          <BreakdownTable id="by-industry" title="By the visitor's industry" breakdown={breakdowns.byIndustry} />
        </div>
      </Card>
      <Card className="p-4 sm:p-6">
        <h2 className="text-lg font-semibold">Introduction requests</h2>
        <p className="mt-1 text-sm text-fg-muted">By the month they were made (UTC), and how far each got.</p>
        <div
          className="mt-3 overflow-x-auto focus-visible:outline-2 focus-visible:outline-accent"
          role="region"
          aria-label="Introduction requests by month (scrolls sideways on narrow screens)"
          tabIndex={0}
        >
          <table className="w-full text-right text-sm tabular-nums" data-testid="intro-outcomes">
            <caption className="sr-only">Introduction requests to this listing per month, by outcome</caption>
            <thead className="text-xs text-fg-muted">
              <tr>
                <th scope="col" className="py-2 pr-2 text-left font-medium">
                  Month
                </th>
                {FUNNEL_STEPS.map((step) => (
                  <th key={step} scope="col" className="px-2 py-2 font-medium">
                    {INTRO_COLUMNS[step]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {intros.months.slice(0, 6).map(({ month: m, counts }) => (
                <tr key={m} className="border-t border-border">
                  <th scope="row" className="py-2 pr-2 text-left font-medium whitespace-nowrap">
                    {formatMonth(m)}
                  </th>
                  {FUNNEL_STEPS.map((step) => (
                    <td key={step} className={counts[step] ? "px-2 py-2" : "px-2 py-2 text-fg-muted"}>
                      {counts[step]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
      <SummaryEmailCard on={summaryEmails} result={result} />
    </div>
  );
}

/** The monthly summary's switch: a plain form, so it works without JavaScript. It covers every listing the member keeps. */
function SummaryEmailCard({ on, result }: { on: boolean; result?: FormResult }) {
  const summaryEmails = on;
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-lg font-semibold">Monthly summary e-mail</h2>
      <p className="mt-1 text-sm text-fg-muted" data-testid="summary-state">
        {summaryEmails
          ? "On: early each month we e-mail you the last month's views, search appearances and introduction requests of the listings you keep."
          : "Off: you get no monthly summary."}
      </p>
      <Form method="post" className="mt-3">
        <input type="hidden" name="summaryEmails" value={summaryEmails ? "off" : "on"} />
        <Button type="submit" variant="secondary">
          {summaryEmails ? "Turn the monthly e-mail off" : "Turn the monthly e-mail on"}
        </Button>
      </Form>
      {result?.message ? (
        <p role={result.ok ? "status" : "alert"} className={result.ok ? "mt-2 text-sm" : "mt-2 text-sm text-danger"}>
          {result.message}
        </p>
      ) : null}
    </Card>
  );
}
