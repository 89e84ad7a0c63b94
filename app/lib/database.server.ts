import { sql } from "drizzle-orm";
import { analyze, openDatabase, type Database } from "./db.server.ts";
import { getEnv } from "./env.server.ts";
import { logger } from "./logger.server.ts";
import { databaseUrlFailure } from "./startup-failure.ts";
import { countListings, seedListings } from "#db/seed/seed-database.ts";

let opened: Promise<Database> | undefined;

/**
 * The process-wide database: migrated, and filled with demo data on first start when empty, so a
 * newcomer browses a realistic directory without any setup.
 */
export function getDatabase(): Promise<Database> {
  opened ??= (async () => {
    const env = getEnv();
    const database = await openDatabase({ url: env.DATABASE_URL, readUrl: env.DATABASE_READ_URL, dir: env.PGLITE_DIR });
    try {
      await database.migrate();
    } catch (error) {
      await database.close().catch(() => {});
      // The first statement is where an unreachable server, a wrong password or a missing database shows.
      throw (env.DATABASE_URL && databaseUrlFailure(error, env.DATABASE_URL)) || error;
    }
    if (env.SEED_LISTINGS > 0 && (await countListings(database)) === 0) {
      const started = Date.now();
      await seedListings(database, env.SEED_LISTINGS);
      await analyze(database);
      logger.info({ listings: env.SEED_LISTINGS, ms: Date.now() - started }, "seeded demo data");
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
