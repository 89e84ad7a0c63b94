import { ACCESS_LEVELS, type AccessLevel } from "./tiers.ts";

export const OUTREACH_CONTENT_LEVELS = ["none", "basic", "advanced", "full"] as const;
export type OutreachContentLevel = (typeof OUTREACH_CONTENT_LEVELS)[number];

/** -1 in maxCompanyViewsPerMonth means unlimited (spec 01 §3). */
export const UNLIMITED = -1;

/**
 * A visibility level (spec 01 §3 "Visibility level (tier record)"), named as in the `visibility_levels` Drizzle
 * schema so a database row is a TierRecord as it stands. `id` is absent on the built-in legacy levels.
 */
export interface TierRecord {
  id?: number;
  name: AccessLevel;
  displayName: string;
  rank: number;
  monthlyPrice: number;
  /** The price of a year paid at once, in whole dollars; 0: the plan is not sold by the year (decision 0080). */
  annualPrice: number;
  maxCompanyViewsPerMonth: number;
  canViewFundingData: boolean;
  canExportData: boolean;
  aiRequestsPerMonth: number;
  canAccessHistoricalData: boolean;
  prioritySupport: boolean;
  apiAccessAllowed: boolean;
  outreachContentLevel: OutreachContentLevel;
  /** "none", or any other value for some level of integration. */
  value8aiIntegrationLevel: string;
}

/**
 * The fallback tier definitions of spec 01 §6, used when tier records cannot be loaded. Their grants are the
 * spec's; their prices are the ones the upgrade dialog sells (spec 01 §9) and each plan is named after its tier
 * (docs/decisions/0080-one-plan-catalogue.md), as in the seeded records, so a failed read never changes what a buyer
 * is shown. A year costs ten months.
 */
export const LEGACY_TIERS: Readonly<Record<AccessLevel, Readonly<TierRecord>>> = Object.freeze({
  public: Object.freeze({
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
  }),
  subscriber: Object.freeze({
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
  }),
  premium: Object.freeze({
    name: "premium",
    displayName: "Premium",
    rank: 3,
    monthlyPrice: 99,
    annualPrice: 990,
    maxCompanyViewsPerMonth: UNLIMITED,
    canViewFundingData: true,
    canExportData: true,
    aiRequestsPerMonth: 500,
    canAccessHistoricalData: true,
    prioritySupport: true,
    apiAccessAllowed: true,
    outreachContentLevel: "advanced",
    value8aiIntegrationLevel: "full",
  }),
});

const isInt = (v: unknown, min: number): v is number => typeof v === "number" && Number.isInteger(v) && v >= min;
const isBool = (v: unknown): v is boolean => typeof v === "boolean";

/**
 * Whether a loaded record can stand for its level. Records reach us from the database and from imports; one with
 * an unknown level name or a nonsensical limit must not decide what a viewer gets, so it is skipped whole rather
 * than half-used.
 */
export function isUsableTierRecord(value: unknown): value is TierRecord {
  if (typeof value !== "object" || value === null) return false;
  const r = value as Record<string, unknown>;
  return (
    (ACCESS_LEVELS as readonly unknown[]).includes(r.name) &&
    typeof r.displayName === "string" &&
    isInt(r.rank, 0) &&
    isInt(r.monthlyPrice, 0) &&
    isInt(r.annualPrice, 0) &&
    isInt(r.maxCompanyViewsPerMonth, UNLIMITED) &&
    isInt(r.aiRequestsPerMonth, UNLIMITED) &&
    isBool(r.canViewFundingData) &&
    isBool(r.canExportData) &&
    isBool(r.canAccessHistoricalData) &&
    isBool(r.prioritySupport) &&
    isBool(r.apiAccessAllowed) &&
    (OUTREACH_CONTENT_LEVELS as readonly unknown[]).includes(r.outreachContentLevel) &&
    typeof r.value8aiIntegrationLevel === "string" &&
    (r.id === undefined || isInt(r.id, 0))
  );
}

export interface ResolvedTiers {
  tiers: Record<AccessLevel, TierRecord>;
  /** True when at least one level comes from a loaded record (upgrade hints then say "a higher tier"). */
  fromRecords: boolean;
}

/**
 * The tier table in force (spec 01 §7: "On an empty result or failure the three built-in levels are used").
 * Each level takes the first usable record carrying its name; a level with none keeps its legacy definition, so
 * an operator's partial table still counts where it speaks (docs/decisions/0008-tier-rules.md).
 */
export function resolveTiers(records: readonly TierRecord[] | null | undefined): ResolvedTiers {
  const tiers: Record<AccessLevel, TierRecord> = { ...LEGACY_TIERS };
  const taken = new Set<AccessLevel>();
  for (const record of Array.isArray(records) ? records : []) {
    if (!isUsableTierRecord(record) || taken.has(record.name)) continue;
    taken.add(record.name);
    tiers[record.name] = record;
  }
  return { tiers, fromRecords: taken.size > 0 };
}
