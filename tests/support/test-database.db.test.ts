/**
 * The databases the database tests get (decision 0042): each one empty, fully migrated and its own, copied from the
 * run's migrated database rather than built from nothing, and brought up to date when that copy is older than the
 * committed migrations. Runs on PGlite (`npm test`) and on PostgreSQL (`npm run test:pg`).
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { industries } from "#db/schema/reference.ts";
import { MIGRATIONS, openDatabase, type Database } from "~/lib/db.server.ts";
import { openMigratedCopy, prepareMigratedSource, testServerUrl, withDatabaseName, type MigratedSource } from "./migrated-test-database.ts";
import { closeIdleTestDatabases, pgliteTestPoolStats } from "./pglite-test-pool.ts";
import { openTestDatabase } from "./test-database.ts";

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function open(): Promise<Database> {
  const database = await openTestDatabase();
  cleanups.push(() => database.close());
  return database;
}

interface Journal {
  entries: Array<{ tag: string; when: number }>;
}

async function readJournal(folder = MIGRATIONS): Promise<Journal> {
  return JSON.parse(await readFile(path.join(folder, "meta/_journal.json"), "utf8")) as Journal;
}

/** How many migrations the database has recorded, and the journal time of the newest (Drizzle's created_at). */
async function applied(database: Database): Promise<{ n: number; newest: number }> {
  const [row] = await database.rows<{ n: number; newest: string }>(
    sql`SELECT count(*)::int AS n, max(created_at)::text AS newest FROM drizzle.__drizzle_migrations`,
  );
  return { n: row!.n, newest: Number(row!.newest) };
}

/** The source database as it is, without the migration each copy gets. */
async function openSourceAsIs(source: MigratedSource): Promise<Database> {
  const serverUrl = testServerUrl();
  if (serverUrl) return openDatabase({ url: withDatabaseName(serverUrl, source.templateDatabase!) });
  return openDatabase({ dir: "memory://", snapshot: new Blob([await readFile(source.pgliteSnapshot!)]) });
}

describe("openTestDatabase", () => {
  it("copies the run's migrated database, made once by the global setup", () => {
    const source = inject("migratedDatabase");
    if (testServerUrl()) expect(source?.templateDatabase).toMatch(/^test_template_[a-z0-9_]+$/);
    else expect(source?.pgliteSnapshot).toMatch(/migrated\.tar$/);
  });

  it("gives every call an empty, fully migrated database of its own", async () => {
    const { entries } = await readJournal();
    const complete = { n: entries.length, newest: entries.at(-1)!.when };
    const first = await open();
    const second = await open();
    expect(await applied(first)).toEqual(complete);
    await first.db.insert(industries).values({ name: "Only in the first" });
    expect(await first.db.select().from(industries)).toHaveLength(1);
    expect(await second.db.select().from(industries)).toEqual([]);
    expect(await applied(second)).toEqual(complete);
    const third = await open();
    expect(await third.db.select().from(industries)).toEqual([]);
  });

  it("brings a copy of an older migrated database up to date with the committed migrations", async () => {
    // A migrations folder without the newest migration stands for a snapshot made before it was committed.
    const older = await mkdtemp(path.join(tmpdir(), "introbase-older-migrations-"));
    cleanups.push(() => rm(older, { recursive: true, force: true }));
    await cp(MIGRATIONS, older, { recursive: true });
    const journal = await readJournal(older);
    const newest = journal.entries.pop()!;
    await writeFile(path.join(older, "meta/_journal.json"), JSON.stringify(journal));

    const stale = await prepareMigratedSource({ migrationsFolder: older });
    cleanups.push(() => stale.remove());
    const asIs = await openSourceAsIs(stale.source);
    // Closed before any copy: a template database anyone is connected to cannot be copied.
    const before = await applied(asIs).finally(() => asIs.close());
    expect(before).toEqual({ n: journal.entries.length, newest: journal.entries.at(-1)!.when });

    const database = await openMigratedCopy(stale.source);
    cleanups.push(() => database.close());
    expect(await applied(database)).toEqual({ n: journal.entries.length + 1, newest: newest.when });
  });
});

/**
 * On PGlite a closed test database goes back to its worker's pool and serves a later open (decision 0048), but only
 * as a database indistinguishable from a fresh copy. Each test first closes the worker's idle databases but one, which
 * its first open then takes (or, with none idle, loads the snapshot), so that the one it closes is the only one the
 * next open can get; and it closes what it opened, for the next test to start from. Loading a snapshot costs far more
 * than the rest of a test here.
 */
