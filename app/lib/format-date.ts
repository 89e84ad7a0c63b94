/**
 * The one date module: every date or time a person reads (pages, e-mails, messages) is printed by one of these
 * formats, one per kind of date. Machine formats (ISO in JSON, CSV, file names, query strings) are not for here.
 *
 * | kind                                                       | format                  | example                                    |
 * | ---------------------------------------------------------- | ----------------------- | ------------------------------------------ |
 * | an event: when something happened (last active, received)  | formatEventTime(at,now) | "just now", "5 minutes ago", "3 hours ago" |
 * |   ... once it is a day old or more, or in the future        |                         | "28 Nov 2026, 17:01 UTC"                   |
 * | an absolute time, with its zone, where it matters (audit   | formatDateTime(at)      | "28 Nov 2026, 17:01 UTC"                   |
 * |   log, jobs started and finished, backups, e-mails)        |                         |                                            |
 * | a time of day within one run's log (lines seconds apart)   | formatClock(at)         | "17:01:09 UTC"                             |
 * | a calendar date (renewals, invoices, until, since)         | formatDate(at)          | "28 Nov 2026"                              |
 * | a month (funding rounds, monthly counts)                   | formatMonth(at)         | "Nov 2026"                                 |
 * | a month on a chart axis whose year is given beside it      | formatMonthName(at)     | "Nov"                                      |
 *
 * Written by hand in UTC, not with Intl or toLocale*: the server's and the browser's ICU disagree ("Sep" / "Sept",
 * "Nov 28, 2026, 5:09 PM" in one locale, "28/11/2026" in another), and a page whose server HTML and hydration
 * differ is broken. UTC, said so, because operators in different zones compare the same entries.
 *
 * Relative words depend on "now", so `now` is always a parameter: the loader sends the server's now with the data,
 * the server's HTML and the browser's hydration print the same words, and tests pass a fixed now (decision 0111).
 * Nothing here reads the clock. A value that is not a date comes back as the text it was.
 */

export type DateInput = string | number | Date;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/** An event this recent is said relatively ("3 hours ago"); older, by its date and time. */
export const RECENT_MS = 24 * HOUR;
/** Two machines' clocks may disagree by a little: an event up to this far ahead of now is "just now", not a date. */
const CLOCK_SKEW_MS = MINUTE;

const pad = (n: number) => String(n).padStart(2, "0");

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const day = (d: Date) => `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;

/** "28 Nov 2026, 17:01 UTC": an absolute time with its zone. */
export function formatDateTime(value: DateInput): string {
  const d = toDate(value);
  return d ? `${day(d)}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC` : String(value);
}

/** "28 Nov 2026": a calendar date ("2026-11-28" stays that day in every zone). */
export function formatDate(value: DateInput): string {
  const d = toDate(value);
  return d ? day(d) : String(value);
}

/** "Nov 2026", from a date or a month key ("2026-11"). */
export function formatMonth(value: DateInput): string {
  const d = toDate(value);
  return d ? `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}` : String(value);
}

/** "Nov", from a date or a month key: for a chart's axis, where the year is said elsewhere. */
export function formatMonthName(value: DateInput): string {
  const d = toDate(value);
  return d ? MONTHS[d.getUTCMonth()]! : String(value);
}

/** "17:01:09 UTC": the time of day to the second, for lines of one run's log. */
export function formatClock(value: DateInput): string {
  const d = toDate(value);
  return d ? `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} UTC` : String(value);
}

const ago = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"} ago`;

/**
 * When something happened, as of `now`: "just now" (under a second, or a little ahead of now), "45 seconds ago",
 * "5 minutes ago", "3 hours ago" within a day; from a day on (or further in the future) the absolute time.
 */
export function formatEventTime(value: DateInput, now: DateInput): string {
  const at = toDate(value);
  const reference = toDate(now);
  if (!at) return String(value);
  if (!reference) return formatDateTime(at);
  const elapsed = reference.getTime() - at.getTime();
  if (elapsed < -CLOCK_SKEW_MS || elapsed >= RECENT_MS) return formatDateTime(at);
  if (elapsed < SECOND) return "just now";
  if (elapsed < MINUTE) return ago(Math.floor(elapsed / SECOND), "second");
  if (elapsed < HOUR) return ago(Math.floor(elapsed / MINUTE), "minute");
  return ago(Math.floor(elapsed / HOUR), "hour");
}

/** An ISO timestamp or calendar date, as the JSON of a record carries it ("2026-11-24T14:05:00.000Z", "2026-11-24"). */
export function isIsoDate(value: unknown): value is string {
  return (
    typeof value === "string" && /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/.test(value)
  );
}
