/**
 * One process at a time on an embedded (PGlite) data directory (decision 0035). PGlite is PostgreSQL in
 * single-user mode inside this process: a second process opening the same directory writes the same files with no
 * coordination and corrupts them. PostgreSQL's own lock file (`postmaster.pid`) cannot guard it, because every
 * PGlite reports the same process id (42) and so takes any existing one for its own leftover; and when a kill lands
 * between PostgreSQL creating that file and writing it, the empty file stops every later start. So we hold a lock
 * file of our own, `introbase.lock` in the directory, naming the process that holds it. While we hold it, nobody
 * else can be using the directory, and a `postmaster.pid` found there is a dead process's remnant to remove.
 */
import { randomBytes } from "node:crypto";
import { closeSync, linkSync, openSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import type { AppError } from "./errors.ts";
import { settingError } from "./startup-failure.ts";

const LOCK_FILE = "introbase.lock";

/** The directory is open in another live process: start-up prints this as the setting to fix. */
function dataDirInUse(dir: string, holder: string): AppError {
  return settingError(
    "PGLITE_DIR",
    `${dir} is in use by another process (${holder}). The embedded database is one process's: stop that process, or set DATABASE_URL to share a PostgreSQL server.`,
  );
}

interface LockRecord {
  pid: number;
  /** The process's start time in clock ticks since boot (Linux), so a recycled process id is not taken for it. */
  started: string | null;
  host: string;
  token: string;
}

/** Field 22 of /proc/<pid>/stat; null where there is no /proc (macOS) or no such process. */
function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) is in parentheses and may hold spaces: count fields after its closing one.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

/**
 * Lock path -> our token, one map per process rather than per evaluation of this module: the database test files
 * share workers and evaluate the app's modules again for each file (tests/support/fresh-file-state.ts). A map per
 * evaluation would let a reloaded module take a directory the process already holds, and its exit listener (below)
 * added one listener per file (Node's "MaxListenersExceededWarning: 11 exit listeners").
 */
const HELD = Symbol.for("introbase.dataDirLock.held");
const held: Map<string, string> = ((globalThis as { [HELD]?: Map<string, string> })[HELD] ??= registerExitRelease(new Map()));

/** A process that exits without closing its database (an uncaught error, process.exit) gives its locks back. */
function registerExitRelease(locks: Map<string, string>): Map<string, string> {
  process.once("exit", () => {
    for (const [file, token] of locks) release(file, token);
  });
  return locks;
}

function isAlive(record: LockRecord): boolean {
  // A record with our own process id is ours only if we took it; otherwise an earlier process of ours had that
  // id (a container's process 1, restarted).
  if (record.pid === process.pid) return false;
  try {
    process.kill(record.pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  const started = startTimeOf(record.pid);
  return record.started === null || started === null || started === record.started;
}

function readRecord(file: string): { raw: string; record: LockRecord | null } | null {
  let raw: string;
  try {
    raw = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  try {
    const record = JSON.parse(raw) as LockRecord;
    return { raw, record: Number.isInteger(record.pid) ? record : null };
  } catch {
    return { raw, record: null };
  }
}

/** Creates the lock file with its content in one step (a hard link of a written file); false if it exists. */
function create(file: string, content: string): boolean {
  const staged = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(staged, content, { mode: 0o600 });
  try {
    linkSync(staged, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return false;
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "ENOSYS") throw error;
    // A file system without hard links: exclusive create, then write (an empty file is read as a dead holder's).
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, content);
      closeSync(fd);
      return true;
    } catch (fallback) {
      if ((fallback as NodeJS.ErrnoException).code === "EEXIST") return false;
      throw fallback;
    }
  } finally {
    rmSync(staged, { force: true });
  }
}

const describeHolder = (record: LockRecord | null) => (record ? `process ${record.pid} on ${record.host}` : "unknown process");

/**
 * Takes the directory's lock or throws dataDirInUse. A lock left by a process that is gone (killed, crashed) is
 * taken over; the stale file is first moved aside under a name of ours, so that of two processes starting at once
 * only one can take over.
 */
export function lockDataDir(dir: string): { release: () => void } {
  const file = path.resolve(dir, LOCK_FILE);
  const token = randomBytes(12).toString("hex");
  const record: LockRecord = { pid: process.pid, started: startTimeOf(process.pid), host: hostname(), token };
  const content = JSON.stringify(record);
  if (held.has(file)) throw dataDirInUse(dir, "this process");
  for (let attempt = 0; attempt < 5; attempt++) {
    if (create(file, content)) {
      held.set(file, token);
      return { release: () => release(file, token) };
    }
    const existing = readRecord(file);
    if (!existing) continue;
    if (existing.record && isAlive(existing.record)) throw dataDirInUse(dir, describeHolder(existing.record));
    const aside = `${file}.stale.${token}`;
    try {
      renameSync(file, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw error;
    }
    const moved = readFileSync(aside, "utf8");
    if (moved !== existing.raw) {
      // Another process took the lock between our read and our move: give it back.
      try {
        linkSync(aside, file);
      } finally {
        rmSync(aside, { force: true });
      }
      throw dataDirInUse(dir, describeHolder(readRecord(file)?.record ?? null));
    }
    rmSync(aside, { force: true });
  }
  throw dataDirInUse(dir, "processes starting at the same moment");
}

function release(file: string, token: string): void {
  if (held.get(file) !== token) return;
  held.delete(file);
  const current = readRecord(file);
  if (current?.record?.token === token) unlinkSync(file);
}

/**
 * PostgreSQL's lock file, removed before PGlite starts. Only while holding our lock: then no live process uses the
 * directory, and the file (empty, if the kill came between its creation and its first write) is a remnant.
 */
export function removeLeftoverPostmasterPid(dir: string): boolean {
  const file = path.join(dir, "postmaster.pid");
  try {
    unlinkSync(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}
