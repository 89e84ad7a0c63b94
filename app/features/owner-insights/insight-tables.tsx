/**
 * The insights page's tables (decision 0117): a table with bars is the chart (numbers a screen reader reads, bars that
 * are only drawn), readable at 390 px. A hidden count is said in words, never drawn.
 */
import { formatDate } from "~/lib/format-date.ts";
import { isoWeekOf } from "./insight-weeks.ts";
import type { WeekCell } from "./listing-insights.server.ts";
import type { SafeBreakdown, SafeCell } from "./small-counts.ts";

const UNDER_FIVE = "Fewer than 5";

function Bar({ value, max }: { value: number; max: number }) {
  const width = value && max ? Math.max(2, Math.round((value / max) * 100)) : 0;
  return (
    <span aria-hidden="true" className="block h-2 rounded-full bg-surface-muted">
      {width ? <span className="block h-2 rounded-full bg-accent" style={{ width: `${width}%` }} /> : null}
    </span>
  );
}

const cellText = (cell: SafeCell) => (cell.shown ? String(cell.count) : UNDER_FIVE);
const cellMax = (cells: SafeCell[]) => Math.max(0, ...cells.map((c) => (c.shown ? c.count : 0)));

/** Views and appearances per week, newest first. */
export function WeeksTable({ weeks }: { weeks: WeekCell[] }) {
  const newestFirst = [...weeks].reverse();
  const maxViews = cellMax(weeks.map((w) => w.views));
  const maxShown = cellMax(weeks.map((w) => w.appearances));
  return (
    <table className="w-full table-fixed text-sm tabular-nums" data-testid="weeks-table">
      <caption className="sr-only">Profile views and search appearances per week, newest first</caption>
      <thead className="text-xs text-fg-muted">
        <tr>
          <th scope="col" className="w-[34%] py-2 text-left font-medium">
            Week
          </th>
          <th scope="col" className="py-2 pl-2 text-left font-medium">
            Profile views
          </th>
          <th scope="col" className="py-2 pl-2 text-left font-medium">
            Search appearances
          </th>
        </tr>
      </thead>
      <tbody>
        {newestFirst.map(({ week, views, appearances }, i) => {
          const { week: number } = isoWeekOf(week);
          return (
            <tr key={week} className="border-t border-border align-top">
              <th scope="row" className="py-2 text-left font-normal">
                <span className="block font-medium">{i === 0 ? "This week" : `Week ${number}`}</span>
                <span className="block text-xs text-fg-muted">from {formatDate(week)}</span>
              </th>
              <td className="py-2 pl-2">
                <span className={views.shown ? "" : "text-fg-muted"}>{cellText(views)}</span>
                {views.shown ? <Bar value={views.count} max={maxViews} /> : null}
              </td>
              <td className="py-2 pl-2">
                <span className={appearances.shown ? "" : "text-fg-muted"}>{cellText(appearances)}</span>
                {appearances.shown ? <Bar value={appearances.count} max={maxShown} /> : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** One breakdown (by plan, type or industry) of a month's views. */
export function BreakdownTable({ title, id, breakdown }: { title: string; id: string; breakdown: SafeBreakdown }) {
  return (
    <section aria-labelledby={id} className="min-w-0">
      <h3 id={id} className="text-sm font-semibold">
        {title}
      </h3>
      {breakdown.status === "too_few" ? (
        <p className="mt-2 text-sm text-fg-muted">Fewer than 5 views to show, so none is shown.</p>
      ) : (
        <table className="mt-2 w-full table-fixed text-sm tabular-nums">
          <caption className="sr-only">{title}: views per group</caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">Group</th>
              <th scope="col">Views</th>
            </tr>
          </thead>
          <tbody>
            {[...breakdown.buckets, ...(breakdown.other ? [{ key: "other", ...breakdown.other }] : [])].map((bucket) => (
              <tr key={bucket.key} className="border-t border-border align-top">
                <th scope="row" className="w-3/5 py-1.5 pr-2 text-left font-normal break-words">
                  {bucket.label}
                </th>
                <td className="py-1.5">
                  {bucket.count}
                  <Bar value={bucket.count} max={breakdown.total} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
