/** Reference lists the product ships with. Names follow spec 01 §2 and spec 02 §3. */

// The demo directory starts on the flat list of primary categories, the taxonomy before its migration (issue 6).
export { PRIMARY_CATEGORIES } from "../app/features/taxonomy/taxonomy.ts";

export const GEOGRAPHIES = ["NA", "Europe", "Asia", "Australia & Oceania", "CEE", "Africa"] as const;

type Geo = (typeof GEOGRAPHIES)[number];
/** [name, ISO 3166-1 alpha-2, geography group] */
export const COUNTRIES: ReadonlyArray<readonly [string, string, Geo]> = [
  ["United States", "US", "NA"],
  ["Canada", "CA", "NA"],
  ["Mexico", "MX", "NA"],
  ["United Kingdom", "GB", "Europe"],
  ["Germany", "DE", "Europe"],
  ["France", "FR", "Europe"],
  ["Netherlands", "NL", "Europe"],
  ["Spain", "ES", "Europe"],
  ["Italy", "IT", "Europe"],
  ["Sweden", "SE", "Europe"],
  ["Switzerland", "CH", "Europe"],
  ["Ireland", "IE", "Europe"],
  ["Denmark", "DK", "Europe"],
  ["Finland", "FI", "Europe"],
  ["Portugal", "PT", "Europe"],
  ["Poland", "PL", "CEE"],
  ["Czech Republic", "CZ", "CEE"],
  ["Romania", "RO", "CEE"],
  ["Hungary", "HU", "CEE"],
  ["Estonia", "EE", "CEE"],
  ["Ukraine", "UA", "CEE"],
  ["Bulgaria", "BG", "CEE"],
  ["Japan", "JP", "Asia"],
  ["South Korea", "KR", "Asia"],
  ["Singapore", "SG", "Asia"],
  ["India", "IN", "Asia"],
  ["China", "CN", "Asia"],
  ["Indonesia", "ID", "Asia"],
  ["Vietnam", "VN", "Asia"],
  ["Thailand", "TH", "Asia"],
  ["Malaysia", "MY", "Asia"],
  ["Philippines", "PH", "Asia"],
  ["United Arab Emirates", "AE", "Asia"],
  ["Australia", "AU", "Australia & Oceania"],
  ["New Zealand", "NZ", "Australia & Oceania"],
  ["Nigeria", "NG", "Africa"],
  ["Kenya", "KE", "Africa"],
  ["South Africa", "ZA", "Africa"],
  ["Egypt", "EG", "Africa"],
  ["Ghana", "GH", "Africa"],
];

/** The flag emoji of an ISO code: two regional-indicator symbols. */
export function flagEmoji(isoCode: string): string {
  return String.fromCodePoint(...[...isoCode.toUpperCase()].map((c) => 0x1f1a5 + c.charCodeAt(0)));
}

export const FUNDING_STAGES = ["Pre-Seed", "Seed", "Series A", "Series B", "Series C", "Series D+", "Growth"] as const;

export const TARGET_PERSONAS = [
  "Founder / CEO",
  "CTO",
  "CFO",
  "COO",
  "VP Sales",
  "Head of Marketing",
  "Head of Product",
  "Head of Partnerships",
  "IT Director",
  "HR Director",
  "Procurement Manager",
  "Data Science Lead",
  "Operations Manager",
  "Compliance Officer",
  "Head of Customer Success",
  "Business Development Manager",
] as const;

export const BUSINESS_MODELS = [
  ["retainer", "Retainer"],
  ["retainer_plus_success", "Retainer + Success Fee"],
  ["success_only", "Success Fee Only"],
] as const;

/** Spec 01 §2 revenue range codes and labels, in display order. */
export const REVENUE_RANGES = [
  ["less_than_100k", "< $100K"],
  ["100k_to_1m", "$100K < X < $1M"],
  ["1m_to_5m", "$1M < X < $5M"],
  ["5m_to_10m", "$5M < X < $10M"],
  ["10m_to_50m", "$10M < X < $50M"],
  ["more_than_50m", "> $50M"],
] as const;

/**
 * Tier records equal to the fallback definitions (access/tier-definitions.ts): spec 01 §6's grants, sold at the
 * upgrade dialog's prices (spec 01 §9), each plan named after its tier (docs/decisions/0080-one-plan-catalogue.md).
 */
export const VISIBILITY_LEVELS = [
  {
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
  },
  {
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
  },
  {
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
  },
] as const;

/** Global field rules for the demo: enough of a mix that every gating state shows. */
export const FIELD_VISIBILITY_RULES = [
  ["revenueRange", "subscriber"],
  ["solution", "subscriber"],
  ["timing", "subscriber"],
  ["howItWorks", "subscriber"],
  ["team", "subscriber"],
  ["keyUseCases", "premium"],
  ["problem", "public"],
  ["faqs", "public"],
] as const;
