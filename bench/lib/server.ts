/**
 * The production build and server the HTTP benchmarks talk to. The build goes to its own BUILD_DIR so it never
 * touches the build/ folder a developer's server may be using; the server listens on 127.0.0.1 only.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { DATA_DIR, REPO_ROOT } from "./machine.ts";
import { processTree } from "./process-memory.ts";

const processTreeSize = (pid: number | undefined) => (pid ? processTree(pid).length : 0);

export const BUILD_DIR = process.env.BENCH_BUILD_DIR || "build-bench";

/** `npm run build` into BUILD_DIR (about 5 s). Skipped with `skip` when a fresh build is already there. */
export function buildApp(log: (line: string) => void, options: { skip?: boolean } = {}): string {
  const dir = path.resolve(REPO_ROOT, BUILD_DIR);
  if (options.skip && existsSync(path.join(dir, "server/index.js"))) {
    log(`using the existing build in ${BUILD_DIR}`);
    return dir;
  }
  log(`building into ${BUILD_DIR}`);
  const result = spawnSync("npm", ["run", "build", "--silent"], {
    cwd: REPO_ROOT,
    env: { ...process.env, BUILD_DIR, NODE_ENV: "production" },
    encoding: "utf8",
    timeout: 300_000,
  });
  if (result.status !== 0) {
    throw new Error(`npm run build failed (${result.status ?? result.signal}):\n${(result.stdout + result.stderr).slice(-4000)}`);
  }
  return dir;
}

async function assertPortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", () => reject(new Error(`Port ${port} on 127.0.0.1 is in use: pick another with --port.`)));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve()));
  });
}

/** Seconds from spawning the server (issue 17's cold start); null when not seen before the start deadline. */
export interface StartTimes {
  /** The first 200 of GET /listings (polled from the spawn on, every 100 ms). */
  firstListingsS: number | null;
  /** The first 200 of /readyz: the first server process is ready. */
  readyzS: number;
  /** Every server process logged "ready" (the cluster's primary starts the others after the first). */
  allReadyS: number | null;
  /** Server processes that logged "ready". */
  processes: number;
}

export interface RunningServer {
  origin: string;
  logFile: string;
  process: ChildProcess;
  start: StartTimes;
  stop(): Promise<void>;
}

/** The processes the server said it runs ("server processes started", logged by a cluster's primary; else 1) and how many are ready. */
function readyCounts(logFile: string): { wanted: number | null; ready: number } {
  let wanted: number | null = null;
  let ready = 0;
  for (const line of readFileSync(logFile, "utf8").split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      const entry = JSON.parse(line) as { msg?: string; workers?: number };
      if (entry.msg === "ready") ready++;
      if (entry.msg === "server processes started" && typeof entry.workers === "number") wanted = entry.workers;
    } catch {
      // not a log entry
    }
  }
  return { wanted, ready };
}

export interface ServerOptions {
  port: number;
  /** PostgreSQL connection string; unset: the PGlite directory. */
  databaseUrl?: string;
  pgliteDir?: string;
  name: string;
  /** Demo listings the server seeds into an empty database at start (default 0: never). */
  seedListings?: number;
  log: (line: string) => void;
  /** How long to wait for /readyz. */
  startTimeoutMs?: number;
  /** WEB_CONCURRENCY: server processes (default BENCH_WEB_CONCURRENCY, else "auto": one per core on PostgreSQL). */
  workers?: number;
}

/** Starts `node server/index.ts` in production mode and waits until /readyz says it is ready (decision 0052). */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  await assertPortFree(options.port);
  const logFile = path.join(DATA_DIR, `server-${options.name}.log`);
  // bench/.data is git-ignored: a fresh clone has none until something makes it.
  mkdirSync(DATA_DIR, { recursive: true });
  const fd = openSync(logFile, "w");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    BUILD_DIR,
    HOST: "127.0.0.1",
    PORT: String(options.port),
    // As production: canonical URLs, cookies and redirects name the host the clients use.
    PUBLIC_URL: `http://127.0.0.1:${options.port}`,
    DATABASE_URL: options.databaseUrl ?? "",
    PGLITE_DIR: options.pgliteDir ?? path.join(DATA_DIR, "pglite-unused"),
    SEED_LISTINGS: String(options.seedListings ?? 0),
    LOG_LEVEL: "info",
    // As deployed: one server process per core on PostgreSQL (PGlite always runs one). BENCH_WEB_CONCURRENCY=1
    // measures a single process.
    WEB_CONCURRENCY: options.workers ? String(options.workers) : (process.env.BENCH_WEB_CONCURRENCY ?? "auto"),
  };
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, ["server/index.ts"], { cwd: REPO_ROOT, env, stdio: ["ignore", fd, fd] });
  closeSync(fd);
  const origin = `http://127.0.0.1:${options.port}`;
  let exited: number | null | undefined;
  child.once("exit", (code) => (exited = code));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const done = new Promise((resolve) => child.once("exit", resolve));
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await done;
    clearTimeout(timer);
  };
  const deadline = Date.now() + (options.startTimeoutMs ?? 180_000);
  options.log(`starting the production server (${options.name}) on ${origin}`);
  const seconds = () => Math.round((performance.now() - spawnedAt) / 10) / 100;
  const ok = async (pathname: string) => {
    try {
      const response = await fetch(origin + pathname, { signal: AbortSignal.timeout(5000) });
      await response.arrayBuffer();
      return response.ok;
    } catch {
      return false; // not listening yet
    }
  };
  // The first 200 of the directory page, polled beside /readyz (a process may answer it before it says it is ready).
  let firstListingsS: number | null = null;
  const listingsPoll = (async () => {
    while (Date.now() < deadline && exited === undefined && firstListingsS === null) {
      if (await ok("/listings")) firstListingsS = seconds();
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  let readyzS: number | null = null;
  while (Date.now() < deadline && readyzS === null) {
    if (exited !== undefined) {
      throw new Error(
        `The server exited with ${exited} before answering; its log (${logFile}):\n${readFileSync(logFile, "utf8").slice(-3000)}`,
      );
    }
    if (await ok("/readyz")) readyzS = seconds();
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (readyzS !== null) {
    let allReadyS: number | null = null;
    let counts = readyCounts(logFile);
    // A single process is all there is once it is ready; a primary names its count when the first is ready.
    while (Date.now() < deadline && exited === undefined) {
      counts = readyCounts(logFile);
      const single = counts.wanted === null && processTreeSize(child.pid) <= 1;
      if (single || (counts.wanted !== null && counts.ready >= counts.wanted)) {
        allReadyS = seconds();
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await listingsPoll;
    return { origin, logFile, process: child, start: { firstListingsS, readyzS, allReadyS, processes: counts.ready }, stop };
  }
  await listingsPoll;
  await stop();
  throw new Error(`The server was not ready (/readyz) within ${(options.startTimeoutMs ?? 180_000) / 1000} s; see ${logFile}.`);
}

/** Stops child processes when the benchmark is interrupted, so no server or database outlives it. */
export function onInterrupt(cleanup: () => Promise<void> | void): void {
  let running = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, async () => {
      if (running) return;
      running = true;
      process.stderr.write(`\n${signal}: cleaning up\n`);
      try {
        await cleanup();
      } finally {
        process.exit(130);
      }
    });
  }
}
