/**
 * Which introduction requests a claimed listing takes (issue 36, decision 0116): set by its owners. No row: every
 * request that passes the operators' screening. Like listing_owners, the listing id carries no foreign key (a merge
 * moves every column that references listings and would meet the survivor's own row); preferences apply to the
 * listing they were set on while it has owners.
 */
import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";

export const introPreferences = pgTable(
  "intro_preferences",
  {
    listingId: uuid("listing_id").primaryKey(),
    /** Plan tiers that may ask; empty: every tier. */
    tiers: text("tiers")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The requester's own listing's type, industries and funding stage (known when they keep a listing); empty: any. */
    listingTypes: text("listing_types")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    industryIds: integer("industry_ids")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    stageIds: integer("stage_ids")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Whether a requester whose listing is unknown (they keep none) passes the type, industry and stage restrictions. */
    allowUnknown: boolean("allow_unknown").notNull().default(true),
    /** Requests taken per calendar month (UTC); null: no cap. */
    monthlyCap: integer("monthly_cap"),
    paused: boolean("paused").notNull().default(false),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("intro_preferences_cap_check", sql`${t.monthlyCap} IS NULL OR ${t.monthlyCap} BETWEEN 1 AND 1000`)],
);
