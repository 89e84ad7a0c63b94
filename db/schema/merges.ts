/**
 * Merges of duplicate listings (issue 5 §5): every merge keeps a full before-image of both records and the exact
 * rows it moved, so an operator can undo it; the merged-away listing stays (processing status "merged", pointing
 * at its survivor) for the audit trail and the 301 from its old address.
 */
import { index, jsonb, pgTable, real, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { listings } from "./listings.ts";

export const listingMerges = pgTable(
  "listing_merges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    survivorId: uuid("survivor_id")
      .notNull()
      .references(() => listings.id),
    mergedId: uuid("merged_id")
      .notNull()
      .references(() => listings.id),
    /** Both listings as they were (to_jsonb of the row), restored column for column by an undo. */
    survivorBefore: jsonb("survivor_before").$type<Record<string, unknown>>().notNull(),
    mergedBefore: jsonb("merged_before").$type<Record<string, unknown>>().notNull(),
    /** The survivor's field provenance as it was (null: it had none), put back by an undo (decision 0068). */
    survivorSourcesBefore: jsonb("survivor_sources_before").$type<Record<string, unknown>>(),
    /** Which linked rows moved to the survivor: {"team_members.listing_id": [ids], ...}. */
    moved: jsonb("moved").$type<Record<string, Array<string | number>>>().notNull(),
    /** Rows that could not move (a member who viewed both listings this month), kept whole for the undo. */
    dropped: jsonb("dropped").$type<Record<string, Array<Record<string, unknown>>>>().notNull(),
    mergedFields: text("merged_fields").array().notNull(),
    score: real("score"),
    reasons: text("reasons").array().notNull(),
    mergedBy: text("merged_by").references(() => users.id, { onDelete: "set null" }),
    mergedAt: timestamp("merged_at", { withTimezone: true }).notNull().defaultNow(),
    undoneBy: text("undone_by").references(() => users.id, { onDelete: "set null" }),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
  },
  (t) => [index("listing_merges_survivor_idx").on(t.survivorId), index("listing_merges_merged_idx").on(t.mergedId)],
);
