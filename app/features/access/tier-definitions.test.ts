import { describe, expect, expectTypeOf, it } from "vitest";
import type { visibilityLevels } from "#db/schema/reference.ts";
import { VISIBILITY_LEVELS } from "#demo/reference-data.ts";
import { isUsableTierRecord, LEGACY_TIERS, resolveTiers, type TierRecord } from "./tier-definitions.ts";
import { ACCESS_LEVELS } from "./tiers.ts";

const record = (overrides: Partial<TierRecord> & Record<string, unknown> = {}): TierRecord =>
  ({
    id: 7,
    name: "subscriber",
    displayName: "Growth",
    rank: 2,
    monthlyPrice: 79,
    annualPrice: 790,
    maxCompanyViewsPerMonth: 1000,
    canViewFundingData: true,
    canExportData: false,
    aiRequestsPerMonth: 120,
    canAccessHistoricalData: true,
    prioritySupport: false,
    apiAccessAllowed: false,
    outreachContentLevel: "advanced",
    value8aiIntegrationLevel: "none",
    ...overrides,
  }) as TierRecord;

describe("legacy tier definitions (spec 01 §6)", () => {
  it("has exactly the three tiers, each named after its key", () => {
    expect(Object.keys(LEGACY_TIERS)).toEqual([...ACCESS_LEVELS]);
    for (const level of ACCESS_LEVELS) expect(LEGACY_TIERS[level].name).toBe(level);
  });

  it("public is Free: 0 a month, 10 views, no funding, no export, 0 AI, no outreach", () => {
    expect(LEGACY_TIERS.public).toEqual({
      name: "public",
      displayName: "Free",
      rank: 1,
      monthlyPrice: 0,
      annualPrice: 0,
      maxCompanyViewsPerMonth: 10,
      canViewFundingData: false,
      canExportData: false,
      aiRequestsPerMonth: 0,
      canAccessHistoricalData: false,
      prioritySupport: false,
      apiAccessAllowed: false,
      outreachContentLevel: "none",
      value8aiIntegrationLevel: "none",
    });
  });

  // Spec 01 §6's grants under the names and prices the upgrade dialog sells (§9): decision 0037.
  it("subscriber is Subscriber (decision 0080): 29 a month or 290 a year, 500 views, funding, export, 50 AI, basic outreach and integration", () => {
    expect(LEGACY_TIERS.subscriber).toEqual({
      name: "subscriber",
      displayName: "Subscriber",
      rank: 2,
      monthlyPrice: 29,
      annualPrice: 290,
      maxCompanyViewsPerMonth: 500,
      canViewFundingData: true,
      canExportData: true,
      aiRequestsPerMonth: 50,
      canAccessHistoricalData: false,
      prioritySupport: false,
      apiAccessAllowed: false,
      outreachContentLevel: "basic",
      value8aiIntegrationLevel: "basic",
    });
  });

  it("premium is Premium (decision 0080): 99 a month or 990 a year, unlimited (-1) views, 500 AI, historical, priority, API, advanced outreach, full integration", () => {
    expect(LEGACY_TIERS.premium).toEqual({
      name: "premium",
      displayName: "Premium",
      rank: 3,
      monthlyPrice: 99,
      annualPrice: 990,
      maxCompanyViewsPerMonth: -1,
      canViewFundingData: true,
      canExportData: true,
      aiRequestsPerMonth: 500,
      canAccessHistoricalData: true,
      prioritySupport: true,
      apiAccessAllowed: true,
      outreachContentLevel: "advanced",
      value8aiIntegrationLevel: "full",
    });
  });

  it("cannot be changed by a caller", () => {
    expect(() => {
      (LEGACY_TIERS.public as TierRecord).maxCompanyViewsPerMonth = 1e6;
    }).toThrow(TypeError);
    expect(LEGACY_TIERS.public.maxCompanyViewsPerMonth).toBe(10);
  });

  it("equals the seeded tier records, so a failed read changes no name, price or grant a buyer sees", () => {
    expect(VISIBILITY_LEVELS.map((r) => r.name)).toEqual([...ACCESS_LEVELS]);
    for (const seeded of VISIBILITY_LEVELS) expect(seeded).toEqual(LEGACY_TIERS[seeded.name]);
  });

  it("each legacy tier is itself a usable record", () => {
    for (const level of ACCESS_LEVELS) expect(isUsableTierRecord(LEGACY_TIERS[level])).toBe(true);
  });

  it("accepts a database row of visibility_levels as a TierRecord", () => {
    expectTypeOf<typeof visibilityLevels.$inferSelect>().toExtend<TierRecord>();
  });
});

