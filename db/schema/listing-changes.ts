/**
 * The directory's change log (decision 0095): which listings a transaction touched, written by triggers on `listings`,
 * `investor_relationships` and `funding_rounds` (migration "listing_change_log") in that transaction, so it commits or
 * rolls back with the change. Each app server's directory index reads the rows its position has not seen and re-reads
 * just those listings (app/features/directory/directory-index.server.ts). A position is a PostgreSQL snapshot, not a
 * sequence number: a row is new to a process when its transaction was not visible in the snapshot the process last
 * read in, which holds whatever order concurrent writers commit in (a sequence number would skip a transaction that
 * took a lower number and committed later).
 */
import { sql } from "drizzle-orm";
import { bigserial, customType, index, pgTable, smallint, timestamp, uuid } from "drizzle-orm/pg-core";

const xid8 = customType<{ data: string }>({ dataType: () => "xid8" });

export const listingChanges = pgTable(
  "listing_changes",
  {
    seq: bigserial("seq", { mode: "number" }).primaryKey(),
    /** The listing changed; null: everything may have (a bulk load without the triggers): every process rebuilds. */
    listingId: uuid("listing_id"),
    /** The writing transaction, to tell which rows a process's snapshot had not seen. */
    xid: xid8("xid")
      .notNull()
      .default(sql`pg_current_xact_id()`),
    /** When written: rows are kept for a while, then pruned (listing-changes.server.ts). */
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("listing_changes_xid_idx").on(t.xid), index("listing_changes_at_idx").on(t.at)],
);

/**
 * The newest transaction whose rows were pruned from listing_changes (one row): a process whose snapshot does not see
 * every transaction up to it may have missed a pruned change, and rebuilds its index.
 */
export const listingChangesPruned = pgTable("listing_changes_pruned", {
  id: smallint("id").primaryKey().default(1),
  upTo: xid8("up_to").notNull(),
});
