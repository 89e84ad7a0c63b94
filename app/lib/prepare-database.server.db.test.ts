/**
 * Safe start on many machines (issue 16 §4, decision 0052): migrations and the first demo data run under one
 * advisory lock, so that of several processes starting together on an empty database exactly one migrates and
 * seeds, and the others wait for it and then find nothing to do. The race needs a server with several sessions
 * (`npm run test:pg`); the embedded database runs the same code path on its one session.
 */
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { MIGRATIONS, openDatabase, type Database } from "./db.server.ts";
import { prepareDatabase, START_LOCK_KEY, withStartLock } from "./prepare-database.server.ts";
import { seedListings } from "#demo/seed-database.ts";
import { openTestDatabase, testServerUrl, withDatabaseName } from "#test-support/test-database.ts";

const serverUrl = testServerUrl();
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A connection of the test's own to the server (or to one database on it). */
function connect(url: string): postgres.Sql {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  cleanups.push(() => client.end({ timeout: 5 }));
  return client;
}

/** The URL of a new, empty database on the test server (not a copy of the migrated template: nothing applied yet). */
async function emptyServerDatabase(): Promise<string> {
  const name = `test_start_${randomBytes(6).toString("hex")}`;
  const admin = connect(serverUrl!);
  await admin.unsafe(`CREATE DATABASE ${name}`);
  cleanups.push(() => admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  return withDatabaseName(serverUrl!, name);
}

async function open(url?: string): Promise<Database> {
  const database = await openDatabase(url ? { url } : { dir: "memory://" });
  cleanups.push(() => database.close());
  return database;
}

async function committedMigrations(): Promise<number> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS, "meta/_journal.json"), "utf8")) as { entries: unknown[] };
  return journal.entries.length;
}

/** Whether some session holds the start-up lock (a 64-bit key is stored as its high and low halves). */
async function lockHeld(database: Database): Promise<boolean> {
  const [row] = await database.rows<{ held: boolean }>(sql`
    SELECT count(*) > 0 AS held FROM pg_locks
    WHERE locktype = 'advisory' AND granted AND ((classid::bigint << 32) | objid::bigint) = ${START_LOCK_KEY}::bigint
      -- This database's: an advisory lock belongs to one database, and on a PostgreSQL server the test files running
      -- beside this one start their own databases under the same key.
      AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`);
  return row!.held;
}

describe("prepareDatabase", () => {
  it("applies every committed migration and seeds an empty database; a second start applies and seeds nothing", async () => {
    const database = await open(serverUrl && (await emptyServerDatabase()));
    expect(await prepareDatabase(database, { seedListings: 3, seedDemoData: seedListings })).toEqual({
      applied: await committedMigrations(),
      seeded: 3,
    });
    expect(await prepareDatabase(database, { seedListings: 3, seedDemoData: seedListings })).toEqual({ applied: 0, seeded: 0 });
    const [row] = await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM listings`);
    expect(row!.n).toBe(3);
  });

  it("seeds with the generator its caller passes in, and without one seeds nothing (the app cannot import demo/)", async () => {
    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    const listings = async () => (await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM listings`))[0]!.n;
    expect(await prepareDatabase(database, { seedListings: 2 })).toEqual({ applied: 0, seeded: 0 });
    expect(await listings()).toBe(0);
    expect(await prepareDatabase(database, { seedListings: 2, seedDemoData: seedListings })).toEqual({ applied: 0, seeded: 2 });
    expect(await listings()).toBe(2);
  });

  it("works while holding the start-up lock, and gives it back afterwards, also when the work fails", async () => {
    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    expect(await withStartLock(database, () => lockHeld(database))).toBe(true);
    expect(await lockHeld(database)).toBe(false);
    await expect(withStartLock(database, () => Promise.reject(new Error("migration failed")))).rejects.toThrow("migration failed");
    expect(await lockHeld(database)).toBe(false);
  });
});

describe.runIf(serverUrl)("two processes starting together on one empty PostgreSQL database", () => {
  it("waits while another holds the lock; then exactly one migrates and seeds, and the other applies nothing", async () => {
    const url = await emptyServerDatabase();
    const [first, second] = [await open(url), await open(url)];
    // Another process in the middle of its migration: this session holds the lock until the test lets go.
    const holder = await connect(url).reserve();
    await holder.unsafe(`SELECT pg_advisory_lock(${START_LOCK_KEY})`);

    let waiting = 0;
    let bothWaiting!: () => void;
    const waited = new Promise<void>((resolve) => (bothWaiting = resolve));
    const onWait = () => ++waiting === 2 && bothWaiting();
    const starts = [first, second].map((database) => prepareDatabase(database, { seedListings: 4, seedDemoData: seedListings, onWait }));
    await waited;
    // Neither has touched the database while the lock was held elsewhere.
    const [before] = await holder.unsafe(
      `SELECT to_regclass('drizzle.__drizzle_migrations') AS migrations, to_regclass('listings') AS listings`,
    );
    expect(before).toEqual({ migrations: null, listings: null });

    await holder.unsafe(`SELECT pg_advisory_unlock(${START_LOCK_KEY})`);
    holder.release();
    const results = await Promise.all(starts);
    const committed = await committedMigrations();
    expect(results.map((r) => r.applied).sort((a, b) => a - b)).toEqual([0, committed]);
    expect(results.map((r) => r.seeded).sort((a, b) => a - b)).toEqual([0, 4]);
    const [row] = await first.rows<{ n: number; migrations: number }>(
      sql`SELECT (SELECT count(*)::int FROM listings) AS n, (SELECT count(*)::int FROM drizzle.__drizzle_migrations) AS migrations`,
    );
    expect(row).toEqual({ n: 4, migrations: committed });
  });
});
