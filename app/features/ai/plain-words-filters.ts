/**
 * What the model answered for "Ask in plain words" (decision 0087), made into directory filters. The answer is
 * untrusted: it may have been steered by the sentence (prompt injection) or be plain wrong. So it is never executed
 * or shown: each known key is checked on its own against the real reference lists and closed sets, every value
 * that does not exist is dropped, and what remains is only ever written as /listings URL parameters.
 */
import { z } from "zod";
import type { ReferenceData } from "../catalog/reference-data.server.ts";
import { LISTING_TYPES, type ListingType } from "../catalog/listing-types.ts";

/**
 * The investor filters' URL parameters and their closed sets of values (issue 31): the directory reads them where
 * those filters are built; here they are only values the model may choose among.
 */
export const RAISED_BANDS = ["under-1m", "1m-5m", "5m-20m", "20m-100m", "over-100m"] as const;
export const TEAM_SIZES = ["1-10", "11-50", "51-200", "201-1000", "1000+"] as const;
export const TICKET_SIZES = ["under-500k", "500k-2m", "2m-10m", "over-10m"] as const;
export const RECENCY = ["3m", "6m", "12m", "24m"] as const;

/** The lists a sentence can name, as the reference data spells them (what the URL carries). */
export type PlainWordsLists = Pick<ReferenceData, "industries" | "fundingStages" | "countries" | "geographies">;

export interface PlainWordsFilters {
  type?: ListingType;
  industries: string[];
  fundingStages: string[];
  countries: string[];
  geographies: string[];
  searchQuery?: string;
  raised: string[];
  lastRound?: string;
  foundedFrom?: number;
  foundedTo?: number;
  teamSize: string[];
  ticketSize: string[];
  lastInvestment?: string;
}

export interface ReadFilters {
  filters: PlainWordsFilters;
  /** How many values of the answer were left out: not in a list, of the wrong kind, or words the member never typed. */
  dropped: number;
}

/** More than this many values of one list is not a description of what someone looks for. */
const MAX_VALUES = 20;
const MAX_SEARCH_CHARACTERS = 200;
const EARLIEST_FOUNDED = 1900;

const StringList = z.array(z.unknown()).max(200);

