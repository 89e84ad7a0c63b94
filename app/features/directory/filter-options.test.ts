/**
 * The filter panel's options as the directory route sends them (issue 33, cheaper pages): once the industry taxonomy
 * is migrated the panel shows the industries by primary category, so they are sent that way only, not a second time
 * as a flat list the panel never shows (214 records with their counts).
 */
import { describe, expect, it } from "vitest";
import type { ReferenceData } from "../catalog/reference-data.server.ts";
import type { Facets } from "./directory-result.ts";
import { buildFilterOptions } from "./filter-options.ts";

const none = { entityType: {}, featured: 0, geographies: {}, countries: {}, cities: {}, personas: {}, fundingStages: {} };
const facets = {
  ...none,
  industries: { "Software: AI": 3, "Software: Security": 1, Healthcare: 2 },
  businessModels: {},
  revenueRanges: {},
  raised: {},
  teamSize: {},
  ticketSize: {},
} as Facets;
const reference = (industries: ReferenceData["industries"]) =>
  ({
    industries,
    geographies: [],
    fundingStages: [],
    countries: [],
    targetPersonas: [],
    businessModels: [],
    revenueRanges: [],
    visibilityLevels: [],
  }) as unknown as ReferenceData;

describe("buildFilterOptions", () => {
  it("sends a flat industry list while the taxonomy is flat", () => {
    const options = buildFilterOptions(reference([{ id: 1, name: "Healthcare" }] as ReferenceData["industries"]), facets, 2026);
    expect(options.industryGroups).toBeNull();
    expect(options.industries).toEqual([{ value: "Healthcare", label: "Healthcare", count: 2 }]);
  });

  it("sends the migrated taxonomy by primary category only, not again as a flat list", () => {
    const options = buildFilterOptions(
      reference([
        { id: 1, name: "Software: AI", primaryCategory: "Software", secondaryCategory: "AI" },
        { id: 2, name: "Software: Security", primaryCategory: "Software", secondaryCategory: "Security" },
        { id: 3, name: "Healthcare", primaryCategory: "Healthcare", secondaryCategory: null },
      ] as ReferenceData["industries"]),
      facets,
      2026,
    );
    expect(options.industryGroups).toEqual([
      { primary: "Healthcare", options: [{ value: "Healthcare", label: "Healthcare", count: 2 }] },
      {
        primary: "Software",
        options: [
          { value: "Software: AI", label: "AI", count: 3 },
          { value: "Software: Security", label: "Security", count: 1 },
        ],
      },
    ]);
    expect(options.industries).toEqual([]);
  });
});
