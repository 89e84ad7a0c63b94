/**
 * The search text of a directory query: the ranked classes over card text from the in-memory search index
 * (search-index.ts), and the description matches from the database's full-text index (English word forms,
 * prefixes). A listing matches when every word is found in its card text or, if the viewer may open it, in its
 * description (DESIGN D14: a locked listing's description is not searchable). Results live as long as the
 * index they are positions of.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server.ts";
import { TtlCache } from "~/lib/ttl-cache.ts";
import { intersectInto, uniteInto, type Bitset } from "./bitset.ts";
import type { DirectoryIndex } from "./directory-index.ts";
import type { RankedClasses } from "./search-index.ts";

export interface TextResult {
  /** Listings matching the search for this viewer. */
  matches: Bitset;
  /** The relevance classes, best first; matches outside them (description only) rank last. */
  groups: Bitset[];
}

const CACHE_LIFETIME_MS = 2 * 60 * 1000;
const ranked = new WeakMap<DirectoryIndex, TtlCache<RankedClasses>>();
const described = new WeakMap<DirectoryIndex, TtlCache<Bitset>>();

function cacheOf<V>(caches: WeakMap<DirectoryIndex, TtlCache<V>>, index: DirectoryIndex, size: number): TtlCache<V> {
  let cache = caches.get(index);
  if (!cache) caches.set(index, (cache = new TtlCache<V>(CACHE_LIFETIME_MS, size)));
  return cache;
}

/** Listings whose description has a word starting with `word` (its English stem, so word forms match too). */
function descriptionMatches(database: Database, index: DirectoryIndex, word: string): Promise<Bitset> {
  return cacheOf(described, index, 2000).get(word, async () => {
    // Weight C of search_vector is the description; names and taglines are the search index's job.
    const rows = await database.rows<{ id: string }>(sql`
      SELECT id FROM listings
      WHERE processing_status = 'published' AND search_vector @@ to_tsquery('english', ${`${word}:*C`})`);
    return index.bitsetOf(rows.map((row) => row.id));
  });
}

export async function searchText(database: Database, index: DirectoryIndex, search: string, open: Bitset): Promise<TextResult> {
  const classes = await cacheOf(ranked, index, 500).get(search.toLowerCase(), async () => (await index.searchIndex()).rank(search));
  const descriptions = await Promise.all(classes.words.map((word) => descriptionMatches(database, index, word)));
  let matches: Bitset = classes.perWord.length ? index.all.slice() : classes.cardText.slice();
  classes.perWord.forEach((card, i) => {
    matches = intersectInto(matches, uniteInto(intersectInto(descriptions[i]!.slice(), open), card));
  });
  return {
    matches,
    groups: [classes.exactName, classes.namePrefix, classes.nameWords, classes.nameTypos, classes.cardText],
  };
}
