/**
 * Fresh, migrated databases for tests, made quickly (decision 0042): the migrations run once per test run, into one
 * database that each test database is then copied from. On PGlite that one is a data-directory snapshot, loaded
 * instead of running initdb; on a PostgreSQL server it is a template database, copied by CREATE DATABASE. Test code
 * only, and free of Vitest imports: the global setup (tests/support/migrated-database.global.ts) runs it outside
 * the test workers, and the test files reach it through tests/support/test-database.ts.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import type { PGlite } from "@electric-sql/pglite";
import { openDatabase, pgliteDatabase, type Database } from "~/lib/db.server.ts";
import { countLoaded, fileSizes, fingerprint, giveBack, lease, relationSizes, takeIdle } from "./pglite-test-pool.ts";
import { extractDataDirectory } from "~/lib/data-directory-tar.ts";

/** The migrated database of a run, as the global setup hands it to the test files. */
export interface MigratedSource {
  /** A file holding a migrated PGlite data directory (a `dumpDataDir()` tarball). */
  pgliteSnapshot?: string;
  /** A migrated database on the test server. */
  templateDatabase?: string;
}

/** The server the tests create their databases on, if any. TEST_DATABASE_URL wins over DATABASE_URL. */
export function testServerUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
}

/**
 * Migrates one database for the whole run, on the driver the test databases will use: a PGlite snapshot in a
 * temporary file, or a template database on the test server. `remove` deletes it when the run is over.
 * `migrationsFolder` is for the test of this file: a source made from fewer migrations than are committed.
 */
export async function prepareMigratedSource(
  options: { migrationsFolder?: string } = {},
): Promise<{ source: MigratedSource; remove: () => Promise<void> }> {
  const { migrationsFolder } = options;
  const serverUrl = testServerUrl();
  if (!serverUrl) {
    const database = await openDatabase({ dir: "memory://", migrationsFolder });
    let tarball: Blob;
    try {
      await database.migrate();
      // Into the data files now, so that no load has to replay the migrations from the write-ahead log.
      await database.rows(sql`CHECKPOINT`);
      tarball = await pgliteClient(database).dumpDataDir("none");
    } finally {
      await database.close();
    }
    const dir = await mkdtemp(path.join(tmpdir(), "introbase-test-snapshot-"));
    const file = path.join(dir, "migrated.tar");
    await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
    return { source: { pgliteSnapshot: file }, remove: () => rm(dir, { recursive: true, force: true }) };
  }
  const name = databaseName("test_template");
  await createDatabase(serverUrl, name);
  try {
    const database = await openDatabase({ url: withDatabaseName(serverUrl, name), migrationsFolder });
    try {
      await database.migrate();
    } finally {
      // A template anyone is still connected to cannot be copied.
      await database.close();
    }
  } catch (error) {
    await dropDatabase(serverUrl, name).catch(() => {});
    throw error;
  }
  return { source: { templateDatabase: name }, remove: () => dropDatabase(serverUrl, name) };
}

/**
 * A fresh database of its own, copied from the run's migrated database, or built from nothing when there is none.
 * Either way it is then migrated: that applies nothing to a current copy, and whatever was committed since the
 * copy was made (a long watch session) to a stale one. `close()` disconnects and, on a server, drops it again.
 */
export async function openMigratedCopy(source: MigratedSource): Promise<Database> {
  const serverUrl = testServerUrl();
  if (!serverUrl) return openPooledCopy(source);
  const name = databaseName("test");
  await createDatabase(serverUrl, name, source.templateDatabase);
  let database: Database | undefined;
  try {
    database = await openDatabase({ url: withDatabaseName(serverUrl, name) });
    await database.migrate();
  } catch (error) {
    await database?.close().catch(() => {});
    await dropDatabase(serverUrl, name).catch(() => {});
    throw error;
  }
  const opened = database;
  return {
    ...opened,
    close: async () => {
      await opened.close();
      await dropDatabase(serverUrl, name);
    },
  };
}

/**
 * A database the pool of this worker holds (pglite-test-pool.ts, decision 0048), emptied after its last test file,
 * or else a new copy of the snapshot. `close()` gives it back to the pool, which keeps it only if it is again what a
 * fresh copy is; the Database handed out refuses queries once closed either way.
 */
