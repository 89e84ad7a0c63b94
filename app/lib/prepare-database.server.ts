/**
 * What a starting server does to its database before it serves (DESIGN D13, decision 0052): apply the committed
 * migrations and, on an empty database, the first demo data, under one PostgreSQL advisory lock. Several processes
 * on several machines may start at once against one database; the first to take the lock migrates and seeds, the
 * others wait for it, then find nothing left to do (0 migrations applied, listings already there).
 */
import { sql } from "drizzle-orm";
import type postgres from "postgres";
import { analyze, type Database } from "./db.server.ts";

/**
 * The advisory lock key of start-up: the bytes of "Introbas" read as a 64-bit integer. Advisory keys are global to
 * the database, so a number another application sharing it is unlikely to pick.
 */
export const START_LOCK_KEY = "5291294647050723699";

export interface StartLockHooks {
  /** Called once when another process holds the lock and this one starts waiting for it. */
  onWait?: () => void;
}

/** Raw SQL on the session that holds the lock. */
type Session = { query: (text: string) => Promise<ReadonlyArray<Record<string, unknown>>>; end: () => void };

/**
 * A session of its own for the lock. On PostgreSQL a reserved connection: the lock is the session's, so it must not
 * go back to the pool while held, and the migrations run on other connections meanwhile. Should this process die,
 * its connection closes and PostgreSQL releases the lock. PGlite is one session in one process: the lock is taken
 * on it all the same (the same code path), and never has to be waited for.
 */
async function lockSession(database: Database): Promise<Session> {
  if (database.kind === "postgres") {
    const client = (database.db as unknown as { $client: postgres.Sql }).$client;
    const connection = await client.reserve();
    return { query: (text) => connection.unsafe(text), end: () => connection.release() };
  }
  return { query: (text) => database.rows(sql.raw(text)), end: () => {} };
}

/**
 * Runs `work` while holding the start-up lock, waiting for it as long as another process holds it (a migration of
 * a large table may take minutes; a process that gave up would only start again and wait anew).
 */
export async function withStartLock<T>(database: Database, work: () => Promise<T>, hooks: StartLockHooks = {}): Promise<T> {
  const session = await lockSession(database);
  try {
    const [tried] = await session.query(`SELECT pg_try_advisory_lock(${START_LOCK_KEY}) AS locked`);
    if (!tried?.locked) {
      hooks.onWait?.();
      if (database.kind === "postgres") {
        // A server or role default would end the wait early and fail the start; only this session's wait is exempt.
        await session.query("SET lock_timeout = 0");
        await session.query("SET statement_timeout = 0");
      }
      await session.query(`SELECT pg_advisory_lock(${START_LOCK_KEY})`);
      if (database.kind === "postgres") {
        await session.query("RESET lock_timeout");
        await session.query("RESET statement_timeout");
      }
    }
    try {
      return await work();
    } finally {
      await session.query(`SELECT pg_advisory_unlock(${START_LOCK_KEY})`).catch(() => {});
    }
  } finally {
    session.end();
  }
}

async function countAppliedMigrations(database: Database): Promise<number> {
  // Asked apart: a statement naming a table that does not exist yet fails before it runs.
  const [table] = await database.rows<{ exists: boolean }>(sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS exists`);
  if (!table?.exists) return 0;
  const [row] = await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
  return row?.n ?? 0;
}

/**
 * Puts `listings` demo listings (and what they link to) into an empty database. The generator is demo/'s, which
 * builds on the app's features: the app cannot import it without the arrows going round in a circle, so the server
 * (server/app.ts), which may use both, passes it in (decision 0112).
 */
export type SeedDemoData = (database: Database, listings: number) => Promise<void>;

async function countListings(database: Database): Promise<number> {
  const [row] = await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM listings`);
  return row?.n ?? 0;
}

export interface PreparedDatabase {
  /** Migrations this call applied: 0 when another process (or an earlier start) already had. */
  applied: number;
  /** Demo listings this call inserted: 0 unless the database had none and seeding is on. */
  seeded: number;
}

/**
 * Migrates and, when the database holds no listing yet, seeds `seedListings` demo listings with `seedDemoData`; all
 * under the lock. Without `seedDemoData` (a caller that is not the server) nothing is seeded.
 */
export function prepareDatabase(
  database: Database,
  options: { seedListings: number; seedDemoData?: SeedDemoData } & StartLockHooks,
): Promise<PreparedDatabase> {
  return withStartLock(
    database,
    async () => {
      const before = await countAppliedMigrations(database);
      await database.migrate();
      const applied = (await countAppliedMigrations(database)) - before;
      const seed = options.seedDemoData;
      if (!seed || options.seedListings <= 0 || (await countListings(database)) > 0) return { applied, seeded: 0 };
      await seed(database, options.seedListings);
      await analyze(database);
      return { applied, seeded: options.seedListings };
    },
    options,
  );
}
