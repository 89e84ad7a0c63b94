/**
 * The production build and server the HTTP benchmarks talk to. The build goes to its own BUILD_DIR so it never
 * touches the build/ folder a developer's server may be using; the server listens on 127.0.0.1 only.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { DATA_DIR, REPO_ROOT } from "./machine.ts";

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

export interface RunningServer {
  origin: string;
  logFile: string;
  process: ChildProcess;
  stop(): Promise<void>;
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
    WEB_CONCURRENCY: process.env.BENCH_WEB_CONCURRENCY ?? "auto",
  };
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
  while (Date.now() < deadline) {
    if (exited !== undefined) {
      throw new Error(
        `The server exited with ${exited} before answering; its log (${logFile}):\n${readFileSync(logFile, "utf8").slice(-3000)}`,
      );
    }
    try {
      const response = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return { origin, logFile, process: child, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
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