/** The first JSON object in the answer: models often wrap it in a ```json fence or a sentence. Null when there is none. */
export function jsonObjectIn(content: string): Record<string, unknown> | null {
  const start = content.indexOf("{");
  const end = content.lastIndexOf("}");
  if (start < 0 || end <= start) return null;
  try {
    const value: unknown = JSON.parse(content.slice(start, end + 1));
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Lowercase letters and digits only: how a model's "fintech" or "Series-A" finds "FinTech" and "Series A". */
const fold = (value: string) =>
  value
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "");

/** The words of a text, folded: what searchQuery may keep (only words the member typed). */
const wordsOf = (text: string) =>
  text
    .normalize("NFKC")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * The filters the answer names, each checked against the lists and sets; `sentence` is the member's own text, the
 * only source of search words; `year` the current year (no founding date in the future).
 */
export function readModelFilters(answer: Record<string, unknown>, lists: PlainWordsLists, sentence: string, year: number): ReadFilters {
  let dropped = 0;
  const names = (raw: unknown, items: ReadonlyArray<{ name: string }>, aliases: (item: { name: string }) => string[] = () => []) => {
    if (raw === undefined || raw === null) return [];
    const parsed = StringList.safeParse(Array.isArray(raw) ? raw : [raw]);
    if (!parsed.success) return ((dropped += 1), []);
    const byFolded = new Map<string, string>();
    for (const item of items) for (const key of [item.name, ...aliases(item)]) if (fold(key)) byFolded.set(fold(key), item.name);
    const found = new Set<string>();
    for (const value of parsed.data) {
      const name = typeof value === "string" ? byFolded.get(fold(value)) : undefined;
      if (name) found.add(name);
      else dropped += 1;
    }
    const kept = [...found];
    if (kept.length > MAX_VALUES) dropped += kept.length - MAX_VALUES;
    return kept.slice(0, MAX_VALUES);
  };
  const oneOf = <T extends string>(raw: unknown, allowed: readonly T[]): T | undefined => {
    if (raw === undefined || raw === null || raw === "") return undefined;
    const value = typeof raw === "string" ? allowed.find((a) => a === raw.trim().toLowerCase()) : undefined;
    if (!value) dropped += 1;
    return value;
  };
  const someOf = <T extends string>(raw: unknown, allowed: readonly T[]): T[] => {
    if (raw === undefined || raw === null) return [];
    const values = (Array.isArray(raw) ? raw : [raw]).map((v) => oneOf(v, allowed)).filter((v): v is T => v !== undefined);
    return [...new Set(values)];
  };
  const yearOf = (raw: unknown): number | undefined => {
    if (raw === undefined || raw === null || raw === "") return undefined;
    const value = typeof raw === "string" && /^\d{4}$/.test(raw.trim()) ? Number(raw) : raw;
    if (typeof value === "number" && Number.isInteger(value) && value >= EARLIEST_FOUNDED && value <= year) return value;
    dropped += 1;
    return undefined;
  };

  const type = oneOf(answer.type, LISTING_TYPES);
  let foundedFrom = yearOf(answer.foundedFrom);
  let foundedTo = yearOf(answer.foundedTo);
  if (foundedFrom !== undefined && foundedTo !== undefined && foundedFrom > foundedTo) [foundedFrom, foundedTo] = [foundedTo, foundedFrom];

  const filters: PlainWordsFilters = {
    ...(type ? { type } : {}),
    industries: names(answer.industries, lists.industries, (i) => {
      const item = i as PlainWordsLists["industries"][number];
      return [item.industryKey, item.preMigrationName, item.secondaryCategory].filter((x): x is string => Boolean(x));
    }),
    fundingStages: names(answer.fundingStages, lists.fundingStages),
    countries: names(answer.countries, lists.countries, (c) => [(c as PlainWordsLists["countries"][number]).isoCode]),
    geographies: names(answer.geographies, lists.geographies),
    raised: someOf(answer.raised, RAISED_BANDS),
    teamSize: someOf(answer.teamSize, TEAM_SIZES),
    ticketSize: someOf(answer.ticketSize, TICKET_SIZES),
  };
  const lastRound = oneOf(answer.lastRound, RECENCY);
  const lastInvestment = oneOf(answer.lastInvestment, RECENCY);
  if (lastRound) filters.lastRound = lastRound;
  if (lastInvestment) filters.lastInvestment = lastInvestment;
  if (foundedFrom !== undefined) filters.foundedFrom = foundedFrom;
  if (foundedTo !== undefined) filters.foundedTo = foundedTo;

  // Search words only from the member's own sentence: the model chooses among them, it cannot add text of its own.
  if (typeof answer.searchQuery === "string" && answer.searchQuery.trim()) {
    const typed = new Set(wordsOf(sentence).map(fold));
    const words = wordsOf(answer.searchQuery);
    const kept = words.filter((w) => typed.has(fold(w)));
    dropped += words.length - kept.length;
    const text = [...kept.join(" ")].slice(0, MAX_SEARCH_CHARACTERS).join("").trim();
    if (text) filters.searchQuery = text;
  } else if (answer.searchQuery !== undefined && answer.searchQuery !== null && answer.searchQuery !== "") dropped += 1;
  return { filters, dropped };
}

/** How many filters the member will see applied. */
export function filterCount(filters: PlainWordsFilters): number {
  const lists = [
    filters.industries,
    filters.fundingStages,
    filters.countries,
    filters.geographies,
    filters.raised,
    filters.teamSize,
    filters.ticketSize,
  ];
  const singles = [filters.type, filters.searchQuery, filters.lastRound, filters.lastInvestment, filters.foundedFrom, filters.foundedTo];
  return lists.reduce((n, l) => n + l.length, 0) + singles.filter((v) => v !== undefined).length;
}

/** The URL parameter that carries the sentence to /listings, so the page can say what produced its filters. */
export const ASKED_PARAM = "asked";

/** The /listings address of the filters, with the sentence that produced them. */
export function plainWordsHref(filters: PlainWordsFilters, sentence: string): string {
  const params = new URLSearchParams();
  if (filters.searchQuery) params.set("searchQuery", filters.searchQuery);
  if (filters.type) params.set("type", filters.type);
  for (const name of ["industries", "fundingStages", "countries", "geographies", "raised", "teamSize", "ticketSize"] as const)
    for (const value of filters[name]) params.append(name, value);
  for (const name of ["lastRound", "lastInvestment", "foundedFrom", "foundedTo"] as const)
    if (filters[name] !== undefined) params.set(name, String(filters[name]));
  params.set(ASKED_PARAM, sentence);
  return `/listings?${params.toString()}`;
}
