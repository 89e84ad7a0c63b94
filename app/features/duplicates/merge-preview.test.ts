import { describe, expect, it } from "vitest";
import { previewMerge } from "./merge-preview.ts";
import { mergeListings, type ListingRow } from "./merge-rules.ts";

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
    phone: null,
    ...fields,
  } as ListingRow;
}

const now = new Date("2026-11-23T12:00:00Z");
const kestrel = listing({ id: "k1", name: "Kestrel Secure", tagline: "Zero-trust access", foundedYear: 2018, industryIds: [1] });
const kestrelLtd = listing({
  id: "k2",
  name: "Kestrel Secure Ltd",
  tagline: "Managed security for small firms",
  foundedYear: 2025,
  industryIds: [1, 2],
  phone: "+441234567890",
});

describe("merge preview", () => {
  it("says for Kestrel Secure / Kestrel Secure Ltd what the survivor keeps and what is lost", () => {
    const { changes } = previewMerge(kestrel, kestrelLtd, now);
    const by = Object.fromEntries(changes.map((c) => [c.field, c]));
    expect(by.name).toMatchObject({ outcome: "kept", result: "Kestrel Secure", lost: "Kestrel Secure Ltd" });
    expect(by.foundedYear).toMatchObject({ outcome: "kept", result: 2018, lost: 2025 });
    // The longer tagline wins: the survivor's own is the one lost.
    expect(by.tagline).toMatchObject({ outcome: "taken", result: "Managed security for small firms", lost: "Zero-trust access" });
    expect(by.phone).toMatchObject({ outcome: "filled", result: "+441234567890", lost: null });
    expect(by.industryIds).toMatchObject({ outcome: "combined", result: [1, 2], lost: null });
  });

  it("lists every field the merge rules change, with the value the rules write", () => {
    const { update, mergedFields } = mergeListings(kestrel, kestrelLtd, now);
    const { changes } = previewMerge(kestrel, kestrelLtd, now);
    for (const field of mergedFields) expect(changes.find((c) => c.field === field)?.result).toEqual(update[field as keyof ListingRow]);
  });

  it("counts the fields both listings share instead of listing them", () => {
    const preview = previewMerge(listing({ name: "A", tagline: "Same" }), listing({ name: "A", tagline: "Same" }), now);
    expect(preview.changes.map((c) => c.field)).toEqual(["lotDataQualityScore"]);
    expect(preview.same).toBe(2);
  });
});
