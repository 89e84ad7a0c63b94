/**
 * Applications from visitors (DESIGN D8). Pilot applications come from our own form when no external form
 * (PILOT_FORM_URL) is configured; accepting one takes a slot of the pilot cohort. Feature applications
 * (/get-featured/{startup,partner}) become published listings when an operator approves them.
 */
import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { referenceIds, timestamps } from "./columns.ts";
import { listings } from "./listings.ts";
import { storedFiles } from "./media.ts";
import { businessModels, countries, fundingStages } from "./reference.ts";

export const pilotApplications = pgTable(
  "pilot_applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    company: text("company").notNull(),
    website: text("website").notNull(),
    stage: text("stage").notNull(),
    goals: text("goals").notNull(),
    contactName: text("contact_name").notNull(),
    contactEmail: text("contact_email").notNull(),
    /** The member who applied, when signed in. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: ["new", "accepted", "declined"] })
      .notNull()
      .default("new"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    check("pilot_applications_status_check", sql`${t.status} IN ('new', 'accepted', 'declined')`),
    index("pilot_applications_created_idx").on(t.createdAt.desc()),
  ],
);

export const featureApplications = pgTable(
  "feature_applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    type: text("type", { enum: ["startup", "partner"] }).notNull(),
    name: text("name").notNull(),
    websiteUrl: text("website_url").notNull(),
    linkedinUrl: text("linkedin_url"),
    tagline: text("tagline").notNull(),
    description: text("description").notNull(),
    industryIds: referenceIds("industry_ids"),
    geographyIds: referenceIds("geography_ids"),
    countryIds: referenceIds("country_ids"),
    fundingStageId: integer("funding_stage_id").references(() => fundingStages.id),
    businessModelId: integer("business_model_id").references(() => businessModels.id),
    problem: text("problem"),
    solution: text("solution"),
    timing: text("timing"),
    howItWorks: text("how_it_works")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    team: jsonb("team").$type<Array<{ name: string; title: string }>>().notNull().default([]),
    logoFileId: uuid("logo_file_id").references(() => storedFiles.id, { onDelete: "set null" }),
    contactName: text("contact_name").notNull(),
    contactEmail: text("contact_email").notNull(),
    // The company's public contact and headquarters (decision 0066), copied to the listing on approval; the contact
    // above is the applicant, kept private.
    hqStreet: text("hq_street"),
    hqCity: text("hq_city"),
    hqRegion: text("hq_region"),
    hqPostalCode: text("hq_postal_code"),
    phone: text("phone"),
    companyEmail: text("company_email"),
    // Company facts (issue 31, decision 0086), each optional: the headquarters country (the listing's first country, and
    // where a national phone number is read), the founding year, a team-size band (features/catalog/company-facts),
    // and for startups the total raised and the latest round's type and date.
    hqCountryId: integer("hq_country_id").references(() => countries.id),
    foundedYear: smallint("founded_year"),
    teamSize: text("team_size"),
    totalFundingRaised: numeric("total_funding_raised", { precision: 18, scale: 2, mode: "number" }),
    latestRoundType: text("latest_round_type"),
    latestRoundDate: date("latest_round_date"),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: ["new", "approved", "rejected"] })
      .notNull()
      .default("new"),
    /** The operator's reason for a rejection, e-mailed to the applicant. */
    decisionNote: text("decision_note"),
    /** Whether the approved listing is featured. */
    featured: boolean("featured").notNull().default(false),
    listingId: uuid("listing_id").references(() => listings.id, { onDelete: "set null" }),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    clientAddress: text("client_address"),
    ...timestamps(),
  },
  (t) => [
    check("feature_applications_status_check", sql`${t.status} IN ('new', 'approved', 'rejected')`),
    check("feature_applications_type_check", sql`${t.type} IN ('startup', 'partner')`),
    check("feature_applications_team_size_check", sql`${t.teamSize} IN ('1-10', '11-50', '51-200', '201-1000', '1000+')`),
    index("feature_applications_status_idx").on(t.status, t.createdAt.desc()),
  ],
);
