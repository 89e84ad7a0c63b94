/**
 * Monthly usage per user (spec 01 §3 "Local usage record", kept on the server: DESIGN D8). Counters are
 * keyed by action (company_view, ai_{kind}, ai_tokens, data_export, api_call). Company views are counted once
 * per listing per month, so `listing_views` remembers which listings a user already opened that month.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { listings } from "./listings.ts";

export const usageCounters = pgTable(
  "usage_counters",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    year: smallint("year").notNull(),
    month: smallint("month").notNull(),
    action: text("action").notNull(),
    count: integer("count").notNull().default(0),
    lastUpdated: timestamp("last_updated", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.year, t.month, t.action] }),
    check("usage_counters_month_check", sql`${t.month} BETWEEN 1 AND 12`),
    check("usage_counters_action_check", sql`${t.action} ~ '^[a-z][a-z0-9_]{0,39}$'`),
  ],
);

export const listingViews = pgTable(
  "listing_views",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    year: smallint("year").notNull(),
    month: smallint("month").notNull(),
    viewedAt: timestamp("viewed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.year, t.month, t.listingId] })],
);

/**
 * Plan choices from the upgrade dialog. `status` says what happened: granted (demo billing gave the tier at
 * once), requested (recorded for a person or, later, a payment provider to complete) or ended (the member deleted
 * their account, decision 0077). A row is an accounting record: it outlives its member, without them (user_id null).
 */
const SUBSCRIPTION_CHANGE_STATUSES = ["granted", "requested", "ended"] as const;

export const subscriptionChanges = pgTable(
  "subscription_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Null once the member deleted their account: the record keeps the plan and the amount, not the person. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The plan's name as the buyer saw it (the tier record's display name at the time). */
    plan: text("plan").notNull(),
    tier: text("tier", { enum: ["subscriber", "premium"] }).notNull(),
    /** The monthly price in whole dollars the buyer agreed to; null on changes recorded before prices were kept. */
    monthlyPrice: integer("monthly_price"),
    status: text("status", { enum: SUBSCRIPTION_CHANGE_STATUSES }).notNull(),
    provider: text("provider").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("subscription_changes_status_check", sql`${t.status} IN ('granted', 'requested', 'ended')`),
    index("subscription_changes_user_idx").on(t.userId),
  ],
);
