import { describe, expect, it } from "vitest";
import { mergedQualityScore, mergeListings, validFoundedYear, type ListingRow } from "./merge-rules.ts";

function listing(fields: Partial<ListingRow>): ListingRow {
  return {
    id: "id",
    slug: "slug",
    type: "startup",
    name: "Name",
    processingStatus: "published",
    createdAt: new Date("2025-01-01T00:00:00Z"),
    updatedAt: new Date("2025-06-01T00:00:00Z"),
    dataLastSynced: null,
    industryIds: [],
    geographyIds: [],
    countryIds: [],
    personaIds: [],
    featured: false,
    visibility: "public",
    fieldVisibility: {},
    lotDataQualityScore: null,
    foundedYear: null,
    ...fields,
  } as ListingRow;
}

const now = new Date("2026-11-23T12:00:00Z");

describe("merge rules", () => {
  it("preserves the survivor's name, status, created time and id", () => {
    const { update } = mergeListings(
      listing({ name: "Acme" }),
      listing({ id: "other", name: "ACME Inc", processingStatus: "draft", createdAt: new Date() }),
      now,
    );
    for (const field of ["id", "name", "processingStatus", "createdAt", "slug"]) expect(update).not.toHaveProperty(field);
  });

  it("overwrites fresh-data fields from the record synced last, and fills them when the survivor has none", () => {
    const survivor = listing({ ceo: "Old CEO", teamSize: "11-50", dataLastSynced: new Date("2026-01-01") });
    const fresher = listing({ ceo: "New CEO", teamSize: null, currentEmployeeCount: "42", dataLastSynced: new Date("2026-10-01") });
    const { update, conflictsResolved } = mergeListings(survivor, fresher, now);
    expect(update).toMatchObject({ ceo: "New CEO", currentEmployeeCount: "42" });
    expect(update).not.toHaveProperty("teamSize");
    expect(conflictsResolved).toContain("ceo");
    const older = listing({ ceo: "Stale CEO", dataLastSynced: new Date("2025-01-01") });
    expect(mergeListings(survivor, older, now).update).not.toHaveProperty("ceo");
  });

  it("unions list fields, survivor's first, without repeats", () => {
    const { update } = mergeListings(
      listing({ industryIds: [3, 1], countryIds: [7] }),
      listing({ industryIds: [1, 5], countryIds: [] }),
      now,
    );
    expect(update.industryIds).toEqual([3, 1, 5]);
    expect(update).not.toHaveProperty("countryIds");
  });

  it("takes the longer text and the larger amount", () => {
    const { update } = mergeListings(
      listing({ description: "Short.", tagline: "A much longer tagline here", aum: 100, amountRaised: null }),
      listing({ description: "A longer and better description.", tagline: "Short", aum: 50, amountRaised: 2_000_000 }),
      now,
    );
    expect(update).toMatchObject({ description: "A longer and better description.", amountRaised: 2_000_000 });
    expect(update).not.toHaveProperty("tagline");
    expect(update).not.toHaveProperty("aum");
  });

  it("keeps the survivor's phone and e-mail, and fills them from the other when it has none", () => {
    const kept = mergeListings(
      listing({ phone: "+4930123456", contactEmail: null }),
      listing({ phone: "+4930999999", contactEmail: "hello@acme.example" }),
      now,
    );
    expect(kept.update).not.toHaveProperty("phone");
    expect(kept.update).toMatchObject({ contactEmail: "hello@acme.example" });
    expect(kept.conflictsResolved).toContain("phone");
    const filled = mergeListings(listing({ phone: null }), listing({ phone: "+4930999999" }), now);
    expect(filled.update).toMatchObject({ phone: "+4930999999" });
  });

  it("moves the headquarters address as one: never a street of one with the city of the other", () => {
    const address = { hqStreet: "Torstraße 1", hqCity: "Berlin", hqRegion: null, hqPostalCode: "10119" };
    const partial = mergeListings(listing({ hqStreet: null, hqCity: "Munich", hqRegion: null, hqPostalCode: null }), listing(address), now);
    expect(partial.update).not.toHaveProperty("hqStreet");
    expect(partial.update).not.toHaveProperty("hqPostalCode");
    const none = mergeListings(listing({ hqStreet: null, hqCity: null, hqRegion: null, hqPostalCode: null }), listing(address), now);
    expect(none.update).toMatchObject({ hqStreet: "Torstraße 1", hqCity: "Berlin", hqPostalCode: "10119" });
  });

  it("accepts a founded year only after 1800 and not in the future", () => {
    expect(validFoundedYear(1799, now)).toBe(false);
    expect(validFoundedYear(2027, now)).toBe(false);
    expect(validFoundedYear(2019, now)).toBe(true);
    expect(mergeListings(listing({ foundedYear: 1700 }), listing({ foundedYear: 2019 }), now).update.foundedYear).toBe(2019);
    expect(mergeListings(listing({ foundedYear: 2015 }), listing({ foundedYear: 2019 }), now).update).not.toHaveProperty("foundedYear");
  });

  it("sets the quality score to the larger of both and 5, and keeps a featured flag", () => {
    expect(mergeListings(listing({ lotDataQualityScore: 3 }), listing({ lotDataQualityScore: 4 }), now).update.lotDataQualityScore).toBe(5);
    expect(mergeListings(listing({ lotDataQualityScore: 8 }), listing({ lotDataQualityScore: 4 }), now).update).not.toHaveProperty(
      "lotDataQualityScore",
    );
    expect(mergeListings(listing({}), listing({ featured: true }), now).update.featured).toBe(true);
  });
});

describe("mergedQualityScore (spec 02 §9)", () => {
  it("is the larger of existing, new and 5", () => {
    expect(mergedQualityScore(4, 4)).toBe(5);
    expect(mergedQualityScore(null, null)).toBe(5);
    expect(mergedQualityScore(7, 4)).toBe(7);
    expect(mergedQualityScore(3, 9)).toBe(9);
    expect(mergedQualityScore(undefined, 6)).toBe(6);
  });
});
