/**
 * The search text of a directory query: the ranked classes over card text from the in-memory search index
 * (search-index.ts), and the description matches from the in-memory description index (text-indexes.server.ts:
 * PostgreSQL's English word forms, prefixes). A listing matches when every term is found in its card text or, if the viewer may open it, in its
 * description (DESIGN D14: a locked listing's description is not searchable); for a relevance-ordered page that
 * finds too little, listings matching most terms follow (decision 0082). Results live as long as the
 * index they are slots of and only while its text indexes have not changed (textVersion), and take a bounded share of
 * memory: each is a few bitsets of the index's capacity (125 KB each at 1,000,000 listings), so how many are kept
 * follows from the capacity, not a fixed count (issue 17).
 */
import type { Database } from "~/lib/db.server.ts";
import { cacheLookupCounter } from "~/lib/metrics.server.ts";
import { TtlCache } from "~/lib/ttl-cache.ts";
import { countBits, intersectInto, setBit, uniteInto, type Bitset } from "../search-index/bitset.ts";
import type { DirectoryIndex } from "../search-index/directory-index.ts";
import { partialTier, PARTIAL_TIER_BELOW } from "../search-index/partial-tier.ts";
import { allOf, termSets, type RankedClasses } from "../search-index/search-index.ts";
import { descriptionMatches, textVersion } from "../search-index/text-indexes.server.ts";

export interface TextResult {
  /** The search in the form results are cached by: equal keys match the same listings for the same viewer. */
  key: string;
  /** Listings matching the search for this viewer: every term, and the partial tier when it joined. */
  matches: Bitset;
  /** The relevance classes, best first, the last of them every listing matching all terms. */
  groups: Bitset[];
  /** The partial tier (decision 0082): listings matching most terms but not all, best first; empty when it did not join. */
  partial: Uint32Array;
}

const CACHE_LIFETIME_MS = 2 * 60 * 1000;
/**
 * Bytes of bitsets each of the two caches may hold per index (at a million listings, 12 MB is 90 descriptions' words
 * or 6 searches; 32 MB each was a fifth of a process's memory peak under a load of new searches, issue 33).
 */
const CACHE_BYTES = 12 * 2 ** 20;
/** Bitsets in one ranked search: its five classes and about two per word. */
const SETS_PER_RANKING = 16;
const ranked = new WeakMap<DirectoryIndex, TtlCache<RankedClasses>>();
const rankedLookups = cacheLookupCounter("text_search_ranked");
const describedLookups = cacheLookupCounter("text_search_descriptions");
const described = new WeakMap<DirectoryIndex, TtlCache<Bitset>>();

function cacheOf<V>(
  caches: WeakMap<DirectoryIndex, TtlCache<V>>,
  index: DirectoryIndex,
  setsPerEntry: number,
  capacity: number,
): TtlCache<V> {
  let cache = caches.get(index);
  if (!cache) {
    const entryBytes = setsPerEntry * 4 * ((capacity + 31) >>> 5);
    const entries = Math.max(4, Math.min(2_000, Math.floor(CACHE_BYTES / Math.max(1, entryBytes))));
    caches.set(index, (cache = new TtlCache<V>(CACHE_LIFETIME_MS, entries, caches === ranked ? rankedLookups : describedLookups)));
  }
  return cache;
}

/**
 * The search text's matches for a viewer who may open `open`. With `partial` (a relevance-ordered page), when fewer
 * than PARTIAL_TIER_BELOW listings match every term, the listings matching most of them follow (partialTier); with
 * "always", they follow however many match every term (ranking words, which order a page without narrowing it).
 */
export async function searchText(
  database: Database,
  index: DirectoryIndex,
  search: string,
  open: Bitset,
  partial: boolean | "always" = false,
): Promise<TextResult> {
  const key = search.toLowerCase();
  const cards = index.search;
  const capacity = cards.capacity;
  // Answers cached before a change to the text indexes are not served after it.
  const version = `${textVersion(index)}\u0000`;
  const classes = await cacheOf(ranked, index, SETS_PER_RANKING, capacity).get(version + key, async () => cards.rank(search));
  const descriptions = await Promise.all(
    classes.words.map((word) =>
      cacheOf(described, index, 1, capacity).get(version + word, () => descriptionMatches(database, index, word, capacity)),
    ),
  );
  // Per word: its card text, or its description where the viewer may open the listing (decision 0030).
  const found = classes.perWord.map((card, i) => uniteInto(intersectInto(descriptions[i]!.slice(), open), card));
  const perTerm = termSets(classes.terms, found, capacity);
  const strict = allOf(perTerm, capacity);
  const groups = [classes.exactName, classes.namePrefix, classes.nameWords, classes.nameTypos, classes.cardText, strict];
  const tier =
    partial && classes.terms.length > 1 && (partial === "always" || countBits(strict) < PARTIAL_TIER_BELOW)
      ? partialTier(perTerm, termSets(classes.terms, classes.inName, capacity), termSets(classes.terms, classes.perWord, capacity), strict)
      : new Uint32Array(0);
  const matches = strict.slice();
  for (const position of tier) setBit(matches, position);
  return { key: `${key}${tier.length ? "\u0000partial" : ""}`, matches, groups, partial: tier };
}
