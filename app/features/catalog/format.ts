/** Display rules shared by cards, tables and profiles (spec 01 §2 and §9). */
import { formatMonth } from "~/lib/format-date.ts";

export const MISSING = "---";

const AMOUNT_UNITS = [
  { size: 1e3, suffix: "K" },
  { size: 1e6, suffix: "M" },
  { size: 1e9, suffix: "B" },
] as const;

/** $1.5K, $2.3M, $1.0B: one decimal at the 1e3, 1e6 and 1e9 thresholds; below that, the plain amount. */
export function formatAmount(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return MISSING;
  const abs = Math.abs(amount);
  const sign = amount < 0 ? "-" : "";
  let unit = AMOUNT_UNITS.findLastIndex((u) => abs >= u.size);
  if (unit === -1) return `${sign}$${abs}`;
  let digits = (abs / AMOUNT_UNITS[unit]!.size).toFixed(1);
  // 999,950 rounds to "1000.0K": show it as the next unit up, "$1.0M".
  if (Number(digits) >= 1000 && unit < AMOUNT_UNITS.length - 1) {
    unit += 1;
    digits = (abs / AMOUNT_UNITS[unit]!.size).toFixed(1);
  }
  return `${sign}$${digits}${AMOUNT_UNITS[unit]!.suffix}`;
}

export const REVENUE_LABELS: Record<string, string> = {
  less_than_100k: "< $100K",
  "100k_to_1m": "$100K < X < $1M",
  "1m_to_5m": "$1M < X < $5M",
  "5m_to_10m": "$5M < X < $10M",
  "10m_to_50m": "$10M < X < $50M",
  more_than_50m: "> $50M",
};

/** The label of a revenue code; text ranges from older data pass through unchanged. */
export function revenueLabel(code: string | null | undefined): string | null {
  if (!code) return null;
  return REVENUE_LABELS[code] ?? code;
}

const BUSINESS_MODEL_LABELS: Record<string, string> = {
  retainer: "Retainer",
  retainer_plus_success: "Retainer + Success Fee",
  success_only: "Success Fee Only",
};

/** Known models get their label; any other value is shown raw (spec 01 §2). */
export function businessModelLabel(value: string): string {
  return BUSINESS_MODEL_LABELS[value] ?? value;
}

/** Round types like "series-a" as "Series A". */
export function roundTypeLabel(value: string | null | undefined): string {
  if (!value) return MISSING;
  return value
    .split("-")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(value.startsWith("pre") ? "-" : " ");
}

/** Up to `cap` items, and how many more there are ("+N"). */
export function capList<T>(items: readonly T[], cap: number): { shown: T[]; more: number } {
  return { shown: items.slice(0, cap), more: Math.max(0, items.length - cap) };
}

/** First `length` characters, cut at a word when possible, with an ellipsis when shortened. */
export function preview(text: string, length = 50): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const space = cut.lastIndexOf(" ");
  return `${(space > length * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * A round date ("2024-03-15") as the site shows it: a month, "Mar 2024" (the date module's). Missing is "---"; a
 * value that is not a date is shown as it came.
 */
export function formatRoundDate(value: string | null | undefined): string {
  const trimmed = value?.trim();
  if (!trimmed) return MISSING;
  const month = /^(\d{4}-\d{2})(?:-\d{2})?/.exec(trimmed)?.[1];
  return month && !Number.isNaN(Date.parse(month)) ? formatMonth(month) : trimmed;
}
