/**
 * Issue 14 finding 8: a server that cannot start ended in an uncaught stack trace (26 lines for a refused
 * DATABASE_URL, 18 for an unwritable PGLITE_DIR) instead of saying what to fix. Each case here starts the
 * production server (`node server/index.ts` on the build Playwright made) with one bad setting and expects one line
 * on stderr naming that setting, no stack, and exit status 1, within seconds. A spec of the Playwright project
 * because only it has a production build; no browser is opened.
 */
import { spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "../e2e/support/test.ts";
import { startRefusingPostgres, type RefusingPostgres } from "../fakes/refusing-postgres.ts";

const E2E_PORT = Number(process.env.E2E_PORT || 3210);
const BUILD_DIR = E2E_PORT === 3210 ? "build-e2e" : `build-e2e-${E2E_PORT}`;

let scratch: string;
let fakePostgres: RefusingPostgres;
test.beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), "introbase-startup-"));
  fakePostgres = await startRefusingPostgres();
});
test.afterAll(async () => {
  await fakePostgres?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

/** A port nothing listens on: taken from the system, then given back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts the server with `env` on top of a working embedded setup; resolves with how it ended. */
function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const child = spawn(process.execPath, ["server/index.ts"], {
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      BUILD_DIR,
      HOST: "127.0.0.1",
      // The server listens before it opens the database (decision 0052): each case a port of its own.
      PORT: "0",
      PGLITE_DIR: path.join(scratch, `pglite-${Math.random().toString(36).slice(2)}`),
      AUTH_SECRET_FILE: path.join(scratch, "auth-secret"),
      SEED_LISTINGS: "0",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  // A server that did start would listen for ever: that is a failure of the case, not a hang of the suite.
  const timer = setTimeout(() => child.kill("SIGKILL"), 50_000);
  return new Promise((resolve) =>
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, stdout });
    }),
  );
}

async function expectOneLine(env: Record<string, string>, line: RegExp) {
  const { code, stderr, stdout } = await start(env);
  expect(stderr.split("\n").filter(Boolean), `stderr was:\n${stderr}`).toEqual([expect.stringMatching(line)]);
  expect(code).toBe(1);
  expect(`${stdout}${stderr}`).not.toMatch(/^\s+at /m);
}

