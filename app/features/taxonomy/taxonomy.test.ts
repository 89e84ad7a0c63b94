import { describe, expect, it } from "vitest";
import { PRIMARY_CATEGORIES as SEEDED_PRIMARIES } from "#demo/reference-data.ts";
import { mapProviderCategory, PROVIDER_CATEGORY_MAP } from "./provider-category-map.ts";
import {
  FALLBACK,
  industryKey,
  industryName,
  isTaxonomyKey,
  parseIndustryKey,
  PRIMARY_CATEGORIES,
  recordsOf,
  TAXONOMY,
  taxonomyRecords,
  taxonomyStats,
} from "./taxonomy.ts";

const SPEC_PRIMARIES =
  "AI, Marketing, Aerospace & Defense, Agriculture, Analytics, Architecture, Arts, FinTech, Battery Technology, Cosmetics, Biotechnology, Web3, Construction, Sports, Retail, Cybersecurity, E-commerce, Education, Energy, Environmental Services, Healthcare, Manufacturing, Software, Logistics, Media, Non-profit, Real Estate, Robotics, Science, Telecommunications, Travel, VC & Investment".split(
    ", ",
  );

describe("the taxonomy", () => {
  it("has the 32 primary categories of spec 02 §3, in its order, as the demo data seeds them", () => {
    expect(PRIMARY_CATEGORIES).toEqual(SPEC_PRIMARIES);
    expect(PRIMARY_CATEGORIES).toHaveLength(32);
    expect([...SEEDED_PRIMARIES]).toEqual(SPEC_PRIMARIES);
    expect(Object.keys(TAXONOMY).sort()).toEqual([...SPEC_PRIMARIES].sort());
  });

  it("gives every primary 4 to 10 distinct secondary labels", () => {
    for (const primary of PRIMARY_CATEGORIES) {
      const labels = TAXONOMY[primary];
      expect(labels.length, primary).toBeGreaterThanOrEqual(4);
      expect(labels.length, primary).toBeLessThanOrEqual(10);
      expect(new Set(labels.map((l) => l.toLowerCase())).size, primary).toBe(labels.length);
    }
  });

  it("shares some secondary labels between primaries", () => {
    const under = (label: string) => PRIMARY_CATEGORIES.filter((p) => TAXONOMY[p].includes(label));
    expect(under("Data Analytics")).toEqual(["Analytics", "Software"]);
    expect(under("Sustainability").length).toBeGreaterThanOrEqual(4);
    expect(under("Supply Chain")).toEqual(["Retail", "Manufacturing", "Logistics"]);
  });

  it("never uses a primary name, a colon or surrounding spaces as a secondary label", () => {
    const primaries = new Set(PRIMARY_CATEGORIES.map((p) => p.toLowerCase()));
    for (const [primary, labels] of Object.entries(TAXONOMY)) {
      for (const label of labels) {
        expect(primaries.has(label.toLowerCase()), `${primary}: ${label}`).toBe(false);
        expect(label).not.toContain(":");
        expect(label.trim()).toBe(label);
      }
    }
  });

  it("holds the fallback Software::Technology", () => {
    expect(FALLBACK).toEqual({ primary: "Software", secondary: "Technology" });
    expect(TAXONOMY.Software).toContain("Technology");
    expect(isTaxonomyKey("Software::Technology")).toBe(true);
  });

  it("names records 'Primary: Secondary' with the key 'Primary::Secondary'", () => {
    expect(industryName("FinTech", "Payments")).toBe("FinTech: Payments");
    expect(industryKey("FinTech", "Payments")).toBe("FinTech::Payments");
    expect(industryName("VC & Investment", "Private Equity")).toBe("VC & Investment: Private Equity");
    const records = taxonomyRecords();
    expect(records[0]).toEqual({ primary: "AI", secondary: "Applied AI", name: "AI: Applied AI", key: "AI::Applied AI" });
    expect(new Set(records.map((r) => r.key)).size).toBe(records.length);
    expect(new Set(records.map((r) => r.name.toLowerCase())).size).toBe(records.length);
    expect(recordsOf("Web3").map((r) => r.name)).toContain("Web3: Blockchain");
  });

  it("parses keys back into their categories", () => {
    expect(parseIndustryKey("FinTech::Payments")).toEqual({ primary: "FinTech", secondary: "Payments" });
    expect(parseIndustryKey(" Energy :: Solar ")).toEqual({ primary: "Energy", secondary: "Solar" });
    expect(parseIndustryKey("FinTech")).toBeNull();
    expect(parseIndustryKey("FinTech::")).toBeNull();
    expect(parseIndustryKey("a::b::c")).toBeNull();
    expect(isTaxonomyKey("FinTech::Payments")).toBe(true);
    expect(isTaxonomyKey("fintech::payments")).toBe(false);
    expect(isTaxonomyKey("FinTech")).toBe(false);
  });

  it("reports the screen's stats from the definition", () => {
    const total = Object.values(TAXONOMY).reduce((n, labels) => n + labels.length, 0);
    expect(taxonomyStats()).toEqual({
      primaryCategories: 32,
      totalIndustries: total,
      averagePerCategory: Math.round((total / 32) * 10) / 10,
    });
  });
});

describe("the provider category map", () => {
  it("has at least 60 entries, each naming a record of the taxonomy", () => {
    const entries = Object.entries(PROVIDER_CATEGORY_MAP);
    expect(entries.length).toBeGreaterThanOrEqual(60);
    for (const [name, key] of entries) expect(isTaxonomyKey(key), `${name} → ${key}`).toBe(true);
  });

  it("has no two entries differing only in case or spaces", () => {
    const names = Object.keys(PROVIDER_CATEGORY_MAP).map((n) => n.trim().toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  it.each([
    ["Artificial Intelligence", "AI::Applied AI"],
    ["Health Care", "Healthcare::Health Services"],
    ["Biotech", "Biotechnology::Life Sciences"],
    ["E-Commerce", "E-commerce::E-commerce Platforms"],
    ["Renewable Energy", "Energy::Clean Energy"],
    ["Bitcoin", "Web3::Cryptocurrency"],
    ["Cyber Security", "Cybersecurity::Security"],
    ["Insurance", "FinTech::InsurTech"],
  ])("maps %s to %s, exactly, whatever the case and spacing", (name, key) => {
    expect(mapProviderCategory(name)).toMatchObject({ key, confidence: "exact" });
    expect(mapProviderCategory(`  ${name.toUpperCase()} `)).toMatchObject({ key, confidence: "exact" });
  });

  it("leaves names it does not list to the category matcher", () => {
    expect(mapProviderCategory("Machine Learning")).toMatchObject({ key: "AI::Machine Learning", confidence: "exact" });
    expect(mapProviderCategory("Payments")).toMatchObject({ key: "FinTech::Payments", confidence: "exact" });
    expect(mapProviderCategory("SaaS")).toMatchObject({ key: "Software::SaaS", confidence: "exact" });
    expect(mapProviderCategory("Clean Energy")).toMatchObject({ key: "Energy::Clean Energy", confidence: "exact" });
    expect(mapProviderCategory("Blockchain")).toMatchObject({ key: "Web3::Blockchain", confidence: "exact" });
    expect(mapProviderCategory("Financial Services")).toMatchObject({ key: "FinTech::Financial Services", confidence: "exact" });
    expect(mapProviderCategory("Pet Grooming")).toMatchObject({ key: "Software::Technology", confidence: "fallback" });
  });
});
