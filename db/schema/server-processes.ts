/**
 * Server processes as the database saw them (issue 34, decision 0107): each process of each server writes its row
 * every few seconds, so /admin/system lists the processes seen recently across every machine from the database,
 * not from the memory of whichever process answers. Rows not written for a day are pruned by the processes that
 * are still alive.
 */
import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const serverProcesses = pgTable(
  "server_processes",
  {
    /** host:pid:random, fixed for the life of the process (a restarted process is a new row). */
    processKey: text("process_key").primaryKey(),
    host: text("host").notNull(),
    pid: integer("pid").notNull(),
    /** The release it runs: package.json's version, and the commit it was built from when known. */
    version: text("version").notNull(),
    commit: text("commit"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
    /** The directory index this process serves: its version in this process, and its last full build. */
    indexGeneration: integer("index_generation"),
    lastIndexBuildAt: timestamp("last_index_build_at", { withTimezone: true }),
    lastIndexBuildMs: integer("last_index_build_ms"),
    lastIndexBuildListings: integer("last_index_build_listings"),
  },
  (t) => [index("server_processes_last_seen_idx").on(t.lastSeenAt)],
);
