/**
 * pg_trgm's trigrams and similarity, in TypeScript, for the import's in-memory matcher (decision 0027): the same
 * candidates the trigram index would give (`match_key % key` and `match_key %> key`), without a query per company.
 * Match keys are already folded to lowercase words separated by single spaces (name-key.ts), so a word is split on
 * spaces only; pg_trgm pads each word with two spaces in front and one behind and keeps each trigram once.
 */

/** The distinct trigrams of a match key, as pg_trgm's show_trgm() lists them. */
export function trigrams(key: string): string[] {
  const out = new Set<string>();
  for (const word of key.split(" ")) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  }
  return [...out];
}

/** pg_trgm's similarity(): shared trigrams over all distinct trigrams of both. */
export function trigramSimilarity(shared: number, sizeA: number, sizeB: number): number {
  const union = sizeA + sizeB - shared;
  return union === 0 ? 0 : shared / union;
}

/** pg_trgm's default `%` threshold (pg_trgm.similarity_threshold). */
export const SIMILARITY_THRESHOLD = 0.3;
/**
 * The `%>` threshold the app sets on every connection (pg_trgm.word_similarity_threshold, app/lib/db.server.ts).
 * word_similarity(key, other) is at most shared / |trigrams(key)| (the best extent of `other` holds at most the
 * shared trigrams), so keeping every listing at or above this share keeps everything `%>` finds, and a few more
 * for the scorer to turn down.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.5;
