import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql, type SQL } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import * as schema from "#db/schema/index.ts";
import { lockDataDir, removeLeftoverPostmasterPid } from "./data-dir-lock.server.ts";
import { failureReason } from "./errors.ts";
import { traceQueries } from "./query-spans.server.ts";
import { timePglite, timePostgres } from "./query-timing.server.ts";
import { pathFailure, settingError } from "./startup-failure.ts";
import { tracingEnabled } from "./tracing-settings.ts";

// A span per query while tracing is on (decision 0105); nothing changes otherwise.
if (tracingEnabled(process.env)) traceQueries();

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs raw SQL and returns its rows, whichever driver is underneath. */
  rows<T>(query: SQL): Promise<T[]>;
  /**
   * Hears NOTIFY on `channel` (lower-case letters and underscores). On PostgreSQL on a connection of its own, since
   * a notification reaches only a session that holds the LISTEN and the pool's connections come and go; `lost` then
   * hears that this connection broke, after which nothing more arrives and the caller listens again. On PGlite on
   * the one instance, which is never lost. Closing the database closes its listening connections too.
   */
  listen(channel: string, events: ListenEvents): Promise<Listening>;
  /**
   * Runs `work` in one transaction on one connection that can take COPY data: the seed's bulk load (decision 0057).
   * A failure rolls everything back, including any index it dropped.
   */
  bulkLoad<T>(work: (session: BulkSession) => Promise<T>): Promise<T>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * A streaming replica for reads that may lag a little (DATABASE_READ_URL, decision 0053); absent without one. Only
   * `readerFor` (read-database.server.ts) hands it out, per request; everything else uses this database.
   */
  replica?: Database;
}

export interface BulkSession {
  /** Plain SQL text without parameters (catalog reads, DDL). */
  query<T>(text: string): Promise<T[]>;
  /** `COPY table (columns) FROM STDIN` with `data` in COPY's text format; one at a time, awaited. */
  copyFrom(table: string, columns: readonly string[], data: string): Promise<void>;
}

export interface ListenEvents {
  message(payload: string): void;
  lost(error: Error): void;
}

export interface Listening {
  /** Stops listening (on PostgreSQL: closes the connection). */
  close(): Promise<void>;
}

/** How the listening connections show in pg_stat_activity (operators, and the tests that cut them off). */
export const LISTENER_APPLICATION_NAME = "introbase change feed";

/**
 * Word-similarity threshold for typo-tolerant name search: pg_trgm's default (0.6) misses one swapped pair of
 * letters in a six-letter word ("nimbsu" ~ "nimbus" is 0.57).
 */
const TRGM_SETTINGS = { "pg_trgm.word_similarity_threshold": "0.5" } as const;

/**
 * The migrations folder, found by walking up from this module: from app/lib in development and tests, and from
 * wherever the production build put this code (build/server/index.js or a chunk in build/server/assets/).
 */
function findMigrations(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, "db/migrations");
    if (existsSync(path.join(candidate, "meta/_journal.json"))) return candidate;
    dir = path.dirname(dir);
  }
  return path.resolve("db/migrations");
}

/** The committed migrations folder (also read by the schema diagnostics). */
export const MIGRATIONS = findMigrations();

export interface OpenOptions {
  url?: string;
  /** With `url` only: a replica of that server for reads (`Database.replica`); never migrated. */
  readUrl?: string;
  /** PGlite data directory; "memory://" for a throwaway in-memory database. */
  dir?: string;
  migrationsFolder?: string;
  /**
   * PGlite only: start from this data directory (a `dumpDataDir()` tarball) instead of running initdb, into an empty
   * `dir`. Tests load one migrated snapshot per test file this way (tests/support/test-database.ts, decision 0042).
   */
  snapshot?: Blob;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const migrationsFolder = options.migrationsFolder ?? MIGRATIONS;
  if (options.url) {
    const primary = postgresDatabase(options.url, () => migratePostgres(primary.db as never, { migrationsFolder }));
    if (!options.readUrl) return primary;
    // A replica is read-only: the primary's migrations reach it by replication.
    const replica = postgresDatabase(options.readUrl, () => Promise.reject(new Error("a read replica is never migrated")));
    return {
      ...primary,
      replica,
      close: async () => {
        await Promise.all([primary.close(), replica.close()]);
      },
    };
  }
  const dir = options.dir ?? "./data/pglite";
  const onDisk = !dir.startsWith("memory://");
  let lock: { release: () => void } | undefined;
  if (onDisk) {
    try {
      mkdirSync(dir, { recursive: true });
      // One process per directory, and a crashed one's leftovers cleared (data-dir-lock.server.ts, decision 0035).
      lock = lockDataDir(dir);
      removeLeftoverPostmasterPid(dir);
    } catch (error) {
      lock?.release();
      throw pathFailure("PGLITE_DIR", dir, error) ?? error;
    }
  }
  let client: PGlite;
  try {
    // PGlite leaves gigabytes of write-ahead log after bulk loads unless told otherwise (STACK-NOTES). The
    // setting only takes effect from the configuration file: `SET max_wal_size` is refused at run time.
    client = await PGlite.create(dir, {
      extensions: { pg_trgm },
      postgresqlconf: ["max_wal_size = '64MB'"],
      ...(options.snapshot ? { loadDataDir: options.snapshot } : {}),
    });
    for (const [name, value] of Object.entries(TRGM_SETTINGS)) await client.exec(`SET ${name} = ${value}`);
  } catch (error) {
    lock?.release();
    if (!onDisk) throw error;
    throw (
      pathFailure("PGLITE_DIR", dir, error) ??
      settingError(
        "PGLITE_DIR",
        `the embedded database in ${dir} does not open (${failureReason(error)}); see "Embedded database" in the README`,
        error,
      )
    );
  }
  return pgliteDatabase(client, {
    migrationsFolder,
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        lock?.release();
      }
    },
  });
}

