/**
 * Backs the database up into one checksummed file: `npm run db:backup [-- --out file]` (decision 0106).
 * DATABASE_URL set: pg_dump, while the servers keep running. Else the embedded database in PGLITE_DIR, which one
 * process at a time may open: with the server running this refuses and says so (stop it first).
 */
// First: a failure anywhere below, even while the modules load, ends in one clear line (fail-clearly.ts).
import "./fail-clearly.ts";
import { parseArgs } from "node:util";
import { operatingSystemUser } from "../app/lib/backups/backup-runs.server.ts";
import { takeBackup } from "../app/lib/backups/take-backup.server.ts";
import { openDatabase } from "../app/lib/db.server.ts";
import { getEnv } from "../app/lib/env.server.ts";
import { settingError, settingOf } from "../app/lib/startup-failure.ts";

const { values } = parseArgs({ options: { out: { type: "string" }, help: { type: "boolean", default: false } } });
if (values.help) {
  console.log(`npm run db:backup -- [--out file]
  Writes the whole database (DATABASE_URL, else the embedded one in PGLITE_DIR), uploaded logos included, into one
  file with a SHA-256 checksum: BACKUP_DIR/introbase-<kind>-<time>.ibak unless --out names another.
  PostgreSQL: pg_dump (custom format) while the servers run. Embedded: stop the server first (one process per
  data directory). Each run is recorded in backup_runs (the status page shows the last). Restore: npm run db:restore.`);
  process.exit(0);
}
const env = getEnv();
let database;
try {
  database = await openDatabase({ url: env.DATABASE_URL, dir: env.PGLITE_DIR });
} catch (error) {
  if (!env.DATABASE_URL && settingOf(error) === "PGLITE_DIR" && /in use by another process/.test(String((error as Error).message)))
    throw settingError(
      "PGLITE_DIR",
      `${env.PGLITE_DIR} is open in a running server: the embedded database is one process's, so stop the server, run npm run db:backup, and start it again (or use PostgreSQL, which is backed up while it runs)`,
      error,
    );
  throw error;
}
try {
  const written = await takeBackup(database, {
    dir: env.BACKUP_DIR,
    file: values.out,
    url: env.DATABASE_URL,
    now: new Date(),
    takenBy: operatingSystemUser(),
  });
  console.log(
    `Backed up to ${written.file} (${written.bytes.toLocaleString("en")} bytes, schema ${written.manifest.schemaVersion}, SHA-256 ${written.sha256}).`,
  );
} finally {
  await database.close();
}
