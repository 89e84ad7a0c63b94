/**
 * The audit trail (spec 02 §3 "Audit log entry", stored: DESIGN D8). Spec 02 names the duplicate-cleanup
 * operations; the product adds its own (intro_request, feature_application) with the same shape.
 * Entries written by a job (an import writes one per company) belong to a run, so the views can show the run as one
 * row and keep people's actions apart (issue 32, decision 0093).
 */
import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";

/**
 * The sources of entries a person writes by acting; any other source (an import's, "system") is a machine's. "a
 * deleted member" is what an erasure leaves in place of a member's (DELETED_MEMBER, features/member-data).
 */
export const PEOPLE_SOURCES = ["admin", "member", "visitor", "recipient", "a deleted member"] as const;
const peopleSources = sql.raw(PEOPLE_SOURCES.map((s) => `'${s}'`).join(", "));

/** One run of machine work that wrote audit entries: a job (same id as the job), or an import started outside one. */
export const auditRuns = pgTable(
  "audit_runs",
  {
    id: uuid("id").primaryKey(),
    /** What ran: the job type ("provider_import", "spreadsheet_import", ...) or "import". */
    kind: text("kind").notNull(),
    /** The source of its first entry ("LeadsOnTrees", "spreadsheet:…", "system"). */
    source: text("source").notNull(),
    /** The person who started it, when one did. */
    startedBy: text("started_by").references(() => users.id, { onDelete: "set null" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    /** When its latest entry was written: where the run sits among newer and older activity. */
    lastAt: timestamp("last_at", { withTimezone: true }).notNull().defaultNow(),
    /** Its entries counted by "operation:action", kept as they are written: a run's row never counts its entries. */
    counts: jsonb("counts").$type<Record<string, number>>().notNull().default({}),
  },
  (t) => [index("audit_runs_last_idx").on(t.lastAt.desc(), t.id.desc())],
);

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
    /** The run that wrote it; none for a person's action (and for entries from before runs were recorded). */
    runId: uuid("run_id").references(() => auditRuns.id, { onDelete: "cascade" }),
    /** "person" for a person's action outside a run, else "machine": what the who-acted filter reads by index. */
    actorKind: text("actor_kind")
      .notNull()
      .generatedAlwaysAs(sql`CASE WHEN run_id IS NULL AND source IN (${peopleSources}) THEN 'person' ELSE 'machine' END`),
  },
  (t) => [
    index("audit_log_timestamp_idx").on(t.timestamp.desc()),
    index("audit_log_record_idx").on(t.recordId, t.timestamp.desc()),
    // A run's entries, newest first (its expanded view and its counts).
    index("audit_log_run_idx").on(t.runId, t.timestamp.desc(), t.id.desc()),
    // The entries outside runs, newest first: what the grouped views list one by one, of everyone or of one kind.
    index("audit_log_single_idx")
      .on(t.timestamp.desc(), t.id.desc())
      .where(sql`${t.runId} IS NULL`),
    index("audit_log_single_kind_idx")
      .on(t.actorKind, t.timestamp.desc(), t.id.desc())
      .where(sql`${t.runId} IS NULL`),
  ],
);
