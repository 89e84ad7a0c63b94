/**
 * Issue 16 §4 with real server processes (`node server/index.ts` in development mode, so no build is needed): a
 * server that starts while another process holds the migration lock answers /readyz 503 with the reason and serves
 * once it may migrate; SIGTERM during a slow upload lets that request finish with its 200 while new connections are
 * refused, and the process exits 0. Every wait is for something the server said (a log line, the 100 Continue that
 * shows it has the request), never for time to pass. The lock case needs a PostgreSQL server (TEST_DATABASE_URL or
 * DATABASE_URL); the embedded database is one process's, so no other process can hold its lock.
 */
import { spawn } from "node:child_process";
import { request, type IncomingHttpHeaders } from "node:http";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { START_LOCK_KEY } from "~/lib/prepare-database.server.ts";
import { testServerUrl, withDatabaseName } from "#test-support/migrated-test-database.ts";
import { connectionRefused } from "../tests/support/connection-refused.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
/** Ports of this test's own (the development server also takes PORT + 20000 for hot reload). */
const EMBEDDED_PORT = 3534;
const POSTGRES_PORT = 3535;

const cleanups: Array<() => Promise<unknown>> = [];
let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "introbase-start-stop-"));
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  await rm(scratch, { recursive: true, force: true });
});

interface LogLine {
  msg?: string;
  [field: string]: unknown;
}

function startServer(port: number, env: Record<string, string>) {
  const child = spawn(process.execPath, ["--conditions=development", "server/index.ts"], {
    cwd: ROOT,
    // Only what a server needs: the test worker's own variables (VITEST, NODE_ENV=test) would change how it runs.
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? scratch,
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      AUTH_SECRET_FILE: path.join(scratch, `auth-secret-${port}`),
      SEED_LISTINGS: "5",
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await exited;
  });
  let output = "";
  child.stderr.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4_000)));
  const lines: LogLine[] = [];
  const waiters = new Set<() => void>();
  createInterface({ input: child.stdout }).on("line", (text) => {
    output = (output + text + "\n").slice(-4_000);
    try {
      lines.push(JSON.parse(text) as LogLine);
    } catch {
      return; // Vite's own lines
    }
    for (const wake of waiters) wake();
  });
  /** The first log line with this message, once the server has written it; rejects if the server exits first. */
  const logged = (msg: string | RegExp) =>
    new Promise<LogLine>((resolve, reject) => {
      const check = () => {
        const line = lines.find((l) => (typeof msg === "string" ? l.msg === msg : msg.test(l.msg ?? "")));
        if (!line) return;
        waiters.delete(check);
        resolve(line);
      };
      waiters.add(check);
      void exited.then(() => {
        waiters.delete(check);
        reject(new Error(`the server exited before logging "${String(msg)}":\n${output}`));
      });
      check();
    });
  return { child, exited, lines, logged };
}

