/**
 * Long operator work as durable jobs (DESIGN D10; spec 02 §3 "Job record"): duplicate scans now, imports and the
 * taxonomy migration later. A worker in the server process claims queued rows with FOR UPDATE SKIP LOCKED, so
 * several servers share the queue; a row left "running" by a crash is picked up again at start.
 */
import { index, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";

export const JOB_STATUSES = ["queued", "running", "completed", "failed"] as const;

export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What runs: "duplicate_scan", later "provider_import", "spreadsheet_import", "industries_migration". */
    jobType: text("job_type").notNull(),
    status: text("status", { enum: JOB_STATUSES }).notNull().default("queued"),
    parameters: jsonb("parameters").$type<Record<string, unknown>>().notNull().default({}),
    /** Live progress: done of total steps, and a line saying what is happening. */
    progressDone: integer("progress_done").notNull().default(0),
    progressTotal: integer("progress_total").notNull().default(0),
    progressMessage: text("progress_message"),
    // Spec 02 §3 counters.
    companiesProcessed: integer("companies_processed").notNull().default(0),
    newRecordsAdded: integer("new_records_added").notNull().default(0),
    updatedRecords: integer("updated_records").notNull().default(0),
    apiCallsMade: integer("api_calls_made").notNull().default(0),
    targetCompany: text("target_company"),
    cost: numeric("cost", { precision: 12, scale: 4, mode: "number" }).notNull().default(0),
    rawOutput: jsonb("raw_output"),
    processedOutput: jsonb("processed_output"),
    errorLog: text("error_log").array().notNull().default([]),
    /** How many times a worker has claimed it: a job that keeps crashing its worker is failed, not retried forever. */
    attempts: integer("attempts").notNull().default(0),
    /** The worker that holds it and when it last said it was alive; a stale heartbeat means the worker died. */
    lockedBy: text("locked_by"),
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [index("jobs_status_created_idx").on(t.status, t.createdAt), index("jobs_type_created_idx").on(t.jobType, t.createdAt.desc())],
);
