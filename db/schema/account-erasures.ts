/**
 * Accounts being deleted (DESIGN D18, decision 0077). Confirming "Delete my account" signs the member out everywhere,
 * ends their plan, frees their address and writes one row here in one transaction; the account erasure job then
 * removes or anonymises what the database holds about them, step by step, and deletes this row as its last step. The
 * row keeps what the job must search for (the id, the address, the names the member went by) and nothing else, for
 * as long as the job needs it: minutes normally, never more than the privacy policy's 30 days.
 */
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const accountErasures = pgTable(
  "account_erasures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The deleted member's id. No foreign key: the user row goes before this one does. */
    userId: text("user_id").notNull().unique(),
    /** Their address, lower case: the mail sent to it, the applications made with it, the confirmation's recipient. */
    email: text("email").notNull(),
    /** The account's name and the names they typed into requests and applications, found in mail sent about them. */
    names: text("names").array().notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set just before the confirmation e-mail goes out, so a resumed job never sends it twice. */
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
    /** The last failure of the job, for operators; the sweep queues the job again (account-erasure-job.server.ts). */
    lastError: text("last_error"),
  },
  (t) => [index("account_erasures_requested_idx").on(t.requestedAt)],
);
