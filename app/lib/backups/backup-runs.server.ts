/** The record of backups taken (backup_runs), and the last one for the operators' status page. */
import { desc } from "drizzle-orm";
import { userInfo } from "node:os";
import { backupRuns } from "#db/schema/index.ts";
import type { Database } from "../db.server.ts";

export type BackupRun = typeof backupRuns.$inferInsert;

export async function recordBackupRun(database: Database, run: BackupRun): Promise<void> {
  await database.db.insert(backupRuns).values(run);
}

/** The most recent backup run, succeeded or failed; null before the first. */
export async function lastBackup(
  database: Database,
): Promise<{ at: Date; kind: "pglite" | "postgres"; bytes: number | null; outcome: "succeeded" | "failed" } | null> {
  const [row] = await database.db
    .select({ at: backupRuns.at, kind: backupRuns.kind, bytes: backupRuns.bytes, outcome: backupRuns.outcome })
    .from(backupRuns)
    .orderBy(desc(backupRuns.at))
    .limit(1);
  return row ?? null;
}

/** Who ran the command: the operating-system user, or "cli" where the system has none to give (some containers). */
export function operatingSystemUser(): string {
  try {
    return userInfo().username || "cli";
  } catch {
    return "cli";
  }
}
