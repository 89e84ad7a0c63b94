/**
 * Billing periods as Stripe counts them: from the billing cycle anchor by whole months (a year is twelve), on the
 * anchor's day of the month or the month's last day when it has fewer (an anchor on 31 January renews on 28 or 29
 * February, then on 31 March), at the anchor's time of day. Prorations are the unused or remaining share of the
 * period in seconds, rounded to the cent.
 */

const MONTHS = { month: 1, year: 12 } as const;
export type Interval = keyof typeof MONTHS;

/** The anchor moved on by `periods` intervals, in seconds. */
export function addPeriods(anchor: number, interval: Interval, periods: number): number {
  const date = new Date(anchor * 1000);
  const months = date.getUTCMonth() + MONTHS[interval] * periods;
  const year = date.getUTCFullYear() + Math.floor(months / 12);
  const month = ((months % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(date.getUTCDate(), lastDay);
  return Date.UTC(year, month, day, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()) / 1000;
}

/** The end of the period that starts at or after `start`: the first anchor date after it. */
export function periodEndAfter(anchor: number, interval: Interval, start: number): number {
  let k = 1;
  while (addPeriods(anchor, interval, k) <= start) k += 1;
  return addPeriods(anchor, interval, k);
}

/** The part of `amount` for the seconds from `at` to the period's end. */
export function prorate(amount: number, periodStart: number, periodEnd: number, at: number): number {
  const length = periodEnd - periodStart;
  if (length <= 0) return 0;
  const left = Math.min(Math.max(periodEnd - at, 0), length);
  return Math.round((amount * left) / length);
}

/** "12 Mar 2027": dates on invoices and pages, in UTC. */
export function formatDate(seconds: number): string {
  return new Date(seconds * 1000).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
}

/** "$29.00": amounts in cents, as invoices show them. */
export function formatAmount(cents: number, currency = "usd"): string {
  const sign = cents < 0 ? "-" : "";
  const symbol = currency === "usd" ? "$" : `${currency.toUpperCase()} `;
  return `${sign}${symbol}${(Math.abs(cents) / 100).toFixed(2)}`;
}
