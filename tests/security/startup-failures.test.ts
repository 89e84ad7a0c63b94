/**
 * Issue 14 finding 8, the command-line half: `npm run db:seed`, `npm run user:admin` and `npm run import` with a bad
 * setting ended in a stack trace. Each now ends with one line on stderr naming the setting, and status 1. (The
 * server's cases are in startup-failures.spec.ts, which has a production build to start.)
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "introbase-script-startup-"));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function run(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join("scripts", script), ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "test", PGLITE_DIR: path.join(scratch, "unused"), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  // A guard for a script that hangs, below the test's own limit; a loaded machine takes long to start one.
  const timer = setTimeout(() => child.kill("SIGKILL"), 240_000);
  return new Promise((resolve) =>
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, stdout });
    }),
  );
}

async function expectOneLine(script: string, args: string[], env: Record<string, string>, line: RegExp) {
  const { code, stderr, stdout } = await run(script, args, env);
  expect(stderr.split("\n").filter(Boolean), `stderr was:\n${stderr}`).toEqual([expect.stringMatching(line)]);
  expect(code).toBe(1);
  expect(`${stdout}${stderr}`).not.toMatch(/^\s+at /m);
}

describe.concurrent("a script that cannot run says which setting to fix, in one line", () => {
  it("npm run user:admin with a DATABASE_URL nothing listens at", async () => {
    const port = await closedPort();
    await expectOneLine(
      "make-admin.ts",
      ["ada@example.org"],
      { DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/introbase` },
      new RegExp(`^npm run user:admin failed: DATABASE_URL: connection refused at 127\\.0\\.0\\.1:${port} \\(is PostgreSQL running\\?\\)$`),
    );
  });

  it("npm run user:admin while a server holds the embedded database", async () => {
    const dir = await mkdtemp(path.join(scratch, "held-"));
    await writeFile(path.join(dir, "introbase.lock"), JSON.stringify({ pid: process.pid, started: null, host: hostname(), token: "t" }));
    await expectOneLine(
      "make-admin.ts",
      ["ada@example.org"],
      { PGLITE_DIR: dir },
      /^npm run user:admin failed: PGLITE_DIR: .* is in use by another process \(process \d+ on .+\)\. .*stop that process.*$/,
    );
  });

  it("npm run db:seed with a PGLITE_DIR that cannot be written", async () => {
    const file = path.join(scratch, "a-file");
    await writeFile(file, "");
    await expectOneLine(
      "seed.ts",
      ["--listings", "1"],
      { PGLITE_DIR: path.join(file, "pglite") },
      /^npm run db:seed failed: PGLITE_DIR: cannot write .*a-file\/pglite \(a part of the path is a file, not a directory\)$/,
    );
  });

  it("npm run import with an invalid setting, found while its modules load", async () => {
    await expectOneLine("import.ts", [], { LOG_LEVEL: "loud" }, /^npm run import failed: Invalid environment: LOG_LEVEL: .+$/);
  });
});
