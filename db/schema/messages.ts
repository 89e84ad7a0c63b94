/**
 * Every e-mail the product sends (DESIGN D8: nothing that matters lives only in flight). With SMTP configured
 * a row records the delivery; without, the row is the delivery: admins read it at /admin/outbox.
 */
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const outboxEmails = pgTable(
  "outbox_emails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What the message is about (intro_request, intro_accepted, ...), for filtering and tests. */
    kind: text("kind").notNull(),
    to: text("to").array().notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    /** The text/html part, rendered from the same definition as `text` (decision 0074); null before it existed. */
    html: text("html"),
    /** sent: accepted by the SMTP server; stored: no SMTP configured, kept here; failed: SMTP refused it. */
    status: text("status", { enum: ["sent", "stored", "failed"] }).notNull(),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("outbox_emails_status_check", sql`${t.status} IN ('sent', 'stored', 'failed')`),
    index("outbox_emails_created_idx").on(t.createdAt.desc()),
  ],
);
