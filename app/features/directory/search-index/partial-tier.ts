/**
 * The partial tier of a relevance-ordered search (decision 0082): when too few listings match every term, those
 * matching most of them follow, as Meilisearch's and Algolia's optional words or Elasticsearch's
 * minimum_should_match do. Pure: the sets come from the search index and the description search.
 */
import { difference, emptyBitset, hasBit, type Bitset } from "./bitset.ts";

/**
 * The partial tier joins when fewer listings than this match every term (for the viewer, before filters): a default
 * page (25). Fewer would leave most of the first page empty for a natural phrase with one word no listing uses.
 */
export const PARTIAL_TIER_BELOW = 25;

/**
 * Listings matching at least half the terms (rounded up) but not all of them, best first: more terms matched, then
 * where they matched (a term in the name 3, in the tagline or industries 2, only in the description 1, summed), then
 * the default order. `found` holds descriptions only where the viewer may open the listing, so hidden text neither
 * admits nor lifts a listing.
 */
export function partialTier(found: Bitset[], inName: Bitset[], onCard: Bitset[], strict: Bitset): Uint32Array {
  const need = Math.max(1, Math.ceil(found.length / 2));
  // atLeast[j]: listings matching more than j terms, counted a whole set at a time, so that only the listings matching
  // enough terms are visited one by one (at a million listings, a common word's set holds hundreds of thousands).
  const atLeast = Array.from({ length: need }, () => emptyBitset(strict.length * 32));
  for (const set of found) {
    for (let w = 0; w < set.length; w++) {
      const word = set[w]!;
      if (!word) continue;
      for (let j = need - 1; j > 0; j--) atLeast[j]![w]! |= atLeast[j - 1]![w]! & word;
      atLeast[0]![w]! |= word;
    }
  }
  const candidates = difference(atLeast[need - 1]!, strict);
  const buckets = new Map<number, number[]>();
  for (let w = 0; w < candidates.length; w++) {
    let bits = candidates[w]!;
    while (bits) {
      const low = bits & -bits;
      const position = w * 32 + 31 - Math.clz32(low);
      bits ^= low;
      let count = 0;
      let where = 0;
      for (let t = 0; t < found.length; t++) {
        if (!hasBit(found[t]!, position)) continue;
        count++;
        where += hasBit(inName[t]!, position) ? 3 : hasBit(onCard[t]!, position) ? 2 : 1;
      }
      const score = count * 32 + where;
      const bucket = buckets.get(score);
      if (bucket) bucket.push(position);
      else buckets.set(score, [position]);
    }
  }
  let total = 0;
  for (const bucket of buckets.values()) total += bucket.length;
  // Copied bucket by bucket: spreading a bucket of hundreds of thousands into push() overflows the stack.
  const out = new Uint32Array(total);
  let at = 0;
  for (const score of [...buckets.keys()].sort((a, b) => b - a)) {
    const bucket = buckets.get(score)!;
    out.set(bucket, at);
    at += bucket.length;
  }
  return out;
}
