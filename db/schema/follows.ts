/**
 * Listings a member follows (issue 18 §3): one row per member and listing. The listing id carries no foreign key on
 * purpose: a merge moves every column that references listings (features/duplicates/merge.server.ts), and a member
 * who followed both listings of a merged pair would then hold two rows for the survivor and fail the merge. A follow
 * stays on the listing it was made on and is read through the merge to its survivor (decision 0063); listings are
 * archived, never deleted, so the id never dangles.
 */
import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";

export const listingFollows = pgTable(
  "listing_follows",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    listingId: uuid("listing_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.listingId] }), index("listing_follows_listing_idx").on(t.listingId)],
);

/**
 * Whether a member gets the changes of the listings they follow by e-mail (decision 0063, addendum): no row is "on".
 * `changedAt` dates the member's last choice, so an unsubscribe link issued before it is out of date; `toldUntil` is
 * where the last digest that told them follow changes stopped, so the next one starts there whichever cadence it is.
 */
export const followEmailSettings = pgTable("follow_email_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  emails: boolean("emails").notNull().default(true),
  changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  toldUntil: timestamp("told_until", { withTimezone: true }),
});
