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

/** The words of a text in normal form. A hyphenated word also counts joined ("e-commerce" → e, commerce, ecommerce). */
export function wordsOf(text: string): string[] {
  const words = normalizeText(text).split(" ").filter(Boolean);
  const joined = text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .match(/[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)+/gu);
  if (joined) for (const word of joined) words.push(word.replace(/[-'’]/g, ""));
  return words;
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
