/**
 * The search text of a directory query: the ranked classes over card text from the in-memory search index
 * (search-index.ts), and the description matches from the database's full-text index (English word forms,
 * prefixes). A listing matches when every word is found in its card text or, if the viewer may open it, in its
 * description (DESIGN D14: a locked listing's description is not searchable). Results live as long as the
 * index they are positions of, and take a bounded share of memory: each is a few bitsets of the index's size (125 KB
 * each at 1,000,000 listings), so how many are kept follows from the size, not a fixed count (issue 17).
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server.ts";
import { TtlCache } from "~/lib/ttl-cache.ts";
import { intersectInto, uniteInto, type Bitset } from "./bitset.ts";
import type { DirectoryIndex } from "./directory-index.ts";
import type { RankedClasses } from "./search-index.ts";

export interface TextResult {
  /** The search in the form results are cached by: equal keys match the same listings for the same viewer. */
  key: string;
  /** Listings matching the search for this viewer. */
  matches: Bitset;
  /** The relevance classes, best first; matches outside them (description only) rank last. */
  groups: Bitset[];
}

const CACHE_LIFETIME_MS = 2 * 60 * 1000;
/** Bytes of bitsets each of the two caches may hold per index. */
const CACHE_BYTES = 32 * 2 ** 20;
/** Bitsets in one ranked search: its five classes and about one per word. */
const SETS_PER_RANKING = 8;
const ranked = new WeakMap<DirectoryIndex, TtlCache<RankedClasses>>();
const described = new WeakMap<DirectoryIndex, TtlCache<Bitset>>();

function cacheOf<V>(caches: WeakMap<DirectoryIndex, TtlCache<V>>, index: DirectoryIndex, setsPerEntry: number): TtlCache<V> {
  let cache = caches.get(index);
  if (!cache) {
    const entryBytes = setsPerEntry * 4 * ((index.size + 31) >>> 5);
    const entries = Math.max(16, Math.min(2_000, Math.floor(CACHE_BYTES / Math.max(1, entryBytes))));
    caches.set(index, (cache = new TtlCache<V>(CACHE_LIFETIME_MS, entries)));
  }
  return cache;
}

/**
 * Listings whose description has a word starting with `word` (its English stem, so word forms match too), from the
 * narrow table of published listings' description words (db/schema/description-terms.ts, decision 0060).
 */
function descriptionMatches(database: Database, index: DirectoryIndex, word: string): Promise<Bitset> {
  return cacheOf(described, index, 1).get(word, async () => {
    const rows = await database.rows<{ id: string }>(sql`
      SELECT listing_id AS id FROM listing_description_terms WHERE terms @@ to_tsquery('english', ${`${word}:*`})`);
    return index.bitsetOf(rows.map((row) => row.id));
  });
}

export async function searchText(database: Database, index: DirectoryIndex, search: string, open: Bitset): Promise<TextResult> {
  const key = search.toLowerCase();
  const classes = await cacheOf(ranked, index, SETS_PER_RANKING).get(key, async () => (await index.searchIndex()).rank(search));
  const descriptions = await Promise.all(classes.words.map((word) => descriptionMatches(database, index, word)));
  let matches: Bitset = classes.perWord.length ? index.all.slice() : classes.cardText.slice();
  classes.perWord.forEach((card, i) => {
    matches = intersectInto(matches, uniteInto(intersectInto(descriptions[i]!.slice(), open), card));
  });
  return {
    key,
    matches,
    groups: [classes.exactName, classes.namePrefix, classes.nameWords, classes.nameTypos, classes.cardText],
  };
}
