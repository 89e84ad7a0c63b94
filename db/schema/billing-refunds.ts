/**
 * Refunds an operator made from /admin/members (decision 0081), one row per refunded invoice: the row is claimed before
 * the provider is asked, so a second click, a second operator or a second server refunds nothing twice. Amounts are
 * the provider's (minor units of its currency). The reason is kept in the audit log, not here.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";

export const billingRefunds = pgTable(
  "billing_refunds",
  {
    /** The provider's invoice (in_…): refunded once. */
    invoiceId: text("invoice_id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** What was paid on the invoice and given back, in the currency's minor units. */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    /** What became of the plan the invoice paid for: ended at once, or at the end of the period. */
    planEnding: text("plan_ending", { enum: ["now", "period_end"] }).notNull(),
    refundedBy: text("refunded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("billing_refunds_user_idx").on(t.userId),
    check("billing_refunds_plan_ending_check", sql`${t.planEnding} IN ('now', 'period_end')`),
  ],
);
