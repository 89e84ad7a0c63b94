/**
 * Each `npm run db:backup` (decision 0106): what was written where, and whether it worked, so the operators' status
 * page can say when the last good backup was taken. A failed run is kept too, with its error.
 */
import { bigint, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const BACKUP_KINDS = ["pglite", "postgres"] as const;
export const BACKUP_OUTCOMES = ["succeeded", "failed"] as const;

export const backupRuns = pgTable(
  "backup_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    kind: text("kind", { enum: BACKUP_KINDS }).notNull(),
    /** The backup file's path as the command wrote it; null when the run failed before naming one. */
    file: text("file"),
    bytes: bigint("bytes", { mode: "number" }),
    /** Hex SHA-256 of the backup's contents (the same value its header carries). */
    sha256: text("sha256"),
    /** The last migration applied in the database backed up (its tag, as in db/migrations/meta/_journal.json). */
    schemaVersion: text("schema_version"),
    /** The operating-system user who ran the command, or "cli" when the system does not say. */
    takenBy: text("taken_by").notNull(),
    outcome: text("outcome", { enum: BACKUP_OUTCOMES }).notNull(),
    error: text("error"),
  },
  (t) => [index("backup_runs_at_idx").on(t.at.desc())],
);