function postgresDatabase(url: string, migrate: () => Promise<void>): Database {
  const client = timePostgres(postgres(url, { max: 10, onnotice: () => {}, prepare: true, connection: TRGM_SETTINGS }), 10);
  const db = drizzlePostgres(client, { schema }) as unknown as Db;
  /** The listening connections, closed with the database (each one's own close, so none reports itself lost). */
  const listening = new Set<Listening>();
  let closed = false;
  return {
    db,
    kind: "postgres",
    rows: <T>(query: SQL) => execRows<T>(db, query),
    listen: async (channel, events) => {
      if (closed) throw new Error("the database is closed");
      return listenOnConnection(url, channel, events, listening);
    },
    bulkLoad: async (work) =>
      (await client.begin((tx) =>
        work({
          query: async <T>(text: string) => (await tx.unsafe(text)) as unknown as T[],
          copyFrom: async (table, columns, data) => {
            const stream = await tx.unsafe(copyStatement(table, columns, "STDIN")).writable();
            await pipeline(Readable.from([Buffer.from(data)]), stream);
          },
        }),
      )) as never,
    migrate,
    close: async () => {
      closed = true;
      await Promise.all([...listening].map((listener) => listener.close()));
      await client.end({ timeout: 5 });
    },
  };
}

/**
 * A Database over a PGlite instance that is already open, closed by `close`. Besides openDatabase, the tests' pool of
 * embedded databases uses it to hand one instance to test file after test file (migrated-test-database.ts).
 */
export function pgliteDatabase(client: PGlite, options: { migrationsFolder?: string; close: () => Promise<void> }): Database {
  const db = drizzlePglite(timePglite(client), { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    rows: <T>(query: SQL) => execRows<T>(db, query),
    listen: async (channel, events) => {
      const unlisten = await client.listen(checkedChannel(channel), (payload) => events.message(payload));
      return { close: async () => void (client.closed || (await unlisten())) };
    },
    bulkLoad: (work) =>
      client.transaction((tx) =>
        work({
          query: async <T>(text: string) => (await tx.query<T>(text)).rows,
          copyFrom: async (table, columns, data) => {
            await tx.query(copyStatement(table, columns, "'/dev/blob'"), [], { blob: new Blob([data]) });
          },
        }),
      ),
    migrate: () => migratePglite(db as never, { migrationsFolder: options.migrationsFolder ?? MIGRATIONS }),
    close: options.close,
  };
}

/** Names go into the statement as they are: only plain lower-case identifiers pass. */
function copyStatement(table: string, columns: readonly string[], source: string): string {
  for (const name of [table, ...columns]) if (!/^[a-z_]+$/.test(name)) throw new Error(`not a plain identifier: ${name}`);
  return `COPY ${table} (${columns.join(", ")}) FROM ${source}`;
}

function checkedChannel(channel: string): string {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  return channel;
}

/**
 * A LISTEN on a single connection of its own. postgres.js's `listen` would reconnect by itself, but it gives up
 * silently when the first attempt after a drop fails; here a drop is reported and the caller decides when to try
 * again (change-feed.server.ts backs off).
 */
async function listenOnConnection(url: string, channel: string, events: ListenEvents, open: Set<Listening>): Promise<Listening> {
  let ended = false;
  const end = async () => {
    ended = true;
    open.delete(listening);
    await connection.end({ timeout: 0 });
  };
  const listening: Listening = { close: end };
  // `onnotify` is how postgres.js hands over notifications (its own `listen` uses it); its types leave it out.
  const settings: postgres.Options<Record<string, never>> & { onnotify: (name: string, payload: string) => void } = {
    max: 1,
    // Kept open for as long as it listens: postgres.js otherwise retires a connection after 30 to 60 minutes.
    max_lifetime: null,
    fetch_types: false,
    onnotice: () => {},
    connection: { application_name: LISTENER_APPLICATION_NAME },
    onnotify: (name, payload) => name === channel && events.message(payload),
    onclose: () => {
      if (ended) return;
      void end();
      events.lost(new Error(`the connection listening on ${channel} closed`));
    },
  };
  const connection = postgres(url, settings);
  open.add(listening);
  try {
    await connection.unsafe(`LISTEN ${checkedChannel(channel)}`);
  } catch (error) {
    await end().catch(() => {});
    throw error;
  }
  return listening;
}

/** PGlite has no autovacuum: after bulk writes the planner needs fresh statistics (STACK-NOTES). */
export async function analyze(database: Database): Promise<void> {
  await database.rows(sql`VACUUM (ANALYZE)`);
}

/**
 * Arrays for `= ANY(...)`, as one parameter in PostgreSQL's array syntax with its cast: one bind whatever the length,
 * the same under PGlite and postgres-js (whose own array binding differ).
 */
export const textArray = (values: readonly string[]): SQL =>
  sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, "\\$&")}"`).join(",")}}`}::text[]`;
export const uuidArray = (ids: readonly string[]): SQL => sql`${`{${ids.join(",")}}`}::uuid[]`;

/** Raw SQL inside a transaction (or on the database), returning its rows whichever driver runs it. */
export async function execRows<T>(db: Pick<Db, "execute">, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}