describe.skipIf(testServerUrl())("openTestDatabase reusing an embedded database", () => {
  const emptyPoolButOne = () => closeIdleTestDatabases({ keep: 1 });

  it("gives a closed database back empty, with identities restarted, still fully migrated, and refuses the old handle", async () => {
    const { entries } = await readJournal();
    await emptyPoolButOne();
    const first = await openTestDatabase();
    const written = await first.db
      .insert(industries)
      .values([{ name: "Left behind" }, { name: "Also left" }])
      .returning();
    expect(written.map((row) => row.id)).toEqual([1, 2]);
    // Planner statistics of the rows: a fresh copy has none, and the reset must forget them to reuse the database.
    await first.rows(sql`VACUUM (ANALYZE)`);
    await first.close();
    // Drizzle wraps the driver's refusal in its own "Failed query" error.
    const refused = await first.db
      .select()
      .from(industries)
      .then(
        () => undefined,
        (error: Error) => error,
      );
    expect(String(refused?.cause)).toMatch(/PGlite is closed/);

    const before = pgliteTestPoolStats();
    const second = await openTestDatabase();
    cleanups.push(() => second.close());
    expect(pgliteTestPoolStats()).toEqual({ ...before, reused: before.reused + 1 });
    expect(await second.db.select().from(industries)).toEqual([]);
    expect(await applied(second)).toEqual({ n: entries.length, newest: entries.at(-1)!.when });
    const [row] = await second.db.insert(industries).values({ name: "First again" }).returning();
    expect(row!.id).toBe(1);
    // Back to the pool (a second close() does nothing), where the next test takes it.
    await second.close();
  });

  it("reuses a database whose tables were left alone but whose identity was drawn (a refused row), restarted", async () => {
    await emptyPoolButOne();
    const first = await openTestDatabase();
    // A row refused before it is written still draws its id: the table's files stay as they were.
    await expect(first.rows(sql`INSERT INTO industries (name) VALUES (NULL)`)).rejects.toThrow();
    const before = pgliteTestPoolStats();
    await first.close();
    const second = await openTestDatabase();
    cleanups.push(() => second.close());
    expect(pgliteTestPoolStats()).toEqual({ ...before, reused: before.reused + 1 });
    const [row] = await second.db.insert(industries).values({ name: "First" }).returning();
    expect(row!.id).toBe(1);
    await second.close();
  });

  const changes: Array<{ change: string; make: string; absent: ReturnType<typeof sql> }> = [
    {
      change: "a column added to a table",
      make: "ALTER TABLE industries ADD COLUMN leftover text",
      absent: sql`SELECT count(*)::int AS n FROM information_schema.columns WHERE table_name = 'industries' AND column_name = 'leftover'`,
    },
    {
      change: "a table created",
      make: "CREATE TABLE leftover (id int)",
      absent: sql`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'leftover'`,
    },
    {
      change: "a function created",
      make: "CREATE FUNCTION leftover() RETURNS int LANGUAGE sql AS 'SELECT 1'",
      absent: sql`SELECT count(*)::int AS n FROM pg_proc WHERE proname = 'leftover'`,
    },
    {
      change: "a session setting changed with SET",
      make: "SET pg_trgm.word_similarity_threshold = 0.9",
      absent: sql`SELECT (current_setting('pg_trgm.word_similarity_threshold') = '0.9')::int AS n`,
    },
    {
      change: "a temporary table",
      make: "CREATE TEMPORARY TABLE leftover (id int)",
      absent: sql`SELECT count(*)::int AS n FROM pg_class WHERE relname = 'leftover'`,
    },
    {
      change: "an advisory lock held",
      make: "SELECT pg_advisory_lock(4242)",
      absent: sql`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory'`,
    },
    {
      change: "a transaction left open",
      make: "BEGIN; CREATE TABLE leftover (id int)",
      absent: sql`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'leftover'`,
    },
  ];

  it.each(changes)("does not reuse a database with $change", async ({ make, absent }) => {
    await emptyPoolButOne();
    const changed = await openTestDatabase();
    await (changed.db as unknown as { $client: { exec(query: string): Promise<unknown> } }).$client.exec(make);
    const [changedCount] = await changed.rows<{ n: number }>(absent);
    expect(changedCount!.n).toBe(1);
    const before = pgliteTestPoolStats();
    await changed.close();
    expect(pgliteTestPoolStats()).toEqual({ ...before, discarded: before.discarded + 1 });

    const next = await openTestDatabase();
    cleanups.push(() => next.close());
    expect(pgliteTestPoolStats()).toEqual({ ...before, discarded: before.discarded + 1, loaded: before.loaded + 1 });
    expect(await next.rows<{ n: number }>(absent)).toEqual([{ n: 0 }]);
    // Back to the pool, where the next test takes it.
    await next.close();
  });
});
