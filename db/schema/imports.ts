/**
 * Where imported listings came from (issue 7): one row per external record (a provider company, a spreadsheet
 * base's record) and the listing it became or was merged into, so running an import again updates instead of
 * creating. A merge moves these rows to the survivor with every other link.
 */
import { index, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { listings } from "./listings.ts";

export const listingSources = pgTable(
  "listing_sources",
  {
    id: serial("id").primaryKey(),
    /** "provider" or "spreadsheet:{baseId}". */
    source: text("source").notNull(),
    externalId: text("external_id").notNull(),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    /** A hash of the external record as last imported: an unchanged record is skipped. */
    contentHash: text("content_hash"),
    importedAt: timestamp("imported_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("listing_sources_external_key").on(t.source, t.externalId), index("listing_sources_listing_idx").on(t.listingId)],
);
