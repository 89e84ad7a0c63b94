/**
 * Backups an operator can trust (issue 34, decision 0106): a backup taken while writes keep arriving restores into
 * a fresh database equal, table by table and row by row, to the database at one instant; the uploaded files (logos,
 * kept in stored_files) come back byte for byte; a damaged file and a newer release's file are refused. Runs on the
 * embedded database in `npm test` and on PostgreSQL in `npm run test:pg`.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { storedFiles } from "#db/schema/index.ts";
import { openDatabase, type Database } from "../db.server.ts";
import { openTestDatabase, openTestDatabaseIn, testServerUrl, withDatabaseName } from "#test-support/test-database.ts";
import { lastBackup } from "./backup-runs.server.ts";
import { restoreEmbedded } from "./embedded-backup.server.ts";
import { restorePostgres } from "./postgres-backup.server.ts";
import { takeBackup } from "./take-backup.server.ts";

const serverUrl = testServerUrl();
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const NOW = new Date("2026-11-29T10:00:00.000Z");

async function scratch(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "introbase-backups-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A new, empty database on the test server (the restore's target), dropped after the file. */
async function emptyServerDatabase(): Promise<string> {
  const name = `i34bk_${randomBytes(6).toString("hex")}`;
  const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  cleanups.push(async () => {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end({ timeout: 5 });
  });
  return withDatabaseName(serverUrl!, name);
}

/** The source database, and where a restore goes and how it is opened, on this run's driver. */
async function setUp(): Promise<{ source: Database; url?: string; restore(file: string): Promise<Database> }> {
  if (serverUrl) {
    const source = await openTestDatabase();
    cleanups.push(() => source.close());
    const [row] = await source.rows<{ name: string }>(sql`SELECT current_database() AS name`);
    return {
      source,
      url: withDatabaseName(serverUrl, row!.name),
      restore: async (file) => {
        const target = await emptyServerDatabase();
        await restorePostgres(file, target, {});
        const restored = await openDatabase({ url: target });
        cleanups.push(() => restored.close());
        return restored;
      },
    };
  }
  const source = await openTestDatabaseIn(path.join(await scratch(), "pglite"));
  cleanups.push(() => source.close());
  return {
    source,
    restore: async (file) => {
      const dir = path.join(await scratch(), "restored");
      await restoreEmbedded(file, dir, { now: NOW });
      const restored = await openDatabase({ dir });
      cleanups.push(() => restored.close());
      return restored;
    },
  };
}

