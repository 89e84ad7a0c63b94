/**
 * Teams (issue 37, decision 0118): a fund or an accelerator working in Introbase together. A member may belong to
 * several teams and chooses the one they work in (`active_teams`). Roles: one owner, admins, members. A team buys its
 * plan per seat; a member holding a seat gets the plan's tier while the team's subscription (or, in demo billing, its
 * seat grant) grants one: access/member-tier.server.ts reads these tables beside the member's own subscriptions.
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";

export const TEAM_ROLES = ["owner", "admin", "member"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
const PAID_TIERS = ["subscriber", "premium"] as const;

export const teams = pgTable("teams", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  /** The payment provider's customer (cus_…) the team's seats are billed to; set at its first checkout. */
  providerCustomerId: text("provider_customer_id").unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const teamMemberships = pgTable(
  "team_memberships",
  {
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: TEAM_ROLES }).notNull(),
    /** The member holds one of the team's seats: they get the team plan's tier while the team's plan is in force. */
    seat: boolean("seat").notNull().default(false),
    seatSince: timestamp("seat_since", { withTimezone: true }),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    index("team_memberships_user_idx").on(t.userId),
    // A team has exactly one owner at a time: a transfer swaps the two roles in one transaction.
    uniqueIndex("team_memberships_one_owner_idx")
      .on(t.teamId)
      .where(sql`${t.role} = 'owner'`),
    check("team_memberships_role_check", sql`${t.role} IN ('owner', 'admin', 'member')`),
  ],
);

/**
 * An invitation by e-mail: the link mailed carries a signature over the row's id and expiry (it cannot be forged or
 * extended), and it works once (`accepted_at`). Revoked invitations keep their row so an old link says why it fails.
 */
export const teamInvitations = pgTable(
  "team_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: ["admin", "member"] }).notNull(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: text("accepted_by").references(() => users.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("team_invitations_team_idx").on(t.teamId), check("team_invitations_role_check", sql`${t.role} IN ('admin', 'member')`)],
);

/** The team a member works in now (lists, follows and saved searches of that team); none: their own space. */
export const activeTeams = pgTable("active_teams", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  teamId: uuid("team_id")
    .notNull()
    .references(() => teams.id, { onDelete: "cascade" }),
  chosenAt: timestamp("chosen_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A team's per-seat subscription as the provider last reported it (like billing_subscriptions, written only from the
 * provider's answers after a verified webhook): `quantity` is the number of seats paid for.
 */
export const teamSubscriptions = pgTable(
  "team_subscriptions",
  {
    /** The provider's id (sub_…). */
    id: text("id").primaryKey(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    providerCustomerId: text("provider_customer_id").notNull(),
    status: text("status").notNull(),
    tier: text("tier", { enum: PAID_TIERS }),
    interval: text("interval", { enum: ["monthly", "annual"] }),
    priceId: text("price_id"),
    priceLookupKey: text("price_lookup_key"),
    quantity: integer("quantity").notNull().default(1),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    pastDueSince: timestamp("past_due_since", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    syncedAt: timestamp("synced_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("team_subscriptions_team_idx").on(t.teamId)],
);

/**
 * Seats without payment: `demo` (bought in demo billing; counts only while BILLING_MODE=demo) or `complimentary` (an
 * operator's gift). One row per team and source; `seats` is how many the team may hand out.
 */
export const teamSeatGrants = pgTable(
  "team_seat_grants",
  {
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    source: text("source", { enum: ["demo", "complimentary"] }).notNull(),
    tier: text("tier", { enum: PAID_TIERS }).notNull(),
    seats: integer("seats").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    grantedBy: text("granted_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.source] }),
    check("team_seat_grants_source_check", sql`${t.source} IN ('demo', 'complimentary')`),
    check("team_seat_grants_tier_check", sql`${t.tier} IN ('subscriber', 'premium')`),
    check("team_seat_grants_seats_check", sql`${t.seats} > 0`),
  ],
);