async function openPooledCopy(source: MigratedSource): Promise<Database> {
  // Without a snapshot (no global setup) each database is built by initdb and the committed migrations.
  const key = source.pgliteSnapshot ?? "initdb";
  let idle = takeIdle(key);
  if (!idle) {
    const snapshot = source.pgliteSnapshot ? await readSnapshot(source.pgliteSnapshot) : undefined;
    const database = await openDatabase({ dir: "memory://", snapshot });
    try {
      await database.migrate();
      const client = pgliteClient(database);
      idle = { client, baseline: await fingerprint(client), sizes: await relationSizes(client), files: await fileSizes(client) };
    } catch (error) {
      await database.close().catch(() => {});
      throw error;
    }
    countLoaded();
  }
  const pooled = idle;
  const { handle, revoke } = lease(pooled.client);
  let closing: Promise<void> | undefined;
  return pgliteDatabase(handle, {
    close: () => (closing ??= giveBack(key, pooled, revoke())),
  });
}

/**
 * A migrated embedded database in the data directory `dir`, for a test that hands the directory to another process:
 * an empty directory starts as a copy of the run's snapshot, one that already holds a database opens as it is.
 */
export async function openMigratedDirectory(source: MigratedSource, dir: string): Promise<Database> {
  await placeMigratedDirectory(source, dir);
  const database = await openDatabase({ dir });
  try {
    await database.migrate();
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  return database;
}

/**
 * Makes `dir`, when it holds no database yet, a copy of the run's migrated snapshot without opening it: the snapshot's
 * files are written there as they are, which is what PGlite's `loadDataDir` does inside a database it starts, at a
 * fraction of the cost (no PGlite instance is started and shut down again). For a test whose application opens the
 * directory itself (tests/support/app-over-http.ts), and for openMigratedDirectory. Without a snapshot (no global
 * setup) the directory is left as it is: opening it then builds the database from nothing.
 */
export async function placeMigratedDirectory(source: MigratedSource, dir: string): Promise<void> {
  if (existsSync(path.join(dir, "PG_VERSION")) || !source.pgliteSnapshot) return;
  extractDataDirectory(await readSnapshotBytes(source.pgliteSnapshot), dir);
}

/**
 * Another handle on the same database, as a second app server has: on a server a pool (and listening connections) of
 * its own; on PGlite, which one process holds, a second Database over the same instance, which is all a second handle
 * can be there. Either way a Database of its own, so caches and feeds keyed by it are its own. Close it before the
 * first one (which drops a server database); closing it leaves the PGlite instance open.
 */
export async function openSecondHandle(database: Database): Promise<Database> {
  if (database.kind === "pglite") return pgliteDatabase(pgliteClient(database), { close: async () => {} });
  const serverUrl = testServerUrl();
  if (!serverUrl) throw new Error("a second handle on a server database needs TEST_DATABASE_URL or DATABASE_URL");
  const [row] = await database.rows<{ name: string }>(sql`SELECT current_database() AS name`);
  return openDatabase({ url: withDatabaseName(serverUrl, row!.name) });
}

/** The same connection string pointing at another database on that server. */
export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

const snapshots = new Map<string, Promise<Buffer<ArrayBuffer>>>();

/** Read once per test file (a file may open several databases), loaded by each. */
function readSnapshotBytes(file: string): Promise<Buffer<ArrayBuffer>> {
  let read = snapshots.get(file);
  if (!read) {
    read = readFile(file);
    snapshots.set(file, read);
  }
  return read;
}

async function readSnapshot(file: string): Promise<Blob> {
  return new Blob([await readSnapshotBytes(file)]);
}

/** The PGlite instance under drizzle (`$client`). */
function pgliteClient(database: Database): PGlite {
  if (database.kind !== "pglite") throw new Error("only an embedded database has a PGlite instance");
  return (database.db as unknown as { $client: PGlite }).$client;
}

/** Only [a-z0-9_]: the name goes into CREATE DATABASE as an identifier. */
function databaseName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(5).toString("hex")}`;
}

async function createDatabase(serverUrl: string, name: string, template?: string): Promise<void> {
  if (template !== undefined && !/^[a-z0-9_]+$/.test(template)) throw new Error(`not a test template database: ${template}`);
  await onServer(serverUrl, (admin) => admin.unsafe(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`));
}

async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  // FORCE (PostgreSQL 13+) ends connections a failed test may have left open.
  await onServer(serverUrl, (admin) => admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

async function onServer<T>(serverUrl: string, work: (admin: postgres.Sql) => Promise<T>): Promise<T> {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    return await work(admin);
  } finally {
    await admin.end({ timeout: 5 });
  }
}
