/**
 * Reads a directory search as a person means it (decision 0083): words that name a listing type, an industry, a
 * funding stage or a place become the directory's own filters, and the rest is searched as text. Words are resolved
 * against the reference lists the database holds (they change: the industries migrate to a taxonomy), the small
 * synonym table in query-words.ts, and the headquarters cities the viewer may see (decision 0088). Conservative on purpose: a search that is a listing's name, or the start of one, is
 * left alone, a word after "for" names a market and stays text, and a type word that contradicts the chosen type too.
 */
import type { ListingType } from "../catalog/listing-types.ts";
import type { ReferenceData } from "../catalog/reference-data.server.ts";
import type { DirectoryQuery, ListFilter } from "./directory-filters.ts";
import {
  CITY_NAMES_THAT_ARE_WORDS,
  INDUSTRY_WORDS,
  INVESTING_WORDS,
  JOINING_WORDS,
  MARKET_WORD,
  PLACE_WORDS,
  TECH_WORDS,
  REGION_WORDS,
  STAGE_WORDS,
  TYPE_WORDS,
} from "./query-words.ts";
import { normalizeText } from "./search-index/search-text.ts";

/**
 * The filters a search word may become. The city is a gated field (decision 0030): a city is read only from the cities
 * of listings that show the viewer theirs, so a chip never names a headquarters the viewer may not see.
 */
export type InterpretedFilter = "type" | Extract<ListFilter, "industries" | "fundingStages" | "countries" | "cities" | "geographies">;

export interface InterpretedTerm {
  /** The words of the search, in normal form, that became the filter. */
  words: string;
  filter: InterpretedFilter;
  /** Filter values as the URL carries them (a region such as the Nordics is several countries). */
  values: string[];
}

export interface QueryInterpretation {
  /** The search as typed. */
  original: string;
  terms: InterpretedTerm[];
  /** What is still searched as text ("" when every word became a filter). */
  remainingText: string;
  /**
   * Words let go because nothing matched them all (decision 0088): the text left over, then filters' words, in the
   * order of the search. Absent when every word applies.
   */
  unmatched?: string[];
}

type Meaning = { filter: InterpretedFilter; values: string[] };
/** What a phrase (in normal form) means, if anything. */
export interface PhraseMeanings {
  get(phrase: string): Meaning | undefined;
}

/** Longest phrase looked up, in words ("central and eastern europe"). */
const MAX_PHRASE = 4;

/** Every phrase the reference lists and the synonym table give a meaning, by normal form; the first meaning wins. */
export function meaningsOf(ref: ReferenceData): Map<string, Meaning> {
  const out = new Map<string, Meaning>();
  const add = (phrase: string | null | undefined, meaning: Meaning, chosen = false) => {
    const key = phrase ? normalizeText(phrase) : "";
    // Two-letter names ("NA", ISO codes) are ordinary words too often ("in", "it", "us"); the synonym table's are chosen.
    if ((key.length > 2 || (chosen && key)) && !out.has(key)) out.set(key, meaning);
  };
  for (const [word, type] of Object.entries(TYPE_WORDS)) out.set(word, { filter: "type", values: [type] });
  for (const [word, stage] of Object.entries(STAGE_WORDS)) if (ref.fundingStages.some((s) => s.name === stage)) add(word, stage1(stage));
  for (const stage of ref.fundingStages) if (stage.name !== "Growth") add(stage.name, stage1(stage.name));
  const industryKeys = new Set(
    ref.industries.flatMap((x) =>
      [x.name, x.primaryCategory, x.secondaryCategory].filter((k): k is string => !!k).map((k) => k.toLowerCase()),
    ),
  );
  for (const [word, candidates] of Object.entries(INDUSTRY_WORDS)) {
    const value = candidates.find((c) => industryKeys.has(c.toLowerCase()));
    if (value) out.set(word, { filter: "industries", values: [value] });
  }
  for (const x of ref.industries) {
    add(x.primaryCategory, { filter: "industries", values: [x.primaryCategory!] });
    // A one-word taxonomy label is too often an ordinary word of a phrase ("milestone-based payments").
    if (x.secondaryCategory?.includes(" ")) add(x.secondaryCategory, { filter: "industries", values: [x.secondaryCategory] });
    add(x.name, { filter: "industries", values: [x.name] });
  }
  const countryNames = new Map(ref.countries.map((c) => [c.name.toLowerCase(), c.name]));
  for (const c of ref.countries) add(c.name, { filter: "countries", values: [c.name] });
  for (const [word, names] of Object.entries(PLACE_WORDS)) {
    const values = names.map((n) => countryNames.get(n.toLowerCase())).filter((n): n is string => !!n);
    if (values.length) add(word, { filter: "countries", values }, true);
  }
  for (const g of ref.geographies) add(g.name, { filter: "geographies", values: [g.name] });
  for (const [word, name] of Object.entries(REGION_WORDS)) if (ref.geographies.some((g) => g.name === name)) add(word, region1(name));
  return out;
}

/**
 * The phrase table with headquarters cities added: a phrase the table gives a meaning keeps it ("Luxembourg" is the
 * country), as do two-letter names and cities that are ordinary words (CITY_NAMES_THAT_ARE_WORDS).
 */
