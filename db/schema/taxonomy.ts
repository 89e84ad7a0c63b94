/**
 * Backups the industries migration takes before it changes anything (spec 02 §4: backup, populate, validate;
 * issue 6 §2): every industry record and every listing's industry ids as they were, so a restore puts both back.
 */
import { jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";

export const industryBackups = pgTable("industry_backups", {
  id: uuid("id").primaryKey().defaultRandom(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  /** The industries rows (to_jsonb of each), restored column for column. */
  industries: jsonb("industries").$type<Array<Record<string, unknown>>>().notNull(),
  /** Listing id → its industry ids, for every listing that had any. */
  listingIndustries: jsonb("listing_industries").$type<Record<string, number[]>>().notNull(),
  restoredAt: timestamp("restored_at", { withTimezone: true }),
  restoredBy: text("restored_by").references(() => users.id, { onDelete: "set null" }),
});
