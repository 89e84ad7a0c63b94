/**
 * The filters investors reach for first (issue 31, decision 0084): amount raised, team size and ticket size as bands
 * (list filters with facet counts), last round and last investment as "within the past N months", founded year as a
 * range. Pure: the bands a listing falls in, how free text is read, and the URL form of the scalar ones.
 */

const RAISED_BANDS = ["under-1m", "1m-5m", "5m-20m", "20m-100m", "over-100m"] as const;
const TEAM_SIZE_BANDS = ["1-10", "11-50", "51-200", "201-1000", "1000+"] as const;
const TICKET_SIZE_BANDS = ["under-500k", "500k-2m", "2m-10m", "over-10m"] as const;
export const WINDOWS = ["3m", "6m", "12m", "24m"] as const;
export type Window = (typeof WINDOWS)[number];

/** The band filters, each a list filter whose index keys are these codes. */
export const BAND_CODES = { raised: RAISED_BANDS, teamSize: TEAM_SIZE_BANDS, ticketSize: TICKET_SIZE_BANDS } as const;
export type BandFilter = keyof typeof BAND_CODES;

export const BAND_LABELS: Record<BandFilter, Record<string, string>> = {
  raised: { "under-1m": "Under $1M", "1m-5m": "$1M - $5M", "5m-20m": "$5M - $20M", "20m-100m": "$20M - $100M", "over-100m": "Over $100M" },
  teamSize: { "1-10": "1-10", "11-50": "11-50", "51-200": "51-200", "201-1000": "201-1,000", "1000+": "Over 1,000" },
  ticketSize: { "under-500k": "Under $500K", "500k-2m": "$500K - $2M", "2m-10m": "$2M - $10M", "over-10m": "Over $10M" },
};
export const WINDOW_LABELS: Record<Window, string> = {
  "3m": "Past 3 months",
  "6m": "Past 6 months",
  "12m": "Past 12 months",
  "24m": "Past 2 years",
};

/** Lower bounds of each band, in dollars or people; a band runs to the next one's bound (exclusive). */
const RAISED_FROM = [0, 1e6, 5e6, 20e6, 100e6];
const TICKET_FROM = [0, 500e3, 2e6, 10e6];
const TEAM_FROM = [1, 11, 51, 201, 1001];

function bandAt(bounds: readonly number[], value: number): number {
  let at = -1;
  for (let i = 0; i < bounds.length; i++) if (value >= bounds[i]!) at = i;
  return at;
}

/** The band of a total raised in dollars; none for no figure (zero is "under $1M": a company said it raised nothing). */
export function raisedBand(amount: number | null): string | null {
  if (amount === null || !Number.isFinite(amount) || amount < 0) return null;
  return RAISED_BANDS[bandAt(RAISED_FROM, amount)] ?? null;
}

/** "$250K", "1.5m", "2,000,000", "20M+" → dollars; null when there is no number. */
function money(text: string): number | null {
  const match = /(\d+(?:[.,]\d+)*)\s*(k|m|mm|b|bn|thousand|million|billion)?\b/i.exec(text);
  if (!match) return null;
  const digits = match[1]!;
  // "1,500,000" is thousands separators; "1,5" (a decimal comma) is read as 1.5.
  const plain = /^\d{1,3}(,\d{3})+$/.test(digits) ? digits.replace(/,/g, "") : digits.replace(",", ".");
  const unit = (match[2] ?? "").toLowerCase();
  const scale = unit.startsWith("k") || unit === "thousand" ? 1e3 : unit.startsWith("m") ? 1e6 : unit.startsWith("b") ? 1e9 : 1;
  const n = Number(plain) * scale;
  return Number.isFinite(n) ? n : null;
}

/** The numbers of a range as written ("$1M - $5M", "up to $500K", "$20M+", "1-10"), split at a dash or "to". */
function rangeOf(text: string, read: (part: string) => number | null): { low: number; high: number } | null {
  const parts = text
    .split(/\s*(?:-|–|—|\bto\b)\s*/i)
    .map(read)
    .filter((n): n is number => n !== null);
  if (!parts.length) return null;
  const low = Math.min(...parts);
  let high = Math.max(...parts);
  if (/\+|\bover\b|\bmore than\b|\babove\b/i.test(text) && parts.length === 1) high = Infinity;
  if (/\bup to\b|\bunder\b|\bless than\b|</i.test(text) && parts.length === 1) return { low: 0, high };
  return { low, high };
}