/** One request on a connection of its own (no pool: a pooled connection the server closed would muddle a test). */
function get(port: number, target: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: target, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

async function committedMigrations(): Promise<number> {
  const journal = JSON.parse(await readFile(path.join(ROOT, "db/migrations/meta/_journal.json"), "utf8")) as { entries: unknown[] };
  return journal.entries.length;
}

describe("a server process on the embedded database", () => {
  it("becomes ready, then on SIGTERM refuses new connections, finishes a slow upload with 200 and exits 0", async () => {
    const port = EMBEDDED_PORT;
    const server = startServer(port, { PGLITE_DIR: path.join(scratch, "pglite") });
    await server.logged(/^Introbase listening on /);
    // Whatever /readyz says before the server is ready, it is a 503 with the reason, never a 200.
    const early = await get(port, "/readyz");
    if (early.status !== 200) {
      expect(early.status).toBe(503);
      expect(JSON.parse(early.body)).toMatchObject({ status: "starting", reason: expect.any(String) });
      expect(server.lines.some((l) => l.msg === "ready")).toBe(false);
    }
    await server.logged("ready");
    expect(await get(port, "/readyz")).toMatchObject({ status: 200, body: JSON.stringify({ status: "ready" }) });
    expect(server.lines.find((l) => l.msg === "database migrated")?.applied).toBe(await committedMigrations());
    expect(server.lines.filter((l) => l.msg === "demo data seeded")).toHaveLength(1);

    // A sign-up whose body is still on its way: the 100 Continue shows the server has the request in hand.
    const body = JSON.stringify({ name: "Drain Test", email: "drain.test@example.org", password: "correct horse battery staple" });
    const upload = connect(port, "127.0.0.1");
    cleanups.push(async () => upload.destroy());
    upload.on("error", () => {}); // a reset shows as a missing answer below
    let received = "";
    const gotContinue = new Promise<void>((resolve) =>
      upload.on("data", (chunk: Buffer) => {
        received += chunk.toString();
        if (received.includes("100 Continue\r\n\r\n")) resolve();
      }),
    );
    const uploadClosed = new Promise<string>((resolve) => upload.once("close", () => resolve(received)));
    upload.write(
      [
        "POST /api/auth/sign-up/email HTTP/1.1",
        `Host: 127.0.0.1:${port}`,
        `Origin: http://127.0.0.1:${port}`,
        "Content-Type: application/json",
        `Content-Length: ${Buffer.byteLength(body)}`,
        "Expect: 100-continue",
        "",
        "",
      ].join("\r\n"),
    );
    await gotContinue;

    server.child.kill("SIGTERM");
    const stopping = await server.logged("shutting down: finishing the requests in flight");
    expect(stopping).toMatchObject({ signal: "SIGTERM", inFlight: 1, drainMs: 25_000 });
    expect(await connectionRefused(port)).toBe(true);

    upload.write(body);
    const answer = (await uploadClosed).slice(received.indexOf("100 Continue\r\n\r\n") + "100 Continue\r\n\r\n".length);
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    expect(answer).toContain('"email":"drain.test@example.org"');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.lines.at(-1)?.msg).toBe("stopped");
  });
});

const serverUrl = testServerUrl();

describe.runIf(serverUrl)("a server process starting while another process migrates PostgreSQL", () => {
  it("answers /readyz 503 while it waits for the migration lock, then migrates and serves", async () => {
    const name = `test_start_${randomBytes(6).toString("hex")}`;
    const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    cleanups.push(async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end({ timeout: 5 });
    });
    const url = withDatabaseName(serverUrl!, name);
    // The other process, in the middle of its migration.
    const other = postgres(url, { max: 1, onnotice: () => {} });
    cleanups.push(() => other.end({ timeout: 5 }));
    const holder = await other.reserve();
    await holder.unsafe(`SELECT pg_advisory_lock(${START_LOCK_KEY})`);

    const port = POSTGRES_PORT;
    const server = startServer(port, { DATABASE_URL: url });
    await server.logged("waiting for another process to finish migrating the database");
    const waiting = await get(port, "/readyz");
    expect([waiting.status, JSON.parse(waiting.body)]).toEqual([
      503,
      { status: "starting", reason: "waiting for another process to finish migrating the database" },
    ]);
    const page = await get(port, "/listings");
    expect([page.status, page.headers["retry-after"]]).toEqual([503, "5"]);
    expect((await get(port, "/healthz")).status).toBe(200);

    await holder.unsafe(`SELECT pg_advisory_unlock(${START_LOCK_KEY})`);
    holder.release();
    await server.logged("ready");
    expect(await get(port, "/readyz")).toMatchObject({ status: 200 });
    expect((await get(port, "/listings")).status).toBe(200);
    expect(server.lines.find((l) => l.msg === "database migrated")?.applied).toBe(await committedMigrations());

    server.child.kill("SIGTERM");
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });
});
