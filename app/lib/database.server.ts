import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "./db.server.ts";
import { getEnv } from "./env.server.ts";
import { AppError } from "./errors.ts";
import { logger } from "./logger.server.ts";
import { prepareDatabase, type SeedDemoData, type StartLockHooks } from "./prepare-database.server.ts";
import { databaseUrlFailure } from "./startup-failure.ts";

let opened: Promise<Database> | undefined;

/**
 * The process-wide database: migrated, and filled with demo data on first start when empty, so a newcomer browses a
 * realistic directory without any setup. Both under the start-up lock (prepare-database.server.ts), so that of several
 * processes starting at once exactly one migrates and seeds. `hooks` are the first caller's (the server's start,
 * which passes the demo data's generator in: decision 0112).
 */
export function getDatabase(hooks: StartLockHooks & { seedDemoData?: SeedDemoData } = {}): Promise<Database> {
  opened ??= (async () => {
    const env = getEnv();
    const database = await openDatabase({ url: env.DATABASE_URL, readUrl: env.DATABASE_READ_URL, dir: env.PGLITE_DIR });
    const started = Date.now();
    try {
      const { applied, seeded } = await prepareDatabase(database, {
        seedListings: env.SEED_LISTINGS,
        seedDemoData: hooks.seedDemoData,
        onWait: () => {
          logger.info("waiting for another process to finish migrating the database");
          hooks.onWait?.();
        },
      });
      // Field names the multi-server test and operators read: exactly one of several processes reports applied > 0.
      logger.info({ applied }, "database migrated");
      if (seeded > 0) logger.info({ listings: seeded, ms: Date.now() - started }, "demo data seeded");
    } catch (error) {
      await database.close().catch(() => {});
      // The first statement is where an unreachable server, a wrong password or a missing database shows.
      throw (env.DATABASE_URL && databaseUrlFailure(error, env.DATABASE_URL)) || error;
    }
    if (database.replica && env.DATABASE_READ_URL) await checkReplica(database, database.replica, env.DATABASE_READ_URL);
    logger.info({ kind: database.kind, replica: Boolean(database.replica) }, "database ready");
    return database;
  })();
  return opened;
}

/**
 * The replica answers, or the start stops naming DATABASE_READ_URL; one that is not a standby (a mistake, or a
 * logical copy) is allowed with a warning, since reads there may miss what was written to the primary.
 */
async function checkReplica(database: Database, replica: Database, url: string): Promise<void> {
  let rows: Array<{ standby: boolean }>;
  try {
    rows = await replica.rows<{ standby: boolean }>(sql`SELECT pg_is_in_recovery() AS standby`);
  } catch (error) {
    await database.close().catch(() => {});
    throw databaseUrlFailure(error, url, "DATABASE_READ_URL") || error;
  }
  if (!rows[0]?.standby)
    logger.warn("DATABASE_READ_URL is not a standby server: directory and profile reads there may miss what was written");
}

/**
 * Closes the process's database at the end of a shutdown. A request still arriving afterwards gets the data-source
 * answer (503) instead of opening the database again.
 */
export async function closeDatabase(): Promise<void> {
  const current = opened;
  const closed = Promise.reject(new AppError("data_source", "The server is shutting down."));
  closed.catch(() => {});
  opened = closed;
  const database = await current?.catch(() => undefined);
  await database?.close();
}
