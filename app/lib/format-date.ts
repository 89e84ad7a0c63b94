/**
 * Dates and times as the operator screens print them: "24 Nov 2026, 14:05 UTC" and "24 Nov 2026". Always UTC, said
 * so, so the server's HTML and the browser's render agree and two operators in different zones read the same.
 */
const DATE_TIME = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", dateStyle: "medium", timeStyle: "short" });
const DATE = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", dateStyle: "medium" });

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "24 Nov 2026, 14:05 UTC"; text that is not a date comes back as it was. */
export function formatDateTime(value: string | number | Date): string {
  const date = toDate(value);
  return date ? `${DATE_TIME.format(date)} UTC` : String(value);
}

/** "24 Nov 2026" (a calendar date such as "2026-11-24" stays that day in every zone); text that is not a date comes back as it was. */
export function formatDate(value: string | number | Date): string {
  const date = toDate(value);
  return date ? DATE.format(date) : String(value);
}

/** An ISO timestamp or calendar date, as the JSON of a record carries it ("2026-11-24T14:05:00.000Z", "2026-11-24"). */
export function isIsoDate(value: unknown): value is string {
  return (
    typeof value === "string" && /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/.test(value)
  );
}
