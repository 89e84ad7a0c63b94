/**
 * Monthly series for the dashboard's charts. The database returns only the months that have rows; a chart needs
 * every month of the window, empty ones as zero, or a quiet month would silently vanish from the axis. Months are
 * calendar months in UTC ("2025-03"), the same buckets the SQL makes with date_trunc on UTC time.
 */
import { formatMonth, formatMonthName } from "~/lib/format-date.ts";

/** The dashboard's window: this month and the eleven before it. */
const CHART_MONTHS = 12;

/** "2025-03" for a date, in UTC. */
export function monthKey(date: Date): string {
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** The first instant of the window: midnight UTC on the first day of the oldest month. */
export function windowStart(now: Date, months = CHART_MONTHS): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1), 1));
}

/** The window's month keys, oldest first, ending with the month of `now`. */
export function lastMonths(now: Date, months = CHART_MONTHS): string[] {
  const start = windowStart(now, months);
  return Array.from({ length: months }, (_, i) => monthKey(new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + i, 1))));
}

/** "Mar" for "2025-03"; with the year, "Mar 2025" (for tables and tooltips, where the axis gives no year). */
export function monthLabel(key: string, withYear = false): string {
  return withYear ? formatMonth(key) : formatMonthName(key);
}

export interface MonthCount<S extends string> {
  month: string;
  series: S;
  n: number;
}

export interface MonthRow<S extends string> {
  month: string;
  values: Record<S, number>;
}

/**
 * One row per month of the window with a value for every series, zero where the query had no row. Rows outside
 * the window or of an unknown series are dropped; rows repeating a month and series are added up.
 */
export function fillMonths<S extends string>(
  counts: ReadonlyArray<MonthCount<S>>,
  months: readonly string[],
  series: readonly S[],
): MonthRow<S>[] {
  const zero = () => Object.fromEntries(series.map((s) => [s, 0])) as Record<S, number>;
  const byMonth = new Map(months.map((m) => [m, zero()]));
  for (const { month, series: s, n } of counts) {
    const row = byMonth.get(month);
    if (row && s in row) row[s] += n;
  }
  return months.map((month) => ({ month, values: byMonth.get(month)! }));
}

/** The tallest column: the sum of a month's values when stacked, its largest value when grouped; at least 1. */
export function chartMax<S extends string>(rows: ReadonlyArray<MonthRow<S>>, stacked: boolean): number {
  let max = 1;
  for (const { values } of rows) {
    const numbers = Object.values<number>(values);
    const height = stacked ? numbers.reduce((a, b) => a + b, 0) : Math.max(0, ...numbers);
    max = Math.max(max, height);
  }
  return max;
}
