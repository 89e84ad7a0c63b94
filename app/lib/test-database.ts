/**
 * Database tests (`*.db.test.ts`) are written once and run on both drivers: on an in-memory PGlite by
 * `npm test`, and on a PostgreSQL server by `npm run test:pg` (TEST_DATABASE_URL or DATABASE_URL set).
 * Every call gets its own empty, migrated database, so test files can run in parallel and never see each
 * other's rows. Test code only: nothing in the application imports this file.
 */
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { openDatabase, type Database } from "./db.server.ts";

/** The server the tests create their databases on, if any. TEST_DATABASE_URL wins over DATABASE_URL. */
export function testServerUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
}

/** A fresh migrated database. `close()` disconnects and, on a server, drops the database again. */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = testServerUrl();
  if (!serverUrl) {
    const database = await openDatabase({ dir: "memory://" });
    await database.migrate();
    return database;
  }
  // Only [a-z0-9_]: the name goes into CREATE DATABASE as an identifier.
  const name = `test_${Date.now().toString(36)}_${randomBytes(5).toString("hex")}`;
  await onServer(serverUrl, (admin) => admin.unsafe(`CREATE DATABASE ${name}`));
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

/** The same connection string pointing at another database on that server. */
export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
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
