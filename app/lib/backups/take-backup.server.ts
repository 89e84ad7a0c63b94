/**
 * One backup run, whichever database: the file written, then a row in backup_runs (succeeded, or failed with its
 * error) that the status page reads through lastBackup.
 */
import path from "node:path";
import type { Database } from "../db.server.ts";
import { failureReason } from "../errors.ts";
import { recordBackupRun } from "./backup-runs.server.ts";
import { backupEmbedded, type BackupWritten } from "./embedded-backup.server.ts";
import { backupPostgres } from "./postgres-backup.server.ts";

/** introbase-pglite-2026-11-29T10-56-12Z.ibak: sorts by time, and says what it holds. */
function backupFileName(kind: Database["kind"], now: Date): string {
  return `introbase-${kind}-${now
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replace(/:/g, "-")}.ibak`;
}

export async function takeBackup(
  database: Database,
  options: { dir: string; file?: string; url?: string; now: Date; takenBy: string },
): Promise<BackupWritten> {
  const file = options.file ?? path.join(options.dir, backupFileName(database.kind, options.now));
  try {
    const written =
      database.kind === "pglite"
        ? await backupEmbedded(database, { file, now: options.now, takenBy: options.takenBy })
        : await backupPostgres(database, { url: requireUrl(options.url), file, now: options.now, takenBy: options.takenBy });
    await recordBackupRun(database, {
      at: options.now,
      kind: database.kind,
      file: path.resolve(file),
      bytes: written.bytes,
      sha256: written.sha256,
      schemaVersion: written.manifest.schemaVersion,
      takenBy: options.takenBy,
      outcome: "succeeded",
    });
    return written;
  } catch (error) {
    await recordBackupRun(database, {
      at: options.now,
      kind: database.kind,
      file: path.resolve(file),
      takenBy: options.takenBy,
      outcome: "failed",
      error: failureReason(error),
    }).catch(() => {});
    throw error;
  }
}

function requireUrl(url: string | undefined): string {
  if (!url) throw new Error("a PostgreSQL backup needs the database's URL");
  return url;
}
