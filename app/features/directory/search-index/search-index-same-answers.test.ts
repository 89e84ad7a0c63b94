/**
 * The streaming SearchIndexBuilder answers every query exactly as the index before issue 17 did (kept in
 * search-index-before.test-support.ts), on awkward text and on the demo data.
 */
import { describe, expect, it } from "vitest";
import { Random } from "#demo/random.ts";
import { SearchIndex, SearchIndexBuilder, type RankedClasses } from "./search-index.ts";
import { BeforeIndex } from "./search-index-before.test-support.ts";
import { awkwardListings, demoListings, queriesFor } from "./search-index-listings.test-support.ts";

const CLASSES = ["exactName", "namePrefix", "nameWords", "nameTypos", "cardText", "perWord", "words"] as const;

/** The queries and classes where two indexes answer differently. */
function differences(queries: string[], expected: RankedClasses[], actual: RankedClasses[]): string[] {
  const out: string[] = [];
  queries.forEach((query, i) => {
    for (const key of CLASSES) {
      if (JSON.stringify(Object.values(expected[i]![key])) !== JSON.stringify(Object.values(actual[i]![key]))) out.push(`${query}: ${key}`);
    }
  });
  return out;
}

describe("the same answers as the index before issue 17", () => {
  it.each([
    ["awkward text", () => awkwardListings(4_000, new Random(7))],
    ["demo listings", () => demoListings(3_000)],
  ])("on %s, for names, prefixes, typos, several words, stems, one letter and no match", async (_, make) => {
    const listings = make();
    const queries = queriesFor(listings, new Random(11));
    const before = BeforeIndex.of(listings);
    const expected = queries.map((query) => before.rank(query));
    const builder = new SearchIndexBuilder(listings.length);
    listings.forEach((listing, position) => builder.add(position, listing.name, listing.tagline, listing.industries));
    const after = await builder.finish();
    const answers = queries.map((query) => after.rank(query));
    expect(differences(queries, expected, answers)).toEqual([]);
    const atOnce = SearchIndex.of(listings);
    expect(
      differences(
        queries,
        expected,
        queries.map((query) => atOnce.rank(query)),
      ),
    ).toEqual([]);
    // Not a vacuous comparison: the queries find listings in every class.
    for (const key of ["exactName", "namePrefix", "nameWords", "nameTypos", "cardText"] as const) {
      expect(answers.filter((answer) => answer[key].some((word) => word !== 0)).length, key).toBeGreaterThan(20);
    }
  });
});
