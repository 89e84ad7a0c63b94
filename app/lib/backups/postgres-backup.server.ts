/**
 * Backup and restore on PostgreSQL (DATABASE_URL, decision 0106): pg_dump's custom format, taken in one snapshot
 * while the servers keep running, wrapped in the same checksummed file as the embedded database's; restore feeds it
 * to pg_restore in one transaction. The password goes to the tools in PGPASSWORD, never on their command line,
 * where any local user could read it.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "../db.server.ts";
import { BackupRefused, encodeHeader, verifyBackupFile, type BackupManifest } from "./backup-file.server.ts";
import type { BackupWritten } from "./embedded-backup.server.ts";
import { checkRestorable, schemaVersionOf } from "./schema-version.server.ts";

/** The URL without its password, and the environment that carries the password instead. */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a client tool; its stderr's last lines become the error when it fails. */
function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; input?: NodeJS.ReadableStream } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: options.env, stdio: [options.input ? "pipe" : "ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout?.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (err += chunk.toString()));
    if (options.input && child.stdin) options.input.pipe(child.stdin);
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new BackupRefused(`${command} is not installed: install PostgreSQL's client tools (Debian: postgresql-client)`)
          : error,
      ),
    );
    child.on("close", (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${command} failed (exit ${code}): ${err.trim().split("\n").slice(-3).join(" / ")}`)),
    );
  });
}

const majorOf = (text: string) => Number(/(\d+)(?:\.\d+)?/.exec(text)?.[1] ?? 0);

/** pg_dump refuses a server newer than itself; say which client to install instead of its terse error. */
async function checkClientVersion(database: Database): Promise<{ client: number; server: number }> {
  const client = majorOf(await run("pg_dump", ["--version"]));
  const [row] = await database.rows<{ version: string }>(sql`SELECT current_setting('server_version_num') AS version`);
  const server = Math.floor(Number(row?.version ?? 0) / 10000);
  if (client < server)
    throw new BackupRefused(
      `pg_dump is version ${client}, older than the server's PostgreSQL ${server}: install postgresql-client-${server}`,
    );
  return { client, server };
}

export async function backupPostgres(
  database: Database,
  options: { url: string; file: string; now: Date; takenBy: string },
): Promise<BackupWritten> {
  await checkClientVersion(database);
  const version = await schemaVersionOf(database);
  await mkdir(path.dirname(path.resolve(options.file)), { recursive: true });
  const dump = `${options.file}.dump.partial`;
  const partial = `${options.file}.partial`;
  try {
    const { dbname, env } = connection(options.url);
    await run("pg_dump", ["--format=custom", "--compress=6", `--file=${dump}`, `--dbname=${dbname}`], { env });
    const hash = createHash("sha256");
    for await (const chunk of createReadStream(dump)) hash.update(chunk as Buffer);
    const manifest: BackupManifest = {
      kind: "postgres",
      createdAt: options.now.toISOString(),
      schemaVersion: version.tag,
      schemaMillis: version.millis,
      payloadBytes: (await stat(dump)).size,
      sha256: hash.digest("hex"),
      takenBy: options.takenBy,
    };
    const out = createWriteStream(partial, { mode: 0o600 });
    out.write(encodeHeader(manifest));
    await pipeline(createReadStream(dump), out);
    const handle = await open(partial, "r+");
    await handle.sync();
    await handle.close();
    await rename(partial, options.file);
    return { file: options.file, bytes: (await stat(options.file)).size, sha256: manifest.sha256, manifest };
  } finally {
    await rm(dump, { force: true });
    await rm(partial, { force: true });
  }
}

/** Tables in the database's own schemas: none means a database made for the restore. */
async function userTableCount(url: string): Promise<number> {
  const target = await openDatabase({ url });
  try {
    const [row] = await target.rows<{ count: string | number }>(
      sql`SELECT count(*) AS count FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
    );
    return Number(row?.count ?? 0);
  } finally {
    await target.close();
  }
}

/**
 * Restores `file` into the database at `url`: an empty one (CREATE DATABASE first), or with `force` one whose
 * objects pg_restore drops and replaces. One transaction: a failure leaves the database as it was.
 */
export async function restorePostgres(file: string, url: string, options: { force?: boolean }): Promise<{ manifest: BackupManifest }> {
  const { manifest, payloadOffset } = await verifyBackupFile(file);
  if (manifest.kind !== "postgres")
    throw new BackupRefused(`${file} is an embedded-database backup: restore it without DATABASE_URL (into PGLITE_DIR)`);
  checkRestorable(manifest);
  if (!options.force && (await userTableCount(url)) > 0)
    throw new BackupRefused(
      `the target database already has tables: restore into a new, empty database, or pass --force to replace what is there`,
    );
  const { dbname, env } = connection(url);
  const args = ["--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error", `--dbname=${dbname}`];
  if (options.force) args.push("--clean", "--if-exists");
  await run("pg_restore", args, { env, input: createReadStream(file, { start: payloadOffset }) });
  return { manifest };
}
