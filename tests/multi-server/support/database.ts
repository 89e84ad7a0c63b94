/**
 * A fresh, empty database on the PostgreSQL server of DATABASE_URL for one test file, dropped at the end. Nothing
 * is migrated here: the app servers do that themselves, which is part of what is tested.
 */
import { randomBytes } from "node:crypto";
import postgres from "postgres";

export interface TestDatabase {
  name: string;
  url: string;
  /** A connection to it, for reading what the servers wrote (which server holds a job). */
  sql: postgres.Sql;
  drop(): Promise<void>;
}

function serverUrl(): string {
  const url = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!url) throw new Error("the multi-server test needs DATABASE_URL: a PostgreSQL server on which it may create databases");
  return url;
}

export async function createTestDatabase(label: string): Promise<TestDatabase> {
  const server = serverUrl();
  const name = `introbase_ms_${label}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(server, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  const sql = postgres(url.toString(), { max: 2, onnotice: () => {} });
  return {
    name,
    url: url.toString(),
    sql,
    async drop() {
      await sql.end({ timeout: 5 });
      const dropper = postgres(server, { max: 1, onnotice: () => {} });
      try {
        // FORCE: a killed server's connections may not be gone from the server's view yet.
        await dropper.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await dropper.end({ timeout: 5 });
      }
    },
  };
}
