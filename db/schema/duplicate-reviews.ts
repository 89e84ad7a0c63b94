/**
 * The duplicate review queue (issue 5 §2, §7): pairs a scan scored in the manual-review band, pairs members
 * reported from a profile, and (issue 7) imports that matched at or below 0.95. An operator merges or dismisses
 * each; a dismissed pair is not raised again by later scans.
 */
import { sql } from "drizzle-orm";
import { check, index, pgTable, real, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { REVIEW_SOURCES, REVIEW_STATUSES } from "../values/duplicate-reviews.ts";
import { listings } from "./listings.ts";

export const duplicateReviews = pgTable(
  "duplicate_reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The pair in a fixed order (first id < second id), so one pair is one row whoever raised it. */
    listingA: uuid("listing_a")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    listingB: uuid("listing_b")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    source: text("source", { enum: REVIEW_SOURCES }).notNull(),
    status: text("status", { enum: REVIEW_STATUSES }).notNull().default("open"),
    /** The matcher's score and reasons when it scored the pair (a member's report may have no score). */
    score: real("score"),
    reasons: text("reasons").array().notNull().default([]),
    /** What the reporting member wrote. */
    note: text("note"),
    reportedBy: text("reported_by").references(() => users.id, { onDelete: "set null" }),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("duplicate_reviews_ordered_pair", sql`${t.listingA} < ${t.listingB}`),
    uniqueIndex("duplicate_reviews_pair_key").on(t.listingA, t.listingB),
    index("duplicate_reviews_status_idx").on(t.status, t.createdAt.desc()),
  ],
);
