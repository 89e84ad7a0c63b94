/**
 * Claims of listings and invitations of colleagues (issue 36 "Claiming", decision 0114): how a member asks to keep a
 * listing, and how an owner brings a colleague in. A claim by domain e-mail waits for its signed link to be opened
 * (then "verified"); a claim with evidence waits for an operator ("approved" or "rejected", with a note). Each row is
 * also what the claim limits count (features/listing-owners/claim-limits.server.ts), so they hold across processes.
 * The listing ids carry foreign keys: a merge moves a claim or an invitation to the survivor, which is the same company.
 */
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { listings } from "./listings.ts";

export const CLAIM_METHODS = ["domain_email", "evidence"] as const;
export const CLAIM_STATUSES = ["pending", "verified", "approved", "rejected"] as const;

export const listingClaims = pgTable(
  "listing_claims",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    method: text("method", { enum: CLAIM_METHODS }).notNull(),
    /** The address at the listing's domain the link was mailed to (domain e-mail claims). */
    email: text("email"),
    /** What the member says they are at the company, and why an operator should believe it (evidence claims). */
    role: text("role"),
    evidence: text("evidence"),
    evidenceUrl: text("evidence_url"),
    status: text("status", { enum: CLAIM_STATUSES }).notNull().default("pending"),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decisionNote: text("decision_note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    index("listing_claims_user_idx").on(t.userId, t.createdAt),
    index("listing_claims_listing_idx").on(t.listingId, t.createdAt),
    index("listing_claims_pending_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending' AND ${t.method} = 'evidence'`),
    check("listing_claims_method_check", sql`${t.method} IN ('domain_email', 'evidence')`),
    check("listing_claims_status_check", sql`${t.status} IN ('pending', 'verified', 'approved', 'rejected')`),
    check("listing_claims_email_cap", sql`char_length(${t.email}) <= 254`),
    check("listing_claims_evidence_cap", sql`char_length(${t.evidence}) <= 2000`),
  ],
);

export const INVITE_STATUSES = ["pending", "accepted", "withdrawn"] as const;

/** An owner's invitation of a colleague, by an address at the listing's domain; the signed link proves the address. */
export const listingInvites = pgTable(
  "listing_invites",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    invitedBy: text("invited_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: INVITE_STATUSES }).notNull().default("pending"),
    acceptedBy: text("accepted_by").references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
  },
  (t) => [
    index("listing_invites_listing_idx").on(t.listingId, t.createdAt),
    index("listing_invites_invited_by_idx").on(t.invitedBy),
    check("listing_invites_status_check", sql`${t.status} IN ('pending', 'accepted', 'withdrawn')`),
    check("listing_invites_email_cap", sql`char_length(${t.email}) <= 254`),
  ],
);
