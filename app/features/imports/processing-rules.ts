/**
 * The processing rules of spec 02 §5 and §9: what one lead-data provider record becomes before the importer writes
 * it. Pure and small, so each rule is tested on its own; the choices the spec leaves open are in
 * docs/decisions/0025-import-processing.md.
 */
import type { ROUND_TYPES } from "#db/schema/listing-details.ts";
import { linkedinPage } from "~/features/duplicates/matching/url-keys.ts";
import { validFoundedYear as isBetterFoundedYear } from "~/features/duplicates/merge-rules.ts";
import type { CategoryMatch, MatchConfidence } from "~/features/taxonomy/category-match.ts";
import { mapProviderCategory } from "~/features/taxonomy/provider-category-map.ts";
import type { ProviderPerson, ProviderRecord } from "./provider/provider-record.ts";

export type RoundType = (typeof ROUND_TYPES)[number];
export type Currency = "USD" | "EUR" | "GBP";

// ---- Currency (spec 02 §5) ----------------------------------------------------------------------------------

const ACCEPTED_CURRENCIES: readonly Currency[] = ["USD", "EUR", "GBP"];

/** Quotes stripped and uppercased; USD, EUR and GBP kept, anything else (or nothing) falls back to USD. */
export function cleanCurrency(raw: string | null | undefined): Currency {
  const code = (raw ?? "")
    .replace(/["'`“”‘’]/g, "")
    .trim()
    .toUpperCase();
  return (ACCEPTED_CURRENCIES as readonly string[]).includes(code) ? (code as Currency) : "USD";
}

/**
 * Whether the amount really is in the cleaned currency. The spec relabels JPY, INR and the rest as USD without
 * converting them, so such an amount must not be read as dollars (e.g. to guess a round type). A missing currency
 * is taken as USD, the provider's default.
 */
export function currencyIsGenuine(raw: string | null | undefined): boolean {
  const code = (raw ?? "").replace(/["'`“”‘’]/g, "").trim();
  return code === "" || (ACCEPTED_CURRENCIES as readonly string[]).includes(code.toUpperCase());
}

// ---- Round types (spec 02 §5, §9) ---------------------------------------------------------------------------

/** Texts that name no kind of round: the amount decides instead. */
const UNSPECIFIED_ROUNDS = new Set([
  "",
  "unknown",
  "undisclosed",
  "n-a",
  "na",
  "none",
  "venture",
  "venture-round",
  "funding-round",
  "funding",
]);

const SERIES: Readonly<Record<string, RoundType>> = { a: "series-a", b: "series-b", c: "series-c", d: "series-d" };

/**
 * A provider's spelling ("Series A", "series_a", "Pre-Seed", "pre seed", "SEED") as one of spec 02 §5's round
 * types; null when it names no kind of round, so the amount decides. Known kinds outside the list (Series E and
 * later, debt, private equity, IPO) are 'other'.
 */
export function normaliseRoundType(raw: string | null | undefined): RoundType | null {
  const text = (raw ?? "")
    .replace(/["'`]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[\s_.–—/]+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
  if (UNSPECIFIED_ROUNDS.has(text)) return null;
  if (/^grants?$/.test(text)) return "grant";
  if (/^(pre-?seed|angel)(-round)?$/.test(text)) return "pre-seed";
  if (/^seed(-round|-funding|-extension|\+)?$/.test(text)) return "seed";
  const series = /^series-?([a-z])(?![a-z])/.exec(text);
  if (series) return SERIES[series[1]!] ?? "other";
  return "other";
}

/** Spec 02 §9 "Round type by amount when missing"; each bound belongs to the next type ("under 500k"). */
const ROUND_TYPE_BOUNDS: ReadonlyArray<readonly [number, RoundType]> = [
  [500_000, "pre-seed"],
  [3_000_000, "seed"],
  [15_000_000, "series-a"],
  [50_000_000, "series-b"],
  [100_000_000, "series-c"],
  [500_000_000, "series-d"],
];

/** Null when there is no usable amount: 0 is how providers write "undisclosed", not a round of nothing. */
export function roundTypeByAmount(amountUsd: number | null | undefined): RoundType | null {
  if (typeof amountUsd !== "number" || !Number.isFinite(amountUsd) || amountUsd <= 0) return null;
  return ROUND_TYPE_BOUNDS.find(([bound]) => amountUsd < bound)?.[1] ?? "other";
}

// ---- Founded year, description, quality score ---------------------------------------------------------------

/** The year when it is a whole year after 1800 and not in the future (spec 02 §5), else null. */
export function validFoundedYear(year: number | null | undefined, now = new Date()): number | null {
  return typeof year === "number" && Number.isInteger(year) && isBetterFoundedYear(year, now) ? year : null;
}

export const DESCRIPTION_CAP = 5000;
const ELLIPSIS = "…";
/** A cut further back than this loses too much text for a tidy word boundary: cut mid-word instead. */
const MIN_KEPT_AT_WORD = DESCRIPTION_CAP - 200;

/**
 * At most 5000 characters (spec 02 §9). Counted in UTF-16 units, which is never less than PostgreSQL's
 * char_length, so the listing's check holds; a longer text is cut at a word boundary and ends with "…".
 */
export function capDescription(text: string | null | undefined): string | null {
  const trimmed = text?.trim();
  if (!trimmed) return null;
  if (trimmed.length <= DESCRIPTION_CAP) return trimmed;
  let cut = trimmed.slice(0, DESCRIPTION_CAP - ELLIPSIS.length);
  const space = cut.search(/\s\S*$/);
  if (space >= MIN_KEPT_AT_WORD) cut = cut.slice(0, space);
  // Never leave half of a surrogate pair (an emoji) before the ellipsis.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return cut.trimEnd() + ELLIPSIS;
}

export const IMPORT_QUALITY_SCORE = 4;

// ---- Team size (spec 02 §9) ---------------------------------------------------------------------------------

/** Up to 200 employees is '50-200', more is '500-1000'; null when the count is unknown (missing, 0 or negative). */
export function teamSizeBucket(employeeCount: number | null | undefined): "50-200" | "500-1000" | null {
  if (typeof employeeCount !== "number" || !Number.isFinite(employeeCount) || employeeCount < 1) return null;
  return employeeCount <= 200 ? "50-200" : "500-1000";
}

/**
 * The provider's size as a head count: the midpoint of a range rounded down ("11-50" → "30", "1-10" → "5"), a
 * single number as it is ("250"), an open range by its lower bound ("10001+" → "10001"); null for anything else.
 */
export function employeeCountText(size: string | number | null | undefined): string | null {
  if (typeof size === "number") return Number.isInteger(size) && size > 0 ? String(size) : null;
  const text = (size ?? "")
    .replace(/,/g, "")
    .replace(/\s*(employees|people|staff)$/i, "")
    .trim();
  const range = /^(\d+)\s*(?:-|–|—|to)\s*(\d+)$/i.exec(text);
  if (range) {
    const [low, high] = [Number(range[1]), Number(range[2])];
    return low + high > 0 ? String(Math.floor((low + high) / 2)) : null;
  }
  const single = /^(\d+)\s*\+?$/.exec(text);
  return single && Number(single[1]) > 0 ? String(Number(single[1])) : null;
}

// ---- People (spec 02 §5, §9) --------------------------------------------------------------------------------

const EMPLOYEES_PER_GROUP = 5;

/** The first word is the first name, the rest the last name; null for an empty name. */
export function splitName(full: string | null | undefined): { firstName: string; lastName: string | null } | null {
  const words = (full ?? "").normalize("NFC").trim().split(/\s+/u).filter(Boolean);
  if (words.length === 0) return null;
  return { firstName: words[0]!, lastName: words.length > 1 ? words.slice(1).join(" ") : null };
}

export interface PickedPerson {
  name: string;
  title: string | null;
  email: string | null;
  linkedinUrl: string | null;
  isCeo: boolean;
  /** The contact group it came from; null for the CEO and for a plain list of employees. */
  group: string | null;
}

type ContactInfo = ProviderRecord["contact_info"];

/** What makes two entries one person: the same e-mail, LinkedIn profile or name, without case or spacing. */
function identities(person: ProviderPerson): string[] {
  const linkedin = linkedinPage(person.linkedin_url) ?? person.linkedin_url?.trim().toLowerCase();
  return [
    person.email ? `email:${person.email.trim().toLowerCase()}` : null,
    linkedin ? `linkedin:${linkedin}` : null,
    person.name ? `name:${person.name.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase()}` : null,
  ].filter((v): v is string => v !== null);
}

/**
 * The CEO first, then the first 5 of each contact group in the provider's order. People without a name are
 * dropped, and so is anyone already taken (the CEO, or the same person in an earlier group) before the 5 are
 * counted, so a group still gives 5 when it lists the CEO.
 */
export function pickEmployees(contactInfo: ContactInfo | null | undefined, ceo: ProviderPerson | null | undefined): PickedPerson[] {
  const seen = new Set<string>();
  const picked: PickedPerson[] = [];
  const take = (person: ProviderPerson, group: string | null, isCeo: boolean): boolean => {
    const name = person.name?.normalize("NFC").trim().replace(/\s+/g, " ");
    const ids = identities(person);
    if (!name || ids.some((id) => seen.has(id))) return false;
    ids.forEach((id) => seen.add(id));
    const title = person.title?.trim() || (isCeo ? "CEO" : null);
    picked.push({ name, title, email: person.email?.trim() || null, linkedinUrl: person.linkedin_url?.trim() || null, isCeo, group });
    return true;
  };
  if (ceo) take(ceo, null, true);
  const employees = contactInfo?.employees ?? [];
  const groups: Array<[string | null, ProviderPerson[]]> = Array.isArray(employees) ? [[null, employees]] : Object.entries(employees);
  for (const [group, people] of groups) {
    let taken = 0;
    for (const person of people) {
      if (taken >= EMPLOYEES_PER_GROUP) break;
      if (take(person, group, false)) taken++;
    }
  }
  return picked;
}

// ---- Industries (spec 02 §3, §4) ----------------------------------------------------------------------------

export interface ImportIndustry extends CategoryMatch {
  /** The provider's category name that led here. */
  source: string;
}

const RANK: Readonly<Record<MatchConfidence, number>> = { exact: 0, fuzzy: 1, fallback: 2 };

/**
 * main_category and categories through the provider map, then the category matcher, each key once at its surest
 * confidence, main category first. The fallback (Software::Technology) is kept only when no name placed anything:
 * an unplaceable tag next to real ones says nothing. No categories at all gives no industries.
 */
export function industriesFor(record: Pick<ProviderRecord, "main_category" | "company_info">): ImportIndustry[] {
  const names = [record.main_category, ...(record.company_info.categories ?? [])].map((n) => n?.trim()).filter((n): n is string => !!n);
  const byKey = new Map<string, ImportIndustry>();
  for (const name of names) {
    const match = mapProviderCategory(name);
    const known = byKey.get(match.key);
    if (!known || RANK[match.confidence] < RANK[known.confidence]) byKey.set(match.key, { ...match, source: name });
  }
  const all = [...byKey.values()];
  const placed = all.filter((m) => m.confidence !== "fallback");
  return placed.length > 0 ? placed : all;
}

// ---- Records (spec 02 §5) -----------------------------------------------------------------------------------

/** Records without a non-empty name are dropped on processing. */
export function isImportable(record: Pick<ProviderRecord, "company_name">): boolean {
  return !!record.company_name?.trim();
}
