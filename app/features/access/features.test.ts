import { describe, expect, it } from "vitest";
import { FEATURES, hasFeature, isFeature, type Feature } from "./features.ts";
import { LEGACY_TIERS, type OutreachContentLevel, type TierRecord } from "./tier-definitions.ts";
import { ACCESS_LEVELS, type AccessLevel } from "./tiers.ts";

/** Spec 01 §6 "Feature rules when no tier record is available", tier by tier. */
const FALLBACK: Record<Feature, Record<AccessLevel, boolean>> = {
  view_funding_data: { public: false, subscriber: true, premium: true },
  export_data: { public: false, subscriber: true, premium: true },
  basic_outreach: { public: false, subscriber: true, premium: true },
  api_access: { public: false, subscriber: false, premium: true },
  priority_support: { public: false, subscriber: false, premium: true },
  historical_data: { public: false, subscriber: false, premium: true },
  advanced_outreach: { public: false, subscriber: false, premium: true },
  value8_integration: { public: false, subscriber: true, premium: true },
};

const NOTHING: TierRecord = {
  name: "premium",
  displayName: "Empty",
  rank: 3,
  monthlyPrice: 0,
  annualPrice: 0,
  maxCompanyViewsPerMonth: 0,
  canViewFundingData: false,
  canExportData: false,
  aiRequestsPerMonth: 0,
  canAccessHistoricalData: false,
  prioritySupport: false,
  apiAccessAllowed: false,
  outreachContentLevel: "none",
  value8aiIntegrationLevel: "none",
};

describe("FEATURES", () => {
  it("names the eight capabilities of spec 01 §6", () => {
    expect([...FEATURES].sort()).toEqual(
      [
        "advanced_outreach",
        "api_access",
        "basic_outreach",
        "export_data",
        "historical_data",
        "priority_support",
        "value8_integration",
        "view_funding_data",
      ].sort(),
    );
    for (const f of FEATURES) expect(isFeature(f)).toBe(true);
    for (const f of ["", "View_Funding_Data", "admin", "constructor", "toString", 1, null]) expect(isFeature(f)).toBe(false);
  });
});

describe("hasFeature without a tier record (fallback rules)", () => {
  for (const feature of FEATURES) {
    for (const tier of ACCESS_LEVELS) {
      const expected = FALLBACK[feature][tier];
      it(`${tier} ${expected ? "has" : "lacks"} ${feature}`, () => {
        expect(hasFeature(feature, tier)).toBe(expected);
        expect(hasFeature(feature, tier, null)).toBe(expected);
      });
    }
  }

  it.each(["", "unknown", "VIEW_FUNDING_DATA", "view funding data", "__proto__", "constructor", "export"])(
    "denies the unknown feature %j to every tier",
    (feature) => {
      for (const tier of ACCESS_LEVELS) expect(hasFeature(feature, tier)).toBe(false);
    },
  );
});

describe("hasFeature with a tier record", () => {
  it("the legacy records grant exactly what the fallback rules grant", () => {
    for (const feature of FEATURES) {
      for (const tier of ACCESS_LEVELS) expect(hasFeature(feature, tier, LEGACY_TIERS[tier])).toBe(FALLBACK[feature][tier]);
    }
  });

  it("a record with nothing granted denies every feature, even to premium", () => {
    for (const feature of FEATURES) expect(hasFeature(feature, "premium", NOTHING)).toBe(false);
  });

  it("the record decides, not the tier: a public record with every flag grants them all", () => {
    const generous: TierRecord = {
      ...NOTHING,
      name: "public",
      canViewFundingData: true,
      canExportData: true,
      canAccessHistoricalData: true,
      prioritySupport: true,
      apiAccessAllowed: true,
      outreachContentLevel: "full",
      value8aiIntegrationLevel: "full",
    };
    for (const feature of FEATURES) expect(hasFeature(feature, "public", generous)).toBe(true);
  });

  it.each<[Feature, keyof TierRecord]>([
    ["view_funding_data", "canViewFundingData"],
    ["export_data", "canExportData"],
    ["api_access", "apiAccessAllowed"],
    ["priority_support", "prioritySupport"],
    ["historical_data", "canAccessHistoricalData"],
  ])("%s follows %s and nothing else", (feature, flag) => {
    const withFlag = { ...NOTHING, [flag]: true } as TierRecord;
    expect(hasFeature(feature, "public", withFlag)).toBe(true);
    expect(hasFeature(feature, "premium", NOTHING)).toBe(false);
    const others = FEATURES.filter((f) => f !== feature && hasFeature(f, "public", withFlag));
    expect(others).toEqual([]);
  });

  it.each<[OutreachContentLevel, boolean, boolean]>([
    ["none", false, false],
    ["basic", true, false],
    ["advanced", true, true],
    ["full", true, true],
  ])("outreach level %s: basic_outreach %s, advanced_outreach %s", (level, basic, advanced) => {
    const r = { ...NOTHING, outreachContentLevel: level };
    expect(hasFeature("basic_outreach", "public", r)).toBe(basic);
    expect(hasFeature("advanced_outreach", "public", r)).toBe(advanced);
  });

  it.each<[string, boolean]>([
    ["none", false],
    ["None", false],
    ["", false],
    ["  ", false],
    ["basic", true],
    ["full", true],
    ["custom", true],
  ])("integration level %j grants value8_integration: %s", (level, granted) => {
    expect(hasFeature("value8_integration", "public", { ...NOTHING, value8aiIntegrationLevel: level })).toBe(granted);
  });

  it("still denies unknown features", () => {
    expect(hasFeature("unknown", "premium", LEGACY_TIERS.premium)).toBe(false);
  });
});
