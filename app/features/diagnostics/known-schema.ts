/**
 * What the specification says a base holds (spec 02 §3): the tables it uses and the Company record's fields, word
 * for word, and how they correspond to our own tables and listing columns (DESIGN D3: ours is the system of
 * record, the spreadsheet base is an import source).
 */
import type { AliasTarget, KnownField } from "./field-mapping.ts";

/** Spec 02 §3 "Database tables used", each with the table of ours that holds the same records. */
export const SPEC_TABLES = [
  { name: "Companies", ours: "listings" },
  { name: "Users", ours: "users" },
  { name: "Industries", ours: "industries" },
  { name: "Countries", ours: "countries" },
  { name: "Geographies", ours: "geographies" },
  { name: "FundingStages", ours: "funding_stages" },
  { name: "FundingRounds", ours: "funding_rounds" },
  { name: "CompanyInvestorRelationships", ours: "investor_relationships" },
  { name: "LeadOnTreesJobs", ours: "jobs" },
] as const;

export const COMPANIES_TABLE = "Companies";

/** Spec 02 §9 "Field scan page size / max pages": a base's tables are read at most this far. */
export const FIELD_SCAN_PAGE_SIZE = 100;
export const FIELD_SCAN_MAX_PAGES = 5;

/** Spec 02 §3 "Company record" ("plus count and summary fields" are computed in the base and not listed). */
export const COMPANY_FIELDS: readonly KnownField[] = [
  "Name",
  "Type",
  { name: "WebsiteUrl", alternatives: ["Website"] },
  "Description",
  "Tagline",
  "Problem",
  "Solution",
  "How It Works",
  "Timing",
  "Industries",
  "Countries",
  "Geographies",
  "FundingStage",
  "Target Personas",
  "BusinessModel",
  "RevenueRange",
  "Featured",
  "AUM",
  "InvestorType",
  "StageFocus",
  "AccessLevel",
  "FieldVisibility",
  "Logo",
  "Current Employee Count",
  "TeamSize",
  "Processing Status",
  "Data Source",
  "LOT Data Quality Score",
  "Last Company Enrichment",
  "Data Last Synched",
  "FoundedYear",
  "Company LinkedIn",
  "Company Twitter",
  "Company Facebook",
  "LOT Company ID",
  "AI Description",
  "Content Status",
  "LeadOnTreesJobs",
  "UserLink",
  "CEO",
  "Primary Contact",
  "Total Funding Raised",
  "Latest Round Date",
  "Latest Round Amount",
  "Latest Round Type",
  "Funding Round Count",
  "FundingRounds",
  "CompanyInvestorRelationships",
  "AIAgentExecutions",
  "Employees",
].map((f) => (typeof f === "string" ? { name: f } : f));

/**
 * Company fields whose home in our database no name rule finds: a column named otherwise, or linked records that
 * live in a table of their own. Everything else maps by its name (Description -> description is "case",
 * FundingStage -> funding_stage_id is "partial"). No alias for UserLink and AIAgentExecutions: we keep neither.
 */
export const LISTING_ALIASES: Readonly<Record<string, AliasTarget>> = {
  Industries: { column: "industry_ids" },
  Countries: { column: "country_ids" },
  Geographies: { column: "geography_ids" },
  "Target Personas": { column: "persona_ids" },
  AccessLevel: { column: "visibility" },
  "Company LinkedIn": { column: "linkedin_url" },
  "Company Twitter": { column: "twitter_url" },
  "Company Facebook": { column: "facebook_url" },
  // The source's spelling; our column is spelled right.
  "Data Last Synched": { column: "data_last_synced" },
  "How It Works": { table: "how_it_works_steps" },
  FundingRounds: { table: "funding_rounds" },
  CompanyInvestorRelationships: { table: "investor_relationships" },
  LeadOnTreesJobs: { table: "jobs" },
  Employees: { table: "team_members" },
};

/** The spec's name for one of our tables, if it has one ("listings" is the spec's Companies). */
export function specTableName(ours: string): string | undefined {
  return SPEC_TABLES.find((t) => t.ours === ours)?.name;
}
