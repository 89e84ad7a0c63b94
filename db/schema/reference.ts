import { boolean, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

const updatedAt = () => timestamp("last_updated", { withTimezone: true }).notNull().defaultNow();

/** Industry taxonomy records, named 'Primary: Secondary' with key 'Primary::Secondary' (spec 02 §3). */
export const industries = pgTable("industries", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  primaryCategory: text("primary_category"),
  secondaryCategory: text("secondary_category"),
  industryKey: text("industry_key").unique(),
  leadsOnTreesSource: boolean("leads_on_trees_source").notNull().default(false),
  description: text("description"),
  mappingConfidence: text("mapping_confidence", { enum: ["exact", "fuzzy", "fallback", "manual"] }),
  lastUpdated: updatedAt(),
  // The industries migration's optional fields (spec 02 §3): when the record was backed up, and its name before.
  migrationBackup: timestamp("migration_backup", { withTimezone: true }),
  preMigrationName: text("pre_migration_name"),
});

/** The six geography groups: NA, Europe, Asia, Australia & Oceania, CEE, Africa. */
export const geographies = pgTable("geographies", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
});

export const countries = pgTable("countries", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  isoCode: text("iso_code").notNull().unique(),
  emoji: text("emoji"),
  geographyId: integer("geography_id").references(() => geographies.id),
  dataSource: text("data_source"),
  lastUpdated: updatedAt(),
});

export const fundingStages = pgTable("funding_stages", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  sortOrder: smallint("sort_order").notNull().default(0),
  dataSource: text("data_source"),
  lastUpdated: updatedAt(),
});

export const targetPersonas = pgTable("target_personas", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
});

/** code is one of retainer, retainer_plus_success, success_only (spec 01 §5). */
export const businessModels = pgTable("business_models", {
  id: serial("id").primaryKey(),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
});

/** code is one of the spec's revenue codes (less_than_100k ...); name is its display label. */
export const revenueRanges = pgTable("revenue_ranges", {
  id: serial("id").primaryKey(),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  sortOrder: smallint("sort_order").notNull().default(0),
});

/** Tier records (spec 01 §3 "Visibility level"). */
export const visibilityLevels = pgTable(
  "visibility_levels",
  {
    id: serial("id").primaryKey(),
    name: text("name", { enum: ["public", "subscriber", "premium"] }).notNull(),
    displayName: text("display_name").notNull(),
    rank: smallint("rank").notNull(),
    monthlyPrice: integer("monthly_price").notNull().default(0),
    /** A year paid at once, whole dollars; 0 when the plan is not sold by the year (decision 0080). */
    annualPrice: integer("annual_price").notNull().default(0),
    maxCompanyViewsPerMonth: integer("max_company_views_per_month").notNull(),
    canViewFundingData: boolean("can_view_funding_data").notNull().default(false),
    canExportData: boolean("can_export_data").notNull().default(false),
    aiRequestsPerMonth: integer("ai_requests_per_month").notNull().default(0),
    canAccessHistoricalData: boolean("can_access_historical_data").notNull().default(false),
    prioritySupport: boolean("priority_support").notNull().default(false),
    apiAccessAllowed: boolean("api_access_allowed").notNull().default(false),
    outreachContentLevel: text("outreach_content_level", { enum: ["none", "basic", "advanced", "full"] })
      .notNull()
      .default("none"),
    value8aiIntegrationLevel: text("value8ai_integration_level").notNull().default("none"),
  },
  (t) => [uniqueIndex("visibility_levels_name_key").on(t.name)],
);

/** Global per-field rules (spec 01 §6): a field name and the level needed to see it. */
export const fieldVisibilityRules = pgTable("field_visibility_rules", {
  id: serial("id").primaryKey(),
  fieldName: text("field_name").notNull().unique(),
  accessLevel: text("access_level", { enum: ["public", "subscriber", "premium"] }).notNull(),
});
