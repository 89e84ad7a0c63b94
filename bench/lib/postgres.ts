/**
 * A throwaway PostgreSQL 15 server for benchmarks (`--start-postgres`): initdb once into a data directory under
 * /tmp, listen on 127.0.0.1 only, trust local connections, stop again at the end. The data directory is kept,
 * so a second run finds its 100k listings already there.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { userInfo } from "node:os";
import path from "node:path";
import postgres from "postgres";

const PG_BIN = process.env.PG_BIN || "/usr/lib/postgresql/15/bin";

/** Settings the bench server runs with; recorded with the results. */
export const PG_SETTINGS: Record<string, string> = {
  listen_addresses: "127.0.0.1",
  shared_buffers: "512MB",
  max_wal_size: "2GB",
  max_connections: "50",
};

export interface LocalPostgres {
  url: string;
  dataDir: string;
  port: number;
  /** True when this process started the server (and so stops it). */
  startedHere: boolean;
  stop(): void;
}

/** Runs a PostgreSQL binary as the `postgres` OS user when we are root (initdb refuses to run as root). */
function runPg(binary: string, args: string[]): string {
  const full = path.join(PG_BIN, binary);
  const root = userInfo().uid === 0;
  const [cmd, argv] = root ? ["runuser", ["-u", "postgres", "--", full, ...args]] : [full, args];
  const result = spawnSync(cmd, argv, { encoding: "utf8", timeout: 120_000 });
  if (result.status !== 0) {
    throw new Error(`${binary} ${args.join(" ")} failed (${result.status}): ${result.stderr || result.stdout}`);
  }
  return result.stdout;
}

function isRunning(dataDir: string): boolean {
  if (!existsSync(path.join(dataDir, "postmaster.pid"))) return false;
  const root = userInfo().uid === 0;
  const full = path.join(PG_BIN, "pg_ctl");
  const result = root
    ? spawnSync("runuser", ["-u", "postgres", "--", full, "status", "-D", dataDir], { encoding: "utf8", timeout: 30_000 })
    : spawnSync(full, ["status", "-D", dataDir], { encoding: "utf8", timeout: 30_000 });
  return result.status === 0;
}

export async function startLocalPostgres(options: {
  dataDir: string;
  port: number;
  database: string;
  log: (line: string) => void;
}): Promise<LocalPostgres> {
  const { dataDir, port, database, log } = options;
  if (!existsSync(path.join(PG_BIN, "initdb"))) throw new Error(`No PostgreSQL binaries in ${PG_BIN} (set PG_BIN).`);
  const root = userInfo().uid === 0;
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
    log(`initdb ${dataDir}`);
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    if (root) execFileSync("chown", ["postgres:postgres", dataDir]);
    runPg("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8"]);
  }
  let startedHere = false;
  if (isRunning(dataDir)) {
    const pidPort = readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[3]?.trim();
    if (pidPort && Number(pidPort) !== port) throw new Error(`A server already runs on ${dataDir} with port ${pidPort}, not ${port}.`);
    log(`PostgreSQL already running on ${dataDir}; using it and leaving it running`);
  } else {
    const settings = Object.entries({ ...PG_SETTINGS, port: String(port), unix_socket_directories: dataDir })
      .map(([k, v]) => `-c ${k}=${v}`)
      .join(" ");
    log(`starting PostgreSQL on 127.0.0.1:${port}`);
    runPg("pg_ctl", ["start", "-w", "-t", "60", "-D", dataDir, "-l", path.join(dataDir, "server.log"), "-o", settings]);
    startedHere = true;
  }
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    const [row] = await admin`SELECT count(*)::int AS n FROM pg_database WHERE datname = ${database}`;
    if (!row?.n) await admin.unsafe(`CREATE DATABASE "${database.replace(/"/g, "")}"`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/${database}`,
    dataDir,
    port,
    startedHere,
    stop() {
      if (!startedHere) return;
      log("stopping PostgreSQL");
      try {
        runPg("pg_ctl", ["stop", "-w", "-t", "60", "-m", "fast", "-D", dataDir]);
      } catch (error) {
        log(`pg_ctl stop failed: ${(error as Error).message}`);
      }
      startedHere = false;
    },
  };
}