export function withCities(table: Map<string, Meaning>, cities: Iterable<string>): PhraseMeanings {
  const byKey = new Map<string, Meaning>();
  for (const city of cities) {
    const key = normalizeText(city);
    if (key.length > 2 && !CITY_NAMES_THAT_ARE_WORDS.has(key) && !table.has(key) && key.split(" ").length <= MAX_PHRASE)
      byKey.set(key, { filter: "cities", values: [city] });
  }
  return { get: (phrase) => table.get(phrase) ?? byKey.get(phrase) };
}

const stage1 = (name: string): Meaning => ({ filter: "fundingStages", values: [name] });
const region1 = (name: string): Meaning => ({ filter: "geographies", values: [name] });

/**
 * The interpretation of `text`, or null when there is nothing to interpret: no word names a filter, or the search is
 * a listing's name (`isListingName`: exactly, or its first words) and so means that listing.
 */
export function interpretSearch(
  text: string,
  ref: ReferenceData,
  isListingName: (phrase: string) => boolean,
  meanings: PhraseMeanings = meaningsOf(ref),
): QueryInterpretation | null {
  const words = normalizeText(text).split(" ").filter(Boolean);
  if (!words.length) return null;
  const terms: InterpretedTerm[] = [];
  const rest: string[] = [];
  let afterFor = false;
  let investing = false;
  for (let i = 0; i < words.length;) {
    // "who invests in …": the listings wanted are investors; a startup word after it is what they invest in.
    if (INVESTING_WORDS.has(words[i]!) && words[i + 1] === "in") {
      if (!investing) terms.push({ words: `${words[i]} in`, filter: "type", values: ["investor"] });
      investing = true;
      i += 2;
      continue;
    }
    if (investing && TYPE_WORDS[words[i]!] === "startup") {
      i++;
      continue;
    }
    let found: { length: number; meaning: Meaning } | null = null;
    for (let n = Math.min(MAX_PHRASE, words.length - i); n >= 1 && !found; n--) {
      const meaning = meanings.get(words.slice(i, i + n).join(" "));
      if (meaning && !(afterFor && meaning.filter === "industries")) found = { length: n, meaning };
    }
    // An industry right after a word searched as text ends that word's phrase ("speech analytics", "b2b fintech"):
    // the phrase is what is wanted, and the industry is in the card text the phrase is searched in anyway.
    const previous = rest.length && rest[rest.length - 1] === words[i - 1] ? words[i - 1]! : null;
    if (found?.meaning.filter === "industries" && previous && !JOINING_WORDS.has(previous) && previous !== MARKET_WORD) found = null;
    // "construction tech", "climate technology": the industry's own technology.
    if (found?.meaning.filter === "industries" && TECH_WORDS.has(words[i + found.length] ?? "")) found.length += 1;
    if (found) {
      terms.push({ words: words.slice(i, i + found.length).join(" "), ...found.meaning });
      i += found.length;
    } else {
      if (words[i] === MARKET_WORD) afterFor = true;
      rest.push(words[i]!);
      i++;
    }
  }
  // The name check last: it is the costly one, and most searches name no filter.
  if (!terms.length || isListingName(text)) return null;
  // "based" joins only in "based in" ("milestone-based" is a word of its own).
  const remaining = rest.filter((w, i) => !JOINING_WORDS.has(w) && w !== MARKET_WORD && !(w === "based" && rest[i + 1] === "in"));
  return { original: text, terms, remainingText: remaining.join(" ") };
}

/**
 * The query with the interpretation of its search applied: the filters added to those already chosen, the remaining
 * text as the search, and the interpretation as applied. Type words name one type; words naming two types ("startups
 * and investors") or another type than the one chosen mean no narrowing by type, so they are dropped.
 */
export function interpretQuery(
  query: DirectoryQuery,
  ref: ReferenceData,
  isListingName: (phrase: string) => boolean,
  meanings?: PhraseMeanings,
): { query: DirectoryQuery; interpretation: QueryInterpretation | null } {
  const read = query.searchQuery ? interpretSearch(query.searchQuery, ref, isListingName, meanings) : null;
  if (!read) return { query, interpretation: null };
  const out: DirectoryQuery = { ...query, searchQuery: read.remainingText || undefined, page: 1 };
  const typeTerms = read.terms.filter((t) => t.filter === "type");
  const types = new Set(typeTerms.flatMap((t) => t.values));
  const typeApplies = types.size === 1 && !query.entityType;
  if (typeApplies) out.entityType = [...types][0] as ListingType;
  const terms = typeApplies ? read.terms : read.terms.filter((t) => t.filter !== "type");
  if (!terms.length) return { query, interpretation: null };
  for (const term of terms) {
    if (term.filter === "type") continue;
    const have = new Set(out[term.filter].map((v) => v.toLowerCase()));
    out[term.filter] = [...out[term.filter], ...term.values.filter((v) => !have.has(v.toLowerCase()))];
  }
  // With no text left to search, the words still order the results (best match), without narrowing them.
  if (!out.searchQuery) out.rankBy = read.original;
  return { query: out, interpretation: { ...read, terms } };
}