test.describe("a server that cannot start says which setting to fix, in one line", () => {
  // Each start fails in a second or two on an idle machine; loading the build is most of it, and a busy one is slower.
  test.describe.configure({ mode: "parallel", timeout: 60_000 });

  test("DATABASE_URL: nothing listens at the address", async () => {
    const port = await closedPort();
    await expectOneLine(
      { DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/introbase` },
      new RegExp(`^Introbase cannot start: DATABASE_URL: connection refused at 127\\.0\\.0\\.1:${port} \\(is PostgreSQL running\\?\\)$`),
    );
  });

  test("DATABASE_URL: a host that does not exist", async () => {
    await expectOneLine(
      { DATABASE_URL: "postgres://postgres@no-such-host.invalid:5432/introbase" },
      /^Introbase cannot start: DATABASE_URL: unknown host "no-such-host\.invalid"$/,
    );
  });

  test("DATABASE_URL: a wrong password, without echoing it", async () => {
    const { stderr } = await start({ DATABASE_URL: `postgres://wrong-password:hunter2@127.0.0.1:${fakePostgres.port}/introbase` });
    expect(stderr.trim()).toBe(
      `Introbase cannot start: DATABASE_URL: password authentication failed for user "wrong-password" (at 127.0.0.1:${fakePostgres.port}/introbase)`,
    );
    expect(stderr).not.toContain("hunter2");
  });

  test("DATABASE_URL: a database that does not exist", async () => {
    await expectOneLine(
      { DATABASE_URL: `postgres://postgres@127.0.0.1:${fakePostgres.port}/missing_db` },
      new RegExp(`^Introbase cannot start: DATABASE_URL: database "missing_db" does not exist on 127\\.0\\.0\\.1:${fakePostgres.port}$`),
    );
  });

  test("DATABASE_URL: not a PostgreSQL address (the settings check)", async () => {
    await expectOneLine(
      { DATABASE_URL: "mysql://root@db/introbase" },
      /^Introbase cannot start: Invalid environment: DATABASE_URL: DATABASE_URL must start with postgres:\/\/ or postgresql:\/\/$/,
    );
  });

  test("PORT: not a number (the settings check)", async () => {
    await expectOneLine({ PORT: "http" }, /^Introbase cannot start: Invalid environment: PORT: .+$/);
  });

  test("PUBLIC_URL: not an origin (a path, and a password that is not repeated)", async () => {
    const { stderr } = await start({ PUBLIC_URL: "https://ops:hunter2@introbase.example/app" });
    expect(stderr.trim()).toBe(
      "Introbase cannot start: Invalid environment: PUBLIC_URL: PUBLIC_URL must be the address visitors use, such as https://introbase.example (scheme, host and port only)",
    );
  });

  test("LOG_LEVEL: not a level (the server's own logger must not throw first)", async () => {
    await expectOneLine({ LOG_LEVEL: "loud" }, /^Introbase cannot start: Invalid environment: LOG_LEVEL: .+$/);
  });

  test("WEB_CONCURRENCY: not a number of processes", async () => {
    await expectOneLine(
      { WEB_CONCURRENCY: "lots", DATABASE_URL: "postgres://postgres@127.0.0.1:1/x" },
      /^Introbase cannot start: WEB_CONCURRENCY: must be "auto" or 1 to 64 \(got "lots"\)$/,
    );
  });

  test("PGLITE_DIR: a path through a file", async () => {
    const file = path.join(scratch, "a-file");
    writeFileSync(file, "");
    await expectOneLine(
      { PGLITE_DIR: path.join(file, "pglite") },
      /^Introbase cannot start: PGLITE_DIR: cannot write .*a-file\/pglite \(a part of the path is a file, not a directory\)$/,
    );
  });

  test("PGLITE_DIR: a directory this process may not write", async () => {
    // As root every directory is writable; the kernel's own /sys is not, even to root.
    let dir = "/sys/introbase-pglite";
    if (process.getuid?.() !== 0) {
      dir = path.join(scratch, "read-only");
      mkdirSync(dir);
      chmodSync(dir, 0o555);
    }
    await expectOneLine(
      { PGLITE_DIR: path.join(dir, "pglite") },
      /^Introbase cannot start: PGLITE_DIR: cannot write .* \((permission denied|operation not permitted|read-only file system)\)$/,
    );
  });

  test("PGLITE_DIR: held by another running process", async () => {
    const dir = path.join(scratch, "held");
    mkdirSync(dir);
    // The lock a live process holds (this test's own), as app/lib/data-dir-lock.server.ts writes it.
    writeFileSync(path.join(dir, "introbase.lock"), JSON.stringify({ pid: process.pid, started: null, host: hostname(), token: "held" }));
    await expectOneLine(
      { PGLITE_DIR: dir },
      new RegExp(
        `^Introbase cannot start: PGLITE_DIR: .*held is in use by another process \\(process ${process.pid} on .+\\)\\..+DATABASE_URL.+$`,
      ),
    );
  });

  test("AUTH_SECRET_FILE: a path through a file", async () => {
    const file = path.join(scratch, "another-file");
    writeFileSync(file, "");
    await expectOneLine(
      { AUTH_SECRET_FILE: path.join(file, "auth-secret") },
      /^Introbase cannot start: AUTH_SECRET_FILE: cannot write .*another-file\/auth-secret \((a file is in the way|a part of the path is a file, not a directory)\)$/,
    );
  });

  test("BUILD_DIR: no build there", async () => {
    await expectOneLine(
      { BUILD_DIR: path.join(scratch, "no-build") },
      /^Introbase cannot start: no build in .*no-build: run `npm run build` first/,
    );
  });
});
