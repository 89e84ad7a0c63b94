/**
 * Digest periods (decision 0062), in UTC: a day from midnight to midnight, a week from Monday to Monday (ISO). The
 * scheduler sends the period that ended last; an operator may send the one in progress.
 */
import type { DigestCadence } from "#db/values/saved-searches.ts";
import { formatDate } from "~/lib/format-date.ts";
import type { DigestPeriod } from "./digest-section.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The period of `cadence` that contains `at`. */
export function periodContaining(cadence: DigestCadence, at: Date): DigestPeriod {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  if (cadence === "daily") return { from: new Date(midnight), to: new Date(midnight + DAY_MS) };
  // getUTCDay: Sunday 0 … Saturday 6; days since Monday.
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  const monday = midnight - sinceMonday * DAY_MS;
  return { from: new Date(monday), to: new Date(monday + 7 * DAY_MS) };
}

/** The last period of `cadence` that has ended by `now`. */
export function lastEndedPeriod(cadence: DigestCadence, now: Date): DigestPeriod {
  const current = periodContaining(cadence, now);
  return periodContaining(cadence, new Date(current.from.getTime() - 1));
}

/** How a period is named in a subject line: "25 Nov 2026" or "the week of 23 Nov 2026". */
export function periodLabel(cadence: DigestCadence, period: DigestPeriod): string {
  const day = formatDate(period.from);
  return cadence === "daily" ? day : `the week of ${day}`;
}
