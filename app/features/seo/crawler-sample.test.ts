import { describe, expect, it } from "vitest";
import { crawlerViewOf } from "./crawler-coverage.ts";
import { hiddenValueFragments, sampleListing, typeLabelOf } from "./crawler-sample.ts";
import { detail } from "#test-support/viewer-listings.ts";

describe("sampleListing", () => {
  it("shows a public listing's fields as the crawler got them, revenue as its label", () => {
    const sample = sampleListing(crawlerViewOf(detail(), {}), false);
    expect(sample).toMatchObject({
      name: "Alder Pay",
      href: "/profile/startup/alder-pay",
      typeLabel: "Startup",
      lockedTo: null,
      noindex: false,
      problem: { state: "visible", text: detail().problem },
      revenueRange: { state: "visible", text: "$1M < X < $5M" },
      team: { state: "visible", names: ["Jane Moreau"] },
      industry: ["FinTech", "Healthcare", "AI"],
    });
  });

  it("shows gated fields as their placeholders, never their values", () => {
    const sample = sampleListing(crawlerViewOf(detail(), { team: "subscriber", revenueRange: "premium", solution: "subscriber" }), true);
    expect(sample.team).toEqual({
      state: "gated",
      placeholder: "Team profiles available",
      message: "Upgrade to view executive team details",
    });
    expect(sample.revenueRange).toEqual({ state: "gated", placeholder: "$X.XM+", message: "Upgrade to unlock revenue data" });
    expect(sample.solution.state).toBe("gated");
    expect(sample.noindex).toBe(true);
    expect(JSON.stringify(sample)).not.toContain("Jane Moreau");
    expect(JSON.stringify(sample)).not.toContain("1m_to_5m");
  });

  it("marks empty fields as empty", () => {
    const sample = sampleListing(crawlerViewOf(detail({ problem: null, team: [], revenueRange: null }), {}), false);
    expect([sample.problem, sample.team, sample.revenueRange]).toEqual([{ state: "empty" }, { state: "empty" }, { state: "empty" }]);
  });

  it("shows a listing above the public tier as its teaser, every detail gated", () => {
    const sample = sampleListing(crawlerViewOf(detail({ listingVisibility: "premium" }), {}), false);
    expect(sample.lockedTo).toBe("premium");
    expect(sample.problem).toEqual({ state: "gated", placeholder: "", message: "Premium access required" });
    expect(sample.industry).toEqual(["FinTech", "Healthcare"]);
    expect(JSON.stringify(sample)).not.toContain("Clinics lose weeks");
  });
});

describe("typeLabelOf", () => {
  it("defaults to Company (spec 02 §2)", () => {
    expect(typeLabelOf("investor")).toBe("Investor");
    expect(typeLabelOf(null)).toBe("Company");
    expect(typeLabelOf("agency")).toBe("Company");
  });
});

describe("hiddenValueFragments", () => {
  it("takes the ends of gated texts and the gated team's names, nothing visible", () => {
    const d = detail();
    const fragments = hiddenValueFragments(d, crawlerViewOf(d, { problem: "subscriber", team: "subscriber" }));
    expect(fragments).toEqual([d.problem!.slice(-40), "Jane Moreau"]);
  });

  it("takes the description too when the whole listing is locked", () => {
    const d = detail({ listingVisibility: "premium" });
    const fragments = hiddenValueFragments(d, crawlerViewOf(d, {}));
    expect(fragments).toContain(d.description!.slice(-40));
    expect(fragments).toContain("Jane Moreau");
  });

  it("is empty when nothing is gated", () => {
    expect(hiddenValueFragments(detail(), crawlerViewOf(detail(), {}))).toEqual([]);
  });
});