describe("isUsableTierRecord", () => {
  it("accepts a complete record, with or without an id", () => {
    expect(isUsableTierRecord(record())).toBe(true);
    expect(isUsableTierRecord(record({ id: undefined }))).toBe(true);
    expect(isUsableTierRecord(record({ maxCompanyViewsPerMonth: -1, aiRequestsPerMonth: -1 }))).toBe(true);
    expect(isUsableTierRecord(record({ maxCompanyViewsPerMonth: 0, aiRequestsPerMonth: 0 }))).toBe(true);
  });

  it.each<[string, Record<string, unknown>]>([
    ["an unknown level name", { name: "gold" }],
    ["a level name in another case", { name: "Premium" }],
    ["a missing name", { name: undefined }],
    ["views below -1", { maxCompanyViewsPerMonth: -2 }],
    ["fractional views", { maxCompanyViewsPerMonth: 10.5 }],
    ["views as text", { maxCompanyViewsPerMonth: "500" }],
    ["AI requests below -1", { aiRequestsPerMonth: -5 }],
    ["AI requests not a number", { aiRequestsPerMonth: Number.NaN }],
    ["a negative price", { monthlyPrice: -1 }],
    ["a negative annual price", { annualPrice: -1 }],
    ["a missing annual price", { annualPrice: undefined }],
    ["a flag as text", { canViewFundingData: "true" }],
    ["a missing flag", { apiAccessAllowed: undefined }],
    ["an unknown outreach level", { outreachContentLevel: "premium" }],
    ["a missing integration level", { value8aiIntegrationLevel: null }],
    ["a missing display name", { displayName: undefined }],
    ["a bad id", { id: "7" }],
  ])("rejects %s", (_, overrides) => {
    expect(isUsableTierRecord(record(overrides))).toBe(false);
  });

  it.each([null, undefined, "premium", 3, []])("rejects %j", (value) => {
    expect(isUsableTierRecord(value)).toBe(false);
  });
});

describe("resolveTiers (spec 01 §7: built-in levels on an empty result or failure)", () => {
  it.each([null, undefined, []])("uses the legacy levels for %j", (records) => {
    expect(resolveTiers(records)).toEqual({ tiers: LEGACY_TIERS, fromRecords: false });
  });

  it("uses records for every level that has one", () => {
    const all = [record({ name: "public", maxCompanyViewsPerMonth: 5 }), record({ name: "subscriber" }), record({ name: "premium" })];
    const { tiers, fromRecords } = resolveTiers(all);
    expect(fromRecords).toBe(true);
    expect(tiers.public).toBe(all[0]);
    expect(tiers.subscriber).toBe(all[1]);
    expect(tiers.premium).toBe(all[2]);
  });

  it("keeps the legacy definition for a level the records do not cover", () => {
    const premium = record({ name: "premium", displayName: "Scale" });
    const { tiers, fromRecords } = resolveTiers([premium]);
    expect(fromRecords).toBe(true);
    expect(tiers.premium).toBe(premium);
    expect(tiers.public).toEqual(LEGACY_TIERS.public);
    expect(tiers.subscriber).toEqual(LEGACY_TIERS.subscriber);
  });

  it("skips unusable records, and falls back entirely when none is usable", () => {
    const bad = [record({ name: "gold" as never }), record({ maxCompanyViewsPerMonth: -7 })];
    expect(resolveTiers(bad)).toEqual({ tiers: LEGACY_TIERS, fromRecords: false });
    const good = record({ name: "public", displayName: "Visitor" });
    expect(resolveTiers([...bad, good]).tiers.public).toBe(good);
    expect(resolveTiers([...bad, good]).tiers.subscriber).toEqual(LEGACY_TIERS.subscriber);
  });

  it("takes the first usable record when a level appears twice", () => {
    const first = record({ name: "subscriber", displayName: "First" });
    const second = record({ name: "subscriber", displayName: "Second" });
    expect(resolveTiers([first, second]).tiers.subscriber).toBe(first);
    expect(resolveTiers([record({ name: "subscriber", rank: -1 }), second]).tiers.subscriber).toBe(second);
  });

  it("returns a table of its own, leaving the legacy one untouched", () => {
    const { tiers } = resolveTiers([record({ name: "public" })]);
    expect(tiers).not.toBe(LEGACY_TIERS);
    expect(LEGACY_TIERS.public.displayName).toBe("Free");
  });

  it("treats a non-array result as a failure", () => {
    expect(resolveTiers({ length: 1, 0: record() } as unknown as TierRecord[])).toEqual({ tiers: LEGACY_TIERS, fromRecords: false });
  });
});
