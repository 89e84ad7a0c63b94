/**
 * How the directory reads text for search: one normal form for names and queries, words, and a light English
 * stemmer so that "payments" finds "payment" and "investing" finds "investors". Queries and indexed text go
 * through the same functions, so what matters is that they agree, not that the stems are dictionary words.
 */

/** Lower case, accents folded ("Zürich" → "zurich"), "&" as "and", everything else not a letter or digit a space. */
export function normalizeText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** At most this many words of a query are used: more only slows the search and never narrows it usefully. */
export const MAX_QUERY_WORDS = 8;

/**
 * Marks that join the parts of one word ("milestone-based", "o'neil", "node.js", "b2b/saas"): the word counts in its
 * parts and joined ("e-commerce" → e, commerce, ecommerce). The index (wordsOf, PlainReader) and queries
 * (queryWordsOf) read them alike, so "milestone-based" finds what "milestone based" finds (decision 0082).
 */
const LINKED = /[\p{L}\p{N}]+(?:[-'’./][\p{L}\p{N}]+)+/gu;
const LINKS = /[-'’./]/g;

function folded(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

/** The words of a text in normal form. A linked word also counts joined ("e-commerce" → e, commerce, ecommerce). */
export function wordsOf(text: string): string[] {
  const words = normalizeText(text).split(" ").filter(Boolean);
  const joined = folded(text).match(LINKED);
  if (joined) for (const word of joined) words.push(word.replace(LINKS, ""));
  return words;
}

/**
 * Words that never decide a match (decision 0082): "AI for construction" is about AI and construction. They still
 * count in exact names and name prefixes, which read the whole query, and a query of nothing else keeps them.
 * Not "it" or "us", which people type for IT and the US.
 */
const STOP_WORDS: ReadonlySet<string> = new Set(
  "a an and are as at be by for from in into is its of on or our that the their this to via we with who which".split(" "),
);

/** A query read for matching: the words to look up, and the terms made of them that a listing must match. */
export interface QueryWords {
  /** Distinct words to look up, in normal form. */
  words: string[];
  /**
   * Each term as alternatives, each a list of indexes into `words` that must all be found: "payments" is [[0]];
   * "milestone-based" is [[joined], [milestone, based]], found joined or as both parts.
   */
  terms: number[][][];
  /** Each term as it was typed (for suggestions: the query with one term left out, or respelled). */
  typed: string[];
}

/** The terms of a search text: at most MAX_QUERY_WORDS, stop words left out unless there is nothing else. */
export function queryWordsOf(search: string): QueryWords {
  const groups =
    folded(search)
      .replace(/&/g, " and ")
      .match(/[\p{L}\p{N}]+(?:[-'’./][\p{L}\p{N}]+)*/gu) ?? [];
  const parsed = groups.map((typed) => {
    const parts = typed.split(LINKS).filter(Boolean);
    const meaningful = parts.filter((part) => !STOP_WORDS.has(part));
    return { typed, parts: meaningful.length ? meaningful : parts, stop: !meaningful.length, joined: parts.join("") };
  });
  const kept = parsed.some((group) => !group.stop) ? parsed.filter((group) => !group.stop) : parsed;
  const words: string[] = [];
  const idOf = (word: string) => {
    const at = words.indexOf(word);
    return at >= 0 ? at : words.push(word) - 1;
  };
  const terms: number[][][] = [];
  const typed: string[] = [];
  const seen = new Set<string>();
  for (const group of kept) {
    if (seen.has(group.joined) || terms.length >= MAX_QUERY_WORDS) continue;
    seen.add(group.joined);
    const alternatives = [group.parts.map(idOf)];
    if (group.parts.length > 1 || group.parts[0] !== group.joined) alternatives.unshift([idOf(group.joined)]);
    terms.push(alternatives);
    typed.push(group.typed);
  }
  return { words, terms, typed };
}

const VOWEL = /[aeiouy]/;

function hasVowel(text: string): boolean {
  return VOWEL.test(text);
}

/** Porter's step 1 (plurals, -ed, -ing), enough for the word forms people type in a directory search. */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  let w = word;
  if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("ies")) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("ss") || w.endsWith("us") || w.endsWith("is")) {
    // "business", "campus", "analysis" are not plurals
  } else if (w.endsWith("s") && hasVowel(w.slice(0, -2))) w = w.slice(0, -1);

  for (const suffix of ["ing", "ed"]) {
    const base = w.slice(0, -suffix.length);
    if (w.endsWith(suffix) && base.length >= 3 && hasVowel(base)) {
      w = base;
      if (/(at|bl|iz)$/.test(w)) w += "e";
      else if (/([^aeiouylsz])\1$/.test(w)) w = w.slice(0, -1);
      break;
    }
  }
  if (w.endsWith("y") && w.length > 3 && !VOWEL.test(w.charAt(w.length - 2))) w = `${w.slice(0, -1)}i`;
  return w;
}
