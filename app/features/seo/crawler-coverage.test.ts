import { describe, expect, it } from "vitest";
import {
  addToCoverage,
  coveragePercent,
  crawlerFields,
  crawlerViewOf,
  emptyCoverage,
  formatPercent,
  hasContent,
  visibleFieldCount,
  type CrawlerFields,
} from "./crawler-coverage.ts";
import { detail } from "#test-support/viewer-listings.ts";

const NONE: CrawlerFields = { tagline: null, problem: null, solution: null, revenueRange: null, team: [], industry: [] };

describe("what the crawler receives", () => {
  it("is the whole listing when nothing is gated", () => {
    const fields = crawlerFields(crawlerViewOf(detail(), {}));
    expect(fields).toEqual({
      tagline: "Payments for clinics",
      problem: detail().problem,
      solution: detail().solution,
      revenueRange: "1m_to_5m",
      team: ["Jane Moreau"],
      industry: ["FinTech", "Healthcare", "AI"],
    });
    expect(visibleFieldCount(fields)).toBe(6);
  });

  it("loses gated fields: their placeholders are not content", () => {
    const view = crawlerViewOf(detail(), { team: "subscriber", problem: "premium" });
    expect(view.status === "ok" && view.listing.lockedFields.problem?.placeholder).toBeTruthy();
    const fields = crawlerFields(view);
    expect(fields.team).toEqual([]);
    expect(fields.problem).toBeNull();
    expect(visibleFieldCount(fields)).toBe(4);
  });

  it("follows the listing's own field levels over the global rules", () => {
    const fields = crawlerFields(crawlerViewOf(detail({ fieldVisibility: { revenueRange: "subscriber" } }), {}));
    expect(fields.revenueRange).toBeNull();
  });

  it("is only the teaser for a listing above the public tier: tagline and two industries", () => {
    const view = crawlerViewOf(detail({ listingVisibility: "subscriber" }), {});
    expect(view.status).toBe("locked");
    const fields = crawlerFields(view);
    expect(fields).toEqual({ ...NONE, tagline: "Payments for clinics", industry: ["FinTech", "Healthcare"] });
    expect(hasContent(fields)).toBe(false);
    expect(visibleFieldCount(fields)).toBe(2);
  });
});

describe("hasContent (spec 02 §3: any of problem, solution, team, revenue range)", () => {
  it.each([
    ["problem", { problem: "p" }, true],
    ["solution", { solution: "s" }, true],
    ["team", { team: ["A"] }, true],
    ["revenue range", { revenueRange: "1m_to_5m" }, true],
    ["only tagline and industry", { tagline: "t", industry: ["AI"] }, false],
    ["blank texts", { problem: "  ", solution: "" }, false],
  ])("%s", (_name, fields, expected) => {
    expect(hasContent({ ...NONE, ...fields })).toBe(expected);
  });
});

describe("coverage statistics", () => {
  it("counts listings, listings with content and visible fields", () => {
    const stats = [
      { ...NONE, problem: "p", tagline: "t" },
      { ...NONE, industry: ["AI"] },
      { ...NONE, team: ["A"], revenueRange: "x", solution: "s" },
    ].reduce(addToCoverage, emptyCoverage());
    expect(stats).toEqual({ totalListings: 3, listingsWithContent: 2, fieldsVisible: 6 });
    expect(formatPercent(coveragePercent(stats))).toBe("66.7%");
  });

  it("is 0.0% with no listings", () => {
    expect(formatPercent(coveragePercent(emptyCoverage()))).toBe("0.0%");
    expect(formatPercent(100)).toBe("100.0%");
  });
});