/**
 * The ticket bands an investor's ticket size text falls in. A ticket is a range ("$250K - $1M"): it is in every band it
 * overlaps, so an investor writing $250K-$1M cheques is found under "Under $500K" and "$500K - $2M". Text with no
 * amount in it is in no band.
 */
export function ticketBands(text: string | null): string[] {
  if (!text) return [];
  const range = rangeOf(text, money);
  if (!range) return [];
  return TICKET_SIZE_BANDS.filter((_, i) => range.low < (TICKET_FROM[i + 1] ?? Infinity) && range.high >= TICKET_FROM[i]!);
}

/**
 * The team band of a team size as written. A range is placed by its upper end ("201-500" is 201-1,000; "1-50" is
 * 11-50), a lone number by itself ("about 25 people" is 11-50), "N+" as more than N ("1000+" is over 1,000);
 * separators in numbers are ignored ("1,200"). Text with no number is in no band.
 */
export function teamSizeBand(text: string | null): string | null {
  if (!text) return null;
  const count = (part: string) => {
    const match = /\d[\d,.]*/.exec(part);
    if (!match) return null;
    const n = Number(match[0].replace(/[,.](?=\d{3}\b)/g, "").replace(",", "."));
    return Number.isFinite(n) ? Math.floor(n) : null;
  };
  const parts = text
    .split(/\s*(?:-|–|—|\bto\b)\s*/i)
    .map(count)
    .filter((n): n is number => n !== null);
  if (!parts.length) return null;
  let size = Math.max(...parts);
  if (parts.length === 1 && /\+|\bover\b|\bmore than\b/i.test(text)) size += 1;
  if (size < 1) return null;
  return TEAM_SIZE_BANDS[bandAt(TEAM_FROM, size)] ?? null;
}

/** The scalar investor filters of a query. */
export interface RangeFilters {
  lastRound?: Window;
  lastInvestment?: Window;
  foundedFrom?: number;
  foundedTo?: number;
}
export const RANGE_PARAMS = ["lastRound", "lastInvestment", "foundedFrom", "foundedTo"] as const;
export const MIN_FOUNDED = 1800;
export const MAX_FOUNDED = 2100;

/**
 * The first day (UTC, in milliseconds) a date must be on or after to be within a window ending today. Whole days, so
 * every request of one day shares one cutoff (and its cached counts); months are calendar months.
 */
export function windowStart(window: Window, now: Date): number {
  const months = Number(window.slice(0, -1));
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, now.getUTCDate());
}

/** The scalar filters read from URL parameters, with a message per value that cannot be honoured. */
export function readRangeFilters(single: (name: string) => string | null): {
  filters: RangeFilters;
  problems: Array<{ error: string; notice: string }>;
} {
  const filters: RangeFilters = {};
  const problems: Array<{ error: string; notice: string }> = [];
  for (const name of ["lastRound", "lastInvestment"] as const) {
    const raw = single(name)?.trim().toLowerCase();
    if (!raw) continue;
    if ((WINDOWS as readonly string[]).includes(raw)) filters[name] = raw as Window;
    else
      problems.push({
        error: `${name} must be one of ${WINDOWS.join(", ")} (got "${raw.slice(0, 40)}").`,
        notice: `The ${name === "lastRound" ? "last round" : "last investment"} filter was left out: "${raw.slice(0, 40)}" is not a period we offer.`,
      });
  }
  for (const name of ["foundedFrom", "foundedTo"] as const) {
    const raw = single(name)?.trim();
    if (!raw) continue;
    const year = /^\d{4}$/.test(raw) ? Number(raw) : NaN;
    if (year >= MIN_FOUNDED && year <= MAX_FOUNDED) filters[name] = year;
    else
      problems.push({
        error: `${name} must be a year from ${MIN_FOUNDED} to ${MAX_FOUNDED} (got "${raw.slice(0, 40)}").`,
        notice: `The founded year filter was left out: "${raw.slice(0, 40)}" is not a year.`,
      });
  }
  if (filters.foundedFrom !== undefined && filters.foundedTo !== undefined && filters.foundedFrom > filters.foundedTo) {
    problems.push({
      error: `foundedFrom (${filters.foundedFrom}) must not be after foundedTo (${filters.foundedTo}).`,
      notice: "The founded years were swapped: the first year was after the second.",
    });
    [filters.foundedFrom, filters.foundedTo] = [filters.foundedTo, filters.foundedFrom];
  }
  return { filters, problems };
}

/** Whether a query has any of the scalar filters. */
export function hasRangeFilters(filters: RangeFilters): boolean {
  return RANGE_PARAMS.some((name) => filters[name] !== undefined);
}
