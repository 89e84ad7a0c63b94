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
    const database = await openDatabase({ url: env.DATABASE_URL, dir: env.PGLITE_DIR });
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
    logger.info({ kind: database.kind }, "database ready");
    return database;
  })();
  return opened;
}
