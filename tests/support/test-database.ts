/**
 * Database tests (`*.db.test.ts`) are written once and run on both drivers: on an in-memory PGlite by
 * `npm test`, and on a PostgreSQL server by `npm run test:pg` (TEST_DATABASE_URL or DATABASE_URL set).
 * Every call gets its own empty, migrated database, so test files can run in parallel and never see each
 * other's rows. Test code only: nothing in the application imports this file.
 *
 * The migrations themselves run once per test run (decision 0042): the Vitest configs' global setup
 * (tests/support/migrated-database.global.ts) migrates one database, and each call here gets a copy of it
 * (tests/support/migrated-test-database.ts).
 */
import { inject } from "vitest";
import type { Database } from "~/lib/db.server.ts";
import { openMigratedCopy, openMigratedDirectory, placeMigratedDirectory, type MigratedSource } from "./migrated-test-database.ts";

export { openSecondHandle, testServerUrl, withDatabaseName } from "./migrated-test-database.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's migrated database (tests/support/migrated-database.global.ts); absent without that setup. */
    migratedDatabase: MigratedSource | undefined;
  }
}

/**
 * A fresh migrated database. `close()` disconnects and, on a server, drops the database again; on PGlite it hands the
 * instance back to the worker's pool, which empties it for a later call and keeps it only if it is then
 * indistinguishable from a fresh copy (decision 0048). Either way the closed Database refuses queries.
 */
export function openTestDatabase(): Promise<Database> {
  return openMigratedCopy(inject("migratedDatabase") ?? {});
}

/**
 * A migrated embedded database in the data directory `dir` (PGlite only), for a test that hands the directory to
 * another process: an empty directory starts as a copy of the migrated snapshot, one holding a database opens as is.
 */
export function openTestDatabaseIn(dir: string): Promise<Database> {
  return openMigratedDirectory(inject("migratedDatabase") ?? {}, dir);
}

/**
 * The data directory `dir` (PGlite only) made a copy of the migrated snapshot, if it holds no database yet, without
 * opening it: for a test whose application opens the directory itself (tests/support/app-over-http.ts) and migrates it
 * as it migrates ./data. Without the snapshot (no global setup) the directory stays empty, and the application builds
 * its database from nothing.
 */
export function placeTestDatabaseIn(dir: string): Promise<void> {
  return placeMigratedDirectory(inject("migratedDatabase") ?? {}, dir);
}
