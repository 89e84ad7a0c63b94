import type { TierRecord } from "./tier-definitions.ts";
import { TIER_RANK, type AccessLevel } from "./tiers.ts";

/** The named capabilities of spec 01 §6. */
export const FEATURES = [
  "view_funding_data",
  "export_data",
  "basic_outreach",
  "api_access",
  "priority_support",
  "historical_data",
  "advanced_outreach",
  "value8_integration",
] as const;
export type Feature = (typeof FEATURES)[number];

export function isFeature(value: unknown): value is Feature {
  return (FEATURES as readonly unknown[]).includes(value);
}

/** Feature rules when no tier record is available (spec 01 §6). */
function fallbackHasFeature(feature: Feature, tier: AccessLevel): boolean {
  switch (feature) {
    case "view_funding_data":
    case "export_data":
    case "basic_outreach":
      return tier === "subscriber" || tier === "premium";
    case "api_access":
    case "priority_support":
    case "historical_data":
    case "advanced_outreach":
      return tier === "premium";
    case "value8_integration":
      return TIER_RANK[tier] > TIER_RANK.public;
  }
}

/** Feature rules with a tier record (spec 01 §6): each feature follows its flag or level. */
function recordHasFeature(feature: Feature, record: TierRecord): boolean {
  switch (feature) {
    case "view_funding_data":
      return record.canViewFundingData === true;
    case "export_data":
      return record.canExportData === true;
    case "api_access":
      return record.apiAccessAllowed === true;
    case "priority_support":
      return record.prioritySupport === true;
    case "historical_data":
      return record.canAccessHistoricalData === true;
    case "basic_outreach":
      return ["basic", "advanced", "full"].includes(record.outreachContentLevel);
    case "advanced_outreach":
      return ["advanced", "full"].includes(record.outreachContentLevel);
    case "value8_integration": {
      // An empty level is no level: it would otherwise grant integration to a record nobody filled in.
      const level = record.value8aiIntegrationLevel.trim().toLowerCase();
      return level !== "" && level !== "none";
    }
  }
}

/**
 * Whether a tier has a named capability. With the tier's record, the record decides alone; without one, the
 * fallback rules apply. Unknown features are denied.
 */
export function hasFeature(feature: string, tier: AccessLevel, record?: TierRecord | null): boolean {
  if (!isFeature(feature)) return false;
  return record ? recordHasFeature(feature, record) : fallbackHasFeature(feature, tier);
}
