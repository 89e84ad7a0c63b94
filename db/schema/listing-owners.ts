/**
 * Who keeps a listing (issue 36, decision 0114): members who proved they belong to the company or firm it describes.
 * One row per listing and member; a listing may have several owners. Like follows, the listing id carries no foreign
 * key: a merge moves every column that references listings, and a member owning both listings of a merged pair would
 * then hold two rows for the survivor and fail the merge. Ownership is read through a merge to its survivor
 * (features/listing-owners/ownership.server.ts).
 */
import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";

/** How a member became an owner: a signed link to an address at the listing's domain, an operator, or a colleague. */
export const OWNERSHIP_ROUTES = ["domain_email", "operator", "invite"] as const;
export type OwnershipRoute = (typeof OWNERSHIP_ROUTES)[number];

export const listingOwners = pgTable(
  "listing_owners",
  {
    listingId: uuid("listing_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    via: text("via", { enum: OWNERSHIP_ROUTES }).notNull(),
    /** The address that proved it (domain e-mail, an invitation's address); null when an operator granted it. */
    provedBy: text("proved_by"),
    /** The operator or colleague who granted it. */
    grantedBy: text("granted_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.listingId, t.userId] }),
    index("listing_owners_user_idx").on(t.userId),
    check("listing_owners_via_check", sql`${t.via} IN ('domain_email', 'operator', 'invite')`),
  ],
);

/**
 * An operator's stop on a listing's self-editing (issue 36 "Trust and safety"): while a row exists, its owners cannot
 * propose or publish changes; everything else they keep. No row: not frozen.
 */
export const listingEditFreezes = pgTable("listing_edit_freezes", {
  listingId: uuid("listing_id").primaryKey(),
  reason: text("reason").notNull(),
  frozenBy: text("frozen_by").references(() => users.id, { onDelete: "set null" }),
  frozenAt: timestamp("frozen_at", { withTimezone: true }).notNull().defaultNow(),
});
