/**
 * The calendar of owner insights (decision 0117): counts are kept per ISO week, which starts on a Monday at 00:00 UTC,
 * and summarised per calendar month (UTC). Pure; "now" is always a parameter.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

/** Weeks shown on the insights page: the current one and the eleven before it. */
const INSIGHT_WEEKS = 12;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The Monday (UTC) starting the ISO week `at` falls in, as "YYYY-MM-DD". */
export function weekStartOf(at: Date): string {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  // getUTCDay: Sunday 0 … Saturday 6; an ISO week starts on Monday.
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return isoDay(new Date(midnight - sinceMonday * DAY_MS));
}

/** The last `count` week starts up to the week of `now`, oldest first. */
export function recentWeeks(now: Date, count = INSIGHT_WEEKS): string[] {
  const current = Date.parse(`${weekStartOf(now)}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => isoDay(new Date(current - (count - 1 - i) * 7 * DAY_MS)));
}

/** The ISO week number and its year of a week start ("2026-11-23" → { year: 2026, week: 48 }). */
export function isoWeekOf(weekStart: string): { year: number; week: number } {
  const monday = Date.parse(`${weekStart}T00:00:00Z`);
  // The ISO year is the year of the week's Thursday; week 1 holds that year's first Thursday.
  const thursday = new Date(monday + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / DAY_MS / 7) + 1;
  return { year, week };
}

/** The first day (UTC) of the month `at` falls in, "YYYY-MM-01". */
function monthStartOf(at: Date): string {
  return isoDay(new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1)));
}

/** The month whose figures the week of `now` counts in: the month of its Sunday (see weeksOfMonth). */
export function monthOfWeek(now: Date): string {
  return monthStartOf(new Date(Date.parse(`${weekStartOf(now)}T00:00:00Z`) + 6 * DAY_MS));
}

/** The month that ended last by `now` (the one a monthly summary reports on): its first day and the next month's. */
export function lastEndedMonth(now: Date): { from: string; to: string } {
  return {
    from: isoDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))),
    to: monthStartOf(now),
  };
}

/** The month starting `from` ("YYYY-MM-01"): its first day and the next month's. */
export function monthFrom(from: string): { from: string; to: string } {
  const d = new Date(`${from}T00:00:00Z`);
  return { from, to: isoDay(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1))) };
}

/**
 * The weeks of a month: the ISO weeks whose Sunday falls in it (UTC). A month's weeks are over when the month is, so
 * its figures never change afterwards and two looks at it a week apart cannot be subtracted from each other.
 */
export function weeksOfMonth(monthStart: string): string[] {
  const { to } = monthFrom(monthStart);
  const weeks: string[] = [];
  // The first week whose Sunday is on or after the 1st starts at most six days before it.
  let monday = Date.parse(`${weekStartOf(new Date(`${monthStart}T00:00:00Z`))}T00:00:00Z`);
  for (; ; monday += 7 * DAY_MS) {
    const sunday = isoDay(new Date(monday + 6 * DAY_MS));
    if (sunday >= to) break;
    if (sunday >= monthStart) weeks.push(isoDay(new Date(monday)));
  }
  return weeks;
}

/** The last `count` months that have ended by `now`, newest first, as "YYYY-MM-01". */
export function endedMonths(now: Date, count = 12): string[] {
  return Array.from({ length: count }, (_, i) => isoDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1 - i, 1))));
}
