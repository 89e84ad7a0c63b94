/**
 * Restores a backup made by `npm run db:backup`: `npm run db:restore -- <file> [--to dir-or-url] [--force]`
 * (decision 0106). Checks the file's SHA-256 and schema first; never replaces a database silently.
 */
// First: a failure anywhere below, even while the modules load, ends in one clear line (fail-clearly.ts).
import "./fail-clearly.ts";
import { parseArgs } from "node:util";
import { verifyBackupFile } from "../app/lib/backups/backup-file.server.ts";
import { restoreEmbedded } from "../app/lib/backups/embedded-backup.server.ts";
import { restorePostgres } from "../app/lib/backups/postgres-backup.server.ts";
import { checkRestorable } from "../app/lib/backups/schema-version.server.ts";
import { getEnv } from "../app/lib/env.server.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    to: { type: "string" },
    force: { type: "boolean", default: false },
    check: { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});
const USAGE = "Usage: npm run db:restore -- <backup file> [--to data-dir-or-postgres-url] [--force] [--check]";
if (values.help) {
  console.log(`${USAGE}
  Restores a file from npm run db:backup after checking its SHA-256 and that this release knows its schema.
  An embedded backup goes into --to (a directory), else PGLITE_DIR; a PostgreSQL one into --to (a URL), else
  DATABASE_URL. The target must be empty or new; --force replaces it (embedded: the old directory is moved aside
  to <dir>.replaced-<time>; PostgreSQL: pg_restore --clean). The server must be stopped for an embedded restore.
  --check only verifies the file.`);
  process.exit(0);
}
const file = positionals[0];
if (!file || positionals.length > 1) {
  console.error(USAGE);
  process.exit(2);
}
const env = getEnv();
const { manifest } = await verifyBackupFile(file);
checkRestorable(manifest);
if (values.check) {
  console.log(`${file} is whole: a ${manifest.kind} backup of ${manifest.createdAt}, schema ${manifest.schemaVersion}.`);
  process.exit(0);
}
if (manifest.kind === "pglite") {
  const dir = values.to ?? env.PGLITE_DIR;
  const { movedAside } = await restoreEmbedded(file, dir, { force: values.force, now: new Date() });
  console.log(
    `Restored ${file} (${manifest.createdAt}) into ${dir}.${movedAside ? ` The database there before is in ${movedAside}.` : ""}`,
  );
} else {
  const url = values.to ?? env.DATABASE_URL;
  if (!url) {
    console.error("This is a PostgreSQL backup: set DATABASE_URL (or pass --to postgres://...) to the database to restore into.");
    process.exit(2);
  }
  await restorePostgres(file, url, { force: values.force });
  console.log(`Restored ${file} (${manifest.createdAt}) into the PostgreSQL database.`);
}
