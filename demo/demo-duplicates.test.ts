/**
 * The demo directory's only duplicates are the planted ones: every pair of listings of the 600-listing demo (and of
 * the 300 the review-queue test seeds), scored as the duplicate scan scores its candidates, is flagged exactly
 * when one listing was planted as a copy of the other. All pairs are scored, not only the scan's candidates, so
 * this holds whatever the scan's blocking picks.
 */
import { describe, expect, it } from "vitest";
import { rarity } from "~/features/duplicates/server/duplicate-scan.server.ts";
import { prepare, scorePair } from "~/features/duplicates/matching/match-score.ts";
import { nameKey } from "~/features/duplicates/matching/name-key.ts";
import { generateListings } from "./generate-listings.ts";
import { testReferences } from "./test-references.ts";

function flaggedPairs(count: number) {
  const listings = [...generateListings(count, testReferences())];
  const records = listings.map((g, i) => {
    const countries = g.listing.countryIds as number[];
    return prepare({
      id: String(i),
      name: g.listing.name,
      website: g.listing.websiteUrl as string | null,
      linkedin: g.listing.linkedinUrl as string | null,
      country: countries.length === 1 ? String(countries[0]) : null,
      industries: g.listing.industryIds as number[],
      // The contact block as the scan reads it: a planted copy's phone and address count for or against it.
      hqStreet: g.listing.hqStreet as string | null,
      hqCity: g.listing.hqCity as string | null,
      hqRegion: g.listing.hqRegion as string | null,
      hqPostalCode: g.listing.hqPostalCode as string | null,
      phone: g.listing.phone as string | null,
      contactEmail: g.listing.contactEmail as string | null,
    });
  });
  const wordCounts = new Map<string, number>();
  const keyCounts = new Map<string, number>();
  for (const record of records) {
    for (const word of new Set(nameKey(record.name).key.split(" "))) wordCounts.set(word, (wordCounts.get(word) ?? 0) + 1);
    keyCounts.set(record.nameKey.key, (keyCounts.get(record.nameKey.key) ?? 0) + 1);
  }
  const context = { weight: rarity(wordCounts, count), listingsWithKey: (key: string) => Math.max(2, keyCounts.get(key) ?? 2) };
  const flagged: string[] = [];
  for (let a = 0; a < count; a++)
    for (let b = a + 1; b < count; b++) {
      const result = scorePair(records[a]!, records[b]!, context);
      if (result.band !== "none") flagged.push(`${listings[a]!.listing.name} / ${listings[b]!.listing.name}: ${result.band}`);
    }
  const planted = listings.flatMap((g, i) => {
    if (g.meta.duplicateOf === null) return [];
    const sure = i % 97 === 96 && !g.listing.name.endsWith(" Ltd");
    return [`${listings[g.meta.duplicateOf]!.listing.name} / ${g.listing.name}: ${sure ? "auto_merge" : "review"}`];
  });
  return { flagged: flagged.sort(), planted: planted.sort() };
}

describe("duplicates in the demo data", () => {
  it.each([300, 600])("are exactly the planted ones among %i listings: sure ones auto-merge, near ones go to review", (count) => {
    const { flagged, planted } = flaggedPairs(count);
    expect(planted.length).toBe(Math.floor(count / 97));
    expect(flagged).toEqual(planted);
  });
});
