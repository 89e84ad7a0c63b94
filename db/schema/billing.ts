/**
 * Payments (DESIGN D17, decision 0079) and every other reason a member holds a tier. A member's tier in force is the
 * best of what these rows grant at the moment (access/tier-in-force.ts), written to `users.tier` by the one
 * function that decides it (access/member-tier.server.ts):
 * - a subscription at the payment provider, mirrored here as its verified webhooks report it (`billing_subscriptions`);
 * - a grant without payment (`tier_grants`): a demo-mode choice, or a complimentary grant until a date.
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { jobs } from "./jobs.ts";

const PAID_TIERS = ["subscriber", "premium"] as const;

/** The payment provider's customer of each member who started a checkout, and their first payment (the guarantee). */
export const billingCustomers = pgTable("billing_customers", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The provider's id (cus_…). */
  providerCustomerId: text("provider_customer_id").notNull().unique(),
  /** When the member's first invoice was paid, and which: the 14-day money-back guarantee runs from it. */
  firstPaymentAt: timestamp("first_payment_at", { withTimezone: true }),
  firstPaymentInvoiceId: text("first_payment_invoice_id"),
  /** The guarantee was used (refunded): it is given once per member. */
  guaranteeUsedAt: timestamp("guarantee_used_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A subscription as the provider last reported it: written only from the provider's own answers, fetched when a
 * verified webhook says it changed (decision 0079), never from what a member asked for.
 */
export const billingSubscriptions = pgTable(
  "billing_subscriptions",
  {
    /** The provider's id (sub_…). */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    providerCustomerId: text("provider_customer_id").notNull(),
    /** The provider's status: active, trialing, past_due, canceled, unpaid, incomplete, incomplete_expired, paused. */
    status: text("status").notNull(),
    /** The tier its price sells (from the price's lookup key); null for a price that is not one of ours. */
    tier: text("tier", { enum: PAID_TIERS }),
    interval: text("interval", { enum: ["monthly", "annual"] }),
    priceId: text("price_id"),
    priceLookupKey: text("price_lookup_key"),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /** When a payment first failed (the provider's clock); the grace period runs from it. Cleared once paid. */
    pastDueSince: timestamp("past_due_since", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** Refunded under the money-back guarantee: the plan ended at once. */
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    syncedAt: timestamp("synced_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("billing_subscriptions_user_idx").on(t.userId)],
);

/**
 * A tier given without a payment: `demo` (choosing a plan in demo billing; counts only while BILLING_MODE=demo) or
 * `complimentary` (an operator's gift, or a demo user's tier, until `ends_at` or for good). One row per source.
 */
export const tierGrants = pgTable(
  "tier_grants",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    source: text("source", { enum: ["demo", "complimentary"] }).notNull(),
    tier: text("tier", { enum: PAID_TIERS }).notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull().defaultNow(),
    /** Null: until taken back. */
    endsAt: timestamp("ends_at", { withTimezone: true }),
    grantedBy: text("granted_by").references(() => users.id, { onDelete: "set null" }),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.source] }),
    check("tier_grants_source_check", sql`${t.source} IN ('demo', 'complimentary')`),
    check("tier_grants_tier_check", sql`${t.tier} IN ('subscriber', 'premium')`),
  ],
);

/**
 * Each verified webhook event, once (its id is the key: a replay or a second server's copy of the same delivery
 * inserts nothing), and the job that applies it. Only ids are kept, no personal data: the job reads the objects
 * afresh from the provider. The ids are kept only while they are a member's: an event about no member's customer (a
 * deleted account's) keeps none, and a deleted member's events lose theirs (decision 0077); what stays is the ledger
 * an accountant reads beside the provider's invoices: the type, the amount, the currency and the dates.
 */
export const billingEvents = pgTable(
  "billing_events",
  {
    /** The provider's event id (evt_…). */
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    /** The object the event is about (cs_…, sub_…, in_…) and the customer it belongs to. */
    objectId: text("object_id"),
    providerCustomerId: text("provider_customer_id"),
    /** Money paid on an invoice (its amount paid) or given back (a refund), in the currency's smallest unit. */
    amount: integer("amount"),
    currency: text("currency"),
    providerCreatedAt: timestamp("provider_created_at", { withTimezone: true }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    jobId: uuid("job_id").references(() => jobs.id, { onDelete: "set null" }),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    /** What applying it did, in a few words ("subscription sub_1 active", "ignored: not a billing event"). */
    outcome: text("outcome"),
  },
  (t) => [index("billing_events_customer_idx").on(t.providerCustomerId)],
);