/** Every table's rows as text, sorted: two databases equal here hold the same data. */
async function everyTable(database: Database): Promise<Map<string, string[]>> {
  const tables = await database.rows<{ name: string }>(
    sql`SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
        WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
  );
  const contents = new Map<string, string[]>();
  for (const { name } of tables) {
    const rows = await database.rows<{ row: string }>(sql.raw(`SELECT t::text AS row FROM ${name} t`));
    contents.set(name, rows.map((r) => r.row).sort());
  }
  return contents;
}

/** A logo upload: two stored files in one transaction, each saying which write it was. */
async function uploadPair(database: Database, n: number): Promise<void> {
  await database.db.transaction(async (tx) => {
    for (const side of ["a", "b"]) {
      const bytes = Buffer.from(`write ${n} ${side} ${randomBytes(32).toString("hex")}`);
      await tx.insert(storedFiles).values({ contentType: "image/png", size: bytes.length, sha256: `${n}-${side}`, bytes });
    }
  });
}

describe("npm run db:backup and db:restore", () => {
  it("a backup taken while logos are being uploaded restores into a fresh database equal to one instant of the source", async () => {
    const { source, url, restore } = await setUp();
    for (let n = 1; n <= 20; n++) await uploadPair(source, n);
    let writing = true;
    let written = 20;
    // Writes as a busy server makes them, one after another with the event loop turning between them (a loop of
    // bare promises would never let the backup's turn come: PGlite's lock is not first come, first served).
    const writer = (async () => {
      while (writing) {
        await uploadPair(source, ++written);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const backupsDir = await scratch();
    const backup = await takeBackup(source, { dir: backupsDir, url, now: NOW, takenBy: "operator" }).finally(() => {
      writing = false;
    });
    await writer;
    expect(written).toBeGreaterThan(20);
    expect(await readdir(backupsDir)).toEqual([path.basename(backup.file)]);
    expect(await lastBackup(source)).toEqual({ at: NOW, kind: source.kind, bytes: backup.bytes, outcome: "succeeded" });

    const restored = await restore(backup.file);
    const before = await everyTable(source);
    const after = await everyTable(restored);
    expect([...after.keys()]).toEqual([...before.keys()]);
    // The uploads that made it in are whole transactions, and every one before them: a prefix 1..k of the writes.
    const files = await restored.rows<{ sha256: string }>(sql`SELECT sha256 FROM stored_files`);
    const writes = new Set(files.map((f) => Number(f.sha256.split("-")[0])));
    const k = Math.max(...writes);
    expect(k).toBeGreaterThanOrEqual(20);
    expect(files).toHaveLength(2 * k);
    expect([...writes].sort((a, b) => a - b)).toEqual(Array.from({ length: k }, (_, i) => i + 1));
    for (const [table, rows] of before) {
      if (table === "public.stored_files") {
        const kept = await source.rows<{ row: string }>(
          sql.raw(`SELECT t::text AS row FROM public.stored_files t WHERE split_part(sha256, '-', 1)::int <= ${k}`),
        );
        expect(after.get(table), table).toEqual(kept.map((r) => r.row).sort());
      } else if (table === "public.backup_runs") {
        // The run is recorded after the copy is taken: the restored database has none yet.
        expect(after.get(table), table).toEqual([]);
      } else expect(after.get(table), table).toEqual(rows);
    }
  });

  it("refuses a damaged or cut-short backup file", async () => {
    const { source, url, restore } = await setUp();
    await uploadPair(source, 1);
    const backup = await takeBackup(source, { dir: await scratch(), url, now: NOW, takenBy: "operator" });
    const bytes = await readFile(backup.file);
    bytes[bytes.length - 100]! ^= 0xff;
    await writeFile(backup.file, bytes);
    await expect(restore(backup.file)).rejects.toThrow(/is damaged: its contents' SHA-256 is [0-9a-f]{64}, its header says/);
    await writeFile(backup.file, bytes.subarray(0, bytes.length - 10));
    await expect(restore(backup.file)).rejects.toThrow(/damaged or incomplete/);
  });

  it("refuses a backup of a database a newer release has migrated", async () => {
    const { source, url, restore } = await setUp();
    // What a later release's migration leaves: a migration this build's journal does not have.
    await source.rows(sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('later', 4102444800000)`);
    const backup = await takeBackup(source, { dir: await scratch(), url, now: NOW, takenBy: "operator" });
    expect(backup.manifest.schemaVersion).toBe("unknown migration of 2100-01-01T00:00:00.000Z");
    await expect(restore(backup.file)).rejects.toThrow(/has a newer schema .* than this version of Introbase knows/);
  });

  it.skipIf(!serverUrl)("never restores into a PostgreSQL database that has tables without --force", async () => {
    const { source, url } = await setUp();
    const backup = await takeBackup(source, { dir: await scratch(), url, now: NOW, takenBy: "operator" });
    await expect(restorePostgres(backup.file, url!, {})).rejects.toThrow(/already has tables: .*--force/);
  });

  it.skipIf(Boolean(serverUrl))("never restores over an embedded database without --force, and --force moves it aside", async () => {
    const { source } = await setUp();
    await uploadPair(source, 1);
    const backup = await takeBackup(source, { dir: await scratch(), now: NOW, takenBy: "operator" });
    const dir = path.join(await scratch(), "live");
    await mkdir(dir);
    await writeFile(path.join(dir, "PG_VERSION"), "17\n");
    await expect(restoreEmbedded(backup.file, dir, { now: NOW })).rejects.toThrow(/already holds a database: .*--force/);
    expect(await readdir(dir)).toEqual(["PG_VERSION"]);
    const { movedAside } = await restoreEmbedded(backup.file, dir, { now: NOW, force: true });
    expect(movedAside && existsSync(path.join(movedAside, "PG_VERSION"))).toBe(true);
    const restored = await openDatabase({ dir });
    cleanups.push(() => restored.close());
    expect(await restored.rows(sql`SELECT sha256 FROM stored_files ORDER BY 1`)).toEqual([{ sha256: "1-a" }, { sha256: "1-b" }]);
  });
});
