/**
 * The audit trail (spec 02 §3 "Audit log entry", stored: DESIGN D8). Spec 02 names the duplicate-cleanup
 * operations; the product adds its own (intro_request, feature_application) with the same shape.
 */
import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";

export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    timestamp: timestamp("timestamp", { withTimezone: true }).notNull().defaultNow(),
    /** duplicate_check, merge_operation, manual_review, cleanup_batch (spec 02), intro_request, feature_application. */
    operation: text("operation").notNull(),
    /** Who or what acted: "admin", "visitor", "recipient", "system", an import source. */
    source: text("source").notNull(),
    companyName: text("company_name"),
    /** The record acted on (a listing, a request, an application). */
    recordId: text("record_id"),
    action: text("action").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("audit_log_timestamp_idx").on(t.timestamp.desc()), index("audit_log_record_idx").on(t.recordId, t.timestamp.desc())],
);
