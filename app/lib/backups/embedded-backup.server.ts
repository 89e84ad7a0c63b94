/**
 * Backup and restore of the embedded database (PGlite, decision 0106). PGlite's dumpDataDir copies the data
 * directory while holding the instance's query lock, so no statement runs during the copy: the copy is what a power
 * cut at that instant would leave, which PostgreSQL's start recovers from its write-ahead log (committed
 * transactions kept, an unfinished one rolled back). It must run in the process that has the database open: the
 * server, or the command while the server is stopped (one process per data directory, decision 0035).
 */
import type { PGlite } from "@electric-sql/pglite";
import { existsSync, readdirSync } from "node:fs";
import { mkdir, open, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";
import { createHash } from "node:crypto";
import { lockDataDir } from "../data-dir-lock.server.ts";
import { extractDataDirectory } from "../data-directory-tar.ts";
import { openDatabase, type Database } from "../db.server.ts";
import { BackupRefused, encodeHeader, verifyBackupFile, type BackupManifest } from "./backup-file.server.ts";
import { checkRestorable, schemaVersionOf } from "./schema-version.server.ts";

export interface BackupWritten {
  file: string;
  bytes: number;
  sha256: string;
  manifest: BackupManifest;
}

function pgliteClient(database: Database): PGlite {
  if (database.kind !== "pglite") throw new Error("only an embedded database has a PGlite instance");
  return (database.db as unknown as { $client: PGlite }).$client;
}

/** Writes `file` (via a temporary name, so a half-written backup never carries the final name). */
async function writeBackupFile(file: string, manifest: BackupManifest, payload: Buffer): Promise<number> {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial`;
  const header = encodeHeader(manifest);
  const handle = await open(partial, "w", 0o600);
  try {
    await handle.write(header);
    await handle.write(payload);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(partial, file);
  return header.length + payload.length;
}

export async function backupEmbedded(database: Database, options: { file: string; now: Date; takenBy: string }): Promise<BackupWritten> {
  const client = pgliteClient(database);
  const version = await schemaVersionOf(database);
  // Between transactions, not only between statements: no half-done transaction is in the copy to roll back.
  const tarball = await client._runExclusiveTransaction(() => client.dumpDataDir("none"));
  const payload = await promisify(gzip)(Buffer.from(await tarball.arrayBuffer()));
  const sha256 = createHash("sha256").update(payload).digest("hex");
  const manifest: BackupManifest = {
    kind: "pglite",
    createdAt: options.now.toISOString(),
    schemaVersion: version.tag,
    schemaMillis: version.millis,
    payloadBytes: payload.length,
    sha256,
    takenBy: options.takenBy,
  };
  const bytes = await writeBackupFile(options.file, manifest, payload);
  return { file: options.file, bytes, sha256, manifest };
}

/** Files in a copied data directory that belonged to the process that had it open, not to the database. */
const PROCESS_FILES = /^\/?(introbase\.lock.*|postmaster\.pid)$/;

const holdsAnything = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0;

/**
 * Restores `file` into the data directory `dir`: an empty or new one, or with `force` one whose database is first
 * moved aside (never deleted) to `<dir>.replaced-<time>`. Refuses a damaged file, a PostgreSQL backup and a newer
 * schema before touching anything. Ends by opening the restored database, as the server will.
 */
export async function restoreEmbedded(
  file: string,
  dir: string,
  options: { force?: boolean; now: Date },
): Promise<{ manifest: BackupManifest; movedAside: string | null }> {
  const { manifest, payloadOffset } = await verifyBackupFile(file);
  if (manifest.kind !== "pglite")
    throw new BackupRefused(`${file} is a PostgreSQL backup: restore it with DATABASE_URL set to the server to restore into`);
  checkRestorable(manifest);
  let movedAside: string | null = null;
  if (holdsAnything(dir)) {
    if (!options.force)
      throw new BackupRefused(
        `${dir} already holds a database: restore into an empty or new directory (--to), or pass --force to move it aside first`,
      );
    // Taking the lock proves no live process (a running server) has the directory open.
    lockDataDir(dir).release();
    movedAside = `${path.resolve(dir)}.replaced-${options.now.toISOString().replace(/[:.]/g, "-")}`;
    await rename(dir, movedAside);
  }
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const lock = lockDataDir(dir);
  try {
    const stored = (await readFile(file)).subarray(payloadOffset);
    const tarball = await promisify(gunzip)(stored);
    extractDataDirectory(tarball, dir, (name) => PROCESS_FILES.test(name));
  } catch (error) {
    lock.release();
    await rm(dir, { recursive: true, force: true });
    if (movedAside) await rename(movedAside, dir);
    throw error;
  }
  lock.release();
  const restored = await openDatabase({ dir });
  try {
    const version = await schemaVersionOf(restored);
    if (version.millis !== manifest.schemaMillis)
      throw new Error(`the restored database is at ${version.tag}, not ${manifest.schemaVersion}`);
  } finally {
    await restored.close();
  }
  await writeFile(path.join(dir, "restored-from.txt"), `${path.resolve(file)}\n${manifest.createdAt}\n${manifest.sha256}\n`);
  return { manifest, movedAside };
}
