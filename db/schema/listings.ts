import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { referenceIds } from "./columns.ts";
import { ACCESS_LEVELS, LISTING_TYPES } from "../values/listings.ts";
import { businessModels, fundingStages, revenueRanges, visibilityLevels } from "./reference.ts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
const money = (name: string) => numeric(name, { precision: 18, scale: 2, mode: "number" });

export { ACCESS_LEVELS, LISTING_TYPES };

/**
 * One row per startup, investor or partner. Reference lists with many values per listing are kept as
 * integer arrays with GIN indexes (see docs/decisions/0004-reference-arrays.md): directory filters and
 * facet counts read one row per listing instead of joining four link tables.
 */
export const listings = pgTable(
  "listings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    type: text("type", { enum: LISTING_TYPES }).notNull(),
    name: text("name").notNull(),
    logoUrl: text("logo_url"),
    tagline: text("tagline"),
    description: text("description"),
    websiteUrl: text("website_url"),
    linkedinUrl: text("linkedin_url"),
    twitterUrl: text("twitter_url"),
    facebookUrl: text("facebook_url"),
    // Contact and location (issue 19, decision 0066): the headquarters address (country stays countryIds), a phone
    // in E.164 (features/catalog/phone-number) and a general contact address, all gated like other fields.
    hqStreet: text("hq_street"),
    hqCity: text("hq_city"),
    hqRegion: text("hq_region"),
    hqPostalCode: text("hq_postal_code"),
    phone: text("phone"),
    contactEmail: text("contact_email"),
    featured: boolean("featured").notNull().default(false),
    /** Kept out of search engines (issue 6 §6): a noindex robots tag on the profile, and left out of the sitemap. */
    noindex: boolean("noindex").notNull().default(false),

    industryIds: referenceIds("industry_ids"),
    geographyIds: referenceIds("geography_ids"),
    countryIds: referenceIds("country_ids"),
    personaIds: referenceIds("persona_ids"),
    fundingStageId: integer("funding_stage_id").references(() => fundingStages.id),
    businessModelId: integer("business_model_id").references(() => businessModels.id),
    revenueRangeId: integer("revenue_range_id").references(() => revenueRanges.id),

    problem: text("problem"),
    solution: text("solution"),
    timing: text("timing"),

    /** accessLevel and listingVisibility of the source collapse into this one level (default public). */
    visibility: text("visibility", { enum: ACCESS_LEVELS }).notNull().default("public"),
    /** Per-listing field levels, e.g. {"team":"premium"}; they override the global field rules. */
    fieldVisibility: jsonb("field_visibility").$type<Record<string, (typeof ACCESS_LEVELS)[number]>>().notNull().default({}),
    currentTierId: integer("current_tier_id").references(() => visibilityLevels.id),

    // Enrichment
    teamSize: text("team_size"),
    foundedYear: smallint("founded_year"),
    primaryContactId: text("primary_contact_id"),
    campaignId: text("campaign_id"),
    primaryContact: text("primary_contact"),
    primaryContactEmail: text("primary_contact_email"),
    ceo: text("ceo"),
    currentEmployeeCount: text("current_employee_count"),
    aiDescription: text("ai_description"),
    contentStatus: text("content_status"),
    processingStatus: text("processing_status").notNull().default("published"),
    /** Set when this listing was merged into another (processing status "merged"): its old address redirects there. */
    mergedInto: uuid("merged_into"),
    dataSource: text("data_source"),
    lotDataQualityScore: smallint("lot_data_quality_score"),
    lastCompanyEnrichment: timestamp("last_company_enrichment", { withTimezone: true }),
    dataLastSynced: timestamp("data_last_synced", { withTimezone: true }),
    lotCompanyId: text("lot_company_id"),

    // Funding
    fundingDate: date("funding_date"),
    fundingAmount: money("funding_amount"),
    fundingCurrency: text("funding_currency"),
    amountRaised: money("amount_raised"),
    totalFundingRaised: money("total_funding_raised"),
    latestRoundDate: date("latest_round_date"),
    latestRoundAmount: money("latest_round_amount"),
    latestRoundType: text("latest_round_type"),
    fundingRoundCount: smallint("funding_round_count"),

    // Investors
    investorType: text("investor_type"),
    ticketSize: text("ticket_size"),
    aum: money("aum"),
    stageFocus: text("stage_focus"),

    // Duplicate detection (issue 5): the name key, registrable domain and LinkedIn page the matcher compares, worked
    // out in TypeScript (features/duplicates) whenever the name or URLs change; null means "to be worked out", and
    // a scan fills every null first.
    matchKey: text("match_key"),
    matchDomain: text("match_domain"),
    matchLinkedin: text("match_linkedin"),

    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(tagline, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')`,
    ),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("listings_description_cap", sql`char_length(${t.description}) <= 5000`),
    check("listings_hq_street_cap", sql`char_length(${t.hqStreet}) <= 200`),
    check("listings_hq_city_cap", sql`char_length(${t.hqCity}) <= 100`),
    check("listings_hq_region_cap", sql`char_length(${t.hqRegion}) <= 100`),
    check("listings_hq_postal_code_cap", sql`char_length(${t.hqPostalCode}) <= 20`),
    // E.164: a plus and at most 15 digits, so anything stored can go straight into a tel: link.
    check("listings_phone_e164", sql`${t.phone} ~ '^\\+[1-9][0-9]{1,14}$'`),
    check("listings_contact_email_cap", sql`char_length(${t.contactEmail}) <= 254 AND position('@' in ${t.contactEmail}) > 1`),
    index("listings_search_idx").using("gin", t.searchVector),
    index("listings_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
    index("listings_industry_ids_idx").using("gin", t.industryIds),
    index("listings_geography_ids_idx").using("gin", t.geographyIds),
    index("listings_country_ids_idx").using("gin", t.countryIds),
    index("listings_match_domain_idx")
      .on(t.matchDomain)
      .where(sql`${t.matchDomain} IS NOT NULL`),
    index("listings_match_linkedin_idx")
      .on(t.matchLinkedin)
      .where(sql`${t.matchLinkedin} IS NOT NULL`),
    index("listings_match_key_trgm_idx").using("gin", sql`${t.matchKey} gin_trgm_ops`),
    index("listings_persona_ids_idx").using("gin", t.personaIds),
    // The directory's default order (featured first, then name, then id) over published listings: the
    // directory index is built in this order, and profile lookups of similar listings walk it by type.
    index("listings_directory_order_idx")
      .on(t.featured.desc(), t.name, t.id)
      .where(sql`${t.processingStatus} = 'published'`),
    index("listings_directory_type_order_idx")
      .on(t.type, t.featured.desc(), t.name, t.id)
      .where(sql`${t.processingStatus} = 'published'`),
    // Match suggestions (decision 0064) choose startups inside an investor's stage focus: with the industry and place
    // indexes, the bitmap visits only the rows that can fit.
    index("listings_type_stage_idx")
      .on(t.type, t.fundingStageId)
      .where(sql`${t.processingStatus} = 'published'`),
  ],
);
