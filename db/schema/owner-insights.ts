/**
 * Owner insights (issue 36, decision 0117): how often a listing's profile is looked at and how often it shows on a
 * directory results page, as weekly counts per bucket, never as events. A row says "in the week starting 23 Nov,
 * listing X was viewed 7 times by subscribers"; nothing in it says who. Like follows, the listing id carries no
 * foreign key: a merge moves every column that references listings, and two rows of a merged pair would then collide
 * on the key; the insights page reads a survivor's counts together with those of the listings merged into it.
 */
import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, index, pgTable, primaryKey, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { outboxEmails } from "./messages.ts";

/** What was counted: a profile page shown, or the listing shown on a directory results page. */
export const INSIGHT_METRICS = ["view", "appearance"] as const;
/** How a count is split: the whole, the visitor's plan, and the type and industry of the listing the visitor keeps. */
export const INSIGHT_DIMENSIONS = ["total", "plan", "listing_type", "industry"] as const;

export const listingInsightCounts = pgTable(
  "listing_insight_counts",
  {
    listingId: uuid("listing_id").notNull(),
    /** The Monday (UTC) starting the ISO week. */
    weekStart: date("week_start", { mode: "string" }).notNull(),
    metric: text("metric", { enum: INSIGHT_METRICS }).notNull(),
    dimension: text("dimension", { enum: INSIGHT_DIMENSIONS }).notNull(),
    /** The bucket: "all" for the total, a plan name, a listing type, an industry's name, or "unknown". */
    bucket: text("bucket").notNull(),
    count: bigint("count", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.listingId, t.weekStart, t.metric, t.dimension, t.bucket] }),
    check("listing_insight_counts_metric_check", sql`${t.metric} IN ('view', 'appearance')`),
    check("listing_insight_counts_dimension_check", sql`${t.dimension} IN ('total', 'plan', 'listing_type', 'industry')`),
    check("listing_insight_counts_count_check", sql`${t.count} > 0`),
  ],
);

/** Whether an owner gets the monthly summary e-mail: no row is "on". `changedAt` makes older unsubscribe links spent. */
export const ownerInsightEmailSettings = pgTable("owner_insight_email_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  emails: boolean("emails").notNull().default(true),
  changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One row per month summarised: whichever app server inserts it queues the month's job, nobody else. */
export const ownerInsightRuns = pgTable("owner_insight_runs", {
  monthStart: date("month_start", { mode: "string" }).primaryKey(),
  jobId: uuid("job_id"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const OWNER_SUMMARY_STATUSES = ["sending", "sent", "stored", "failed", "skipped"] as const;

/**
 * One summary per owner and month, claimed before it is sent: a second worker (or a resumed run) finds the row and
 * sends nothing. "sending" left behind by a crash is never sent again.
 */
export const ownerInsightDeliveries = pgTable(
  "owner_insight_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    monthStart: date("month_start", { mode: "string" }).notNull(),
    status: text("status", { enum: OWNER_SUMMARY_STATUSES }).notNull(),
    outboxEmailId: uuid("outbox_email_id").references(() => outboxEmails.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    unique("owner_insight_deliveries_member_month_key").on(t.userId, t.monthStart),
    index("owner_insight_deliveries_month_idx").on(t.monthStart, t.status),
    check("owner_insight_deliveries_status_check", sql`${t.status} IN ('sending', 'sent', 'stored', 'failed', 'skipped')`),
  ],
);
