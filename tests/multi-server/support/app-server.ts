/**
 * One app server as its own operating-system process, started the way an operator starts one on a machine behind a
 * load balancer: `node server/index.ts` on the production build, NODE_ENV=production, one process (no node:cluster),
 * its own port and PUBLIC_URL, the shared DATABASE_URL and server secret. Its JSON log lines are kept, so a test can
 * read what the process said it did ("database migrated", "job completed").
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import type { Target } from "./browser.ts";

export const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
/** The production build the servers run: built once per run by build.global.ts, or already there (CI). */
export const BUILD_DIR = path.resolve(ROOT, process.env.BUILD_DIR || "build-multi");
/** Every server of a run signs sessions with the same secret, as several machines of one site must. */
const SERVER_SECRET = "multi-server-test-secret-0123456789abcdefghij";

export interface LogLine {
  msg?: string;
  level?: number;
  [key: string]: unknown;
}

export interface AppServer extends Target {
  port: number;
  pid: number;
  /** Parsed JSON lines of stdout, in order. */
  logs: LogLine[];
  /** The last lines the process printed (stdout and stderr), for failure messages. */
  tail(lines?: number): string;
  /** Resolves when the process has exited, with how. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  hasExited(): boolean;
  /** SIGTERM, as a process manager stops a server; SIGKILL if it has not exited after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
  /** SIGKILL: the machine lost power, the kernel killed it; nothing runs after this. */
  kill(): Promise<void>;
}

export interface ServerOptions {
  name: string;
  port: number;
  databaseUrl: string;
  env?: Record<string, string>;
}

export function startAppServer({ name, port, databaseUrl, env = {} }: ServerOptions): AppServer {
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, "server/index.ts")], {
    cwd: ROOT,
    // Only what a server is given on a machine of its own: nothing of the test runner's environment leaks in.
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "/tmp",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: url,
      DATABASE_URL: databaseUrl,
      BETTER_AUTH_SECRET: SERVER_SECRET,
      BUILD_DIR,
      WEB_CONCURRENCY: "1",
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: LogLine[] = [];
  const recent: string[] = [];
  const keep = (line: string) => {
    recent.push(line);
    if (recent.length > 200) recent.shift();
  };
  createInterface({ input: child.stdout! }).on("line", (line) => {
    keep(line);
    try {
      logs.push(JSON.parse(line) as LogLine);
    } catch {
      // A line that is not JSON (a start-up failure's one line) stays in the tail only.
    }
  });
  createInterface({ input: child.stderr! }).on("line", keep);
  let done = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => {
      done = true;
      resolve({ code, signal });
    }),
  );
  const waitOrKill = async (graceMs: number) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    await exited;
    clearTimeout(timer);
  };
  return {
    name,
    url,
    port,
    pid: child.pid!,
    logs,
    tail: (lines = 30) => recent.slice(-lines).join("\n"),
    exited,
    hasExited: () => done,
    async stop(graceMs = 15_000) {
      if (done) return;
      child.kill("SIGTERM");
      await waitOrKill(graceMs);
    },
    async kill() {
      if (done) return;
      child.kill("SIGKILL");
      await exited;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function statusOf(url: string): Promise<number | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: "manual" });
    await response.body?.cancel();
    return response.status;
  } catch {
    return null; // not listening yet
  }
}

/**
 * Waits until the server says it is ready: /readyz answering 200 (once migrated and the directory index is built),
 * or, on a server without /readyz (it answers 404 there), /healthz answering 200. Fails at once, with what the
 * process printed, if it exits first. `limitMs` is a hang detector for a loaded machine, not a requirement.
 */
export async function waitUntilReady(server: AppServer, limitMs = 180_000): Promise<void> {
  const started = Date.now();
  while (!server.hasExited()) {
    const ready = await statusOf(`${server.url}/readyz`);
    if (ready === 200) return;
    if (ready === 404 && (await statusOf(`${server.url}/healthz`)) === 200) return;
    if (Date.now() - started > limitMs) throw new Error(`server ${server.name} was not ready after ${limitMs / 1000} s:\n${server.tail()}`);
    await sleep(100);
  }
  const { code, signal } = await server.exited;
  throw new Error(`server ${server.name} stopped while starting (exit ${code ?? signal}):\n${server.tail()}`);
}

/** The first log line of the server for which `test` holds, waiting for it up to `limitMs`. */
export async function waitForLog(server: AppServer, test: (line: LogLine) => boolean, limitMs: number): Promise<LogLine | undefined> {
  const started = Date.now();
  for (;;) {
    const found = server.logs.find(test);
    if (found || Date.now() - started > limitMs || server.hasExited()) return found;
    await sleep(50);
  }
}
