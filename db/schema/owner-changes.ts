/**
 * Owners' proposed changes (issue 36 "Owners edit their profile", decision 0115): an owner's edit, or a value an
 * import or merge brought over one the company submitted, waits here for an operator's review; a field an operator
 * lets owners publish at once is applied and recorded here as published. Listing-keyed rows follow the listing through
 * a merge (the merge moves every row that references listings); the proposer and decider are set null when their
 * account is erased (the proposed values are the company's, not the member's).
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import {
  AT_ONCE_FIELDS,
  CHANGE_ORIGINS,
  CHANGE_STATUSES,
  type ChangeOrigin,
  type ChangeStatus,
  type ProposedFieldChange,
} from "../values/owner-changes.ts";
import { users } from "./accounts.ts";
import { listings } from "./listings.ts";

const quoted = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

export const listingChangeProposals = pgTable(
  "listing_change_proposals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    origin: text("origin").$type<ChangeOrigin>().notNull(),
    proposedBy: text("proposed_by").references(() => users.id, { onDelete: "set null" }),
    /** The changed fields, in form order, each with its value when proposed and the value proposed. */
    changes: jsonb("changes").$type<ProposedFieldChange[]>().notNull(),
    status: text("status").$type<ChangeStatus>().notNull().default("pending"),
    /** The operator's note to the owner (a rejection's reason), or what an import or merge brought. */
    note: text("note"),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    index("listing_change_proposals_status_idx").on(t.status, t.createdAt),
    index("listing_change_proposals_listing_idx").on(t.listingId, t.createdAt),
    index("listing_change_proposals_proposed_by_idx").on(t.proposedBy),
    check("listing_change_proposals_origin_check", sql`${t.origin} IN (${quoted(CHANGE_ORIGINS)})`),
    check("listing_change_proposals_status_check", sql`${t.status} IN (${quoted(CHANGE_STATUSES)})`),
  ],
);

/**
 * Which low-risk fields owners publish at once (no row, or false: reviewed). Only the fields of AT_ONCE_FIELDS may
 * have a row: the check keeps a contact value or an amount from ever skipping review, whatever a form posts.
 */
export const ownerFieldRules = pgTable(
  "owner_field_rules",
  {
    field: text("field").primaryKey(),
    publishAtOnce: boolean("publish_at_once").notNull().default(false),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("owner_field_rules_field_check", sql`${t.field} IN (${quoted(AT_ONCE_FIELDS)})`)],
);
