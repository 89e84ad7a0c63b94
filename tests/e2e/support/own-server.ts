/**
 * A second production server on a database a spec prepared itself (planted sentinels, a dropped column, crafted
 * listings), beside the one Playwright starts. It runs the same build (playwright.config.ts builds it per port).
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";

const E2E_PORT = Number(process.env.E2E_PORT || 3210);
const BUILD_DIR = E2E_PORT === 3210 ? "build-e2e" : `build-e2e-${E2E_PORT}`;

/** A port nobody listens on, so a spec's own server never meets another run's. */
export function freePort(): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * An embedded database in a new temporary folder (`root`, for the spec to remove; the database in `dir`), migrated,
 * then prepared by `steps`: module code run with tsx, with `database` open and the named modules of the repository
 * imported (`imports`: binding -> path, e.g. { seedListings: "demo/seed-database.ts" }).
 */
export function preparedDatabase(prefix: string, steps: string, imports: Record<string, string> = {}): { root: string; dir: string } {
  const root = mkdtempSync(path.join(tmpdir(), prefix));
  const dir = path.join(root, "pglite");
  const from = (file: string) => JSON.stringify(pathToFileURL(path.resolve(file)).href);
  const script = path.join(root, "prepare.mts");
  writeFileSync(
    script,
    [
      `import { openDatabase } from ${from("app/lib/db.server.ts")};`,
      ...Object.entries(imports).map(([binding, file]) => `import { ${binding} } from ${from(file)};`),
      `const database = await openDatabase({ dir: ${JSON.stringify(dir)} });`,
      "await database.migrate();",
      steps,
      "await database.close();",
    ].join("\n"),
  );
  execFileSync("npx", ["tsx", script], { stdio: "pipe" });
  return { root, dir };
}

export interface OwnServer {
  base: string;
  stop(): Promise<void>;
}

/** `env` adds to (or overrides) the server's environment, e.g. a third-party service only this spec configures. */
export async function startOwnServer({
  port,
  pgliteDir,
  env,
  output,
}: {
  port: number;
  pgliteDir: string;
  env?: Record<string, string>;
  /** When given, every line the server prints (stdout and stderr: its log) is added to it, for a spec to search. */
  output?: string[];
}): Promise<OwnServer> {
  const base = `http://127.0.0.1:${port}`;
  // A server already answering here is a stale one (a run stopped before its clean-up): never test against it.
  const stale = await fetch(`${base}/healthz`).then(
    () => true,
    () => false,
  );
  if (stale) throw new Error(`port ${port} is already in use: stop the server left there before running this spec`);
  const server: ChildProcess = spawn(process.execPath, ["server/index.ts"], {
    stdio: output ? ["ignore", "pipe", "pipe"] : "ignore",
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR,
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: base,
      PGLITE_DIR: pgliteDir,
      SEED_LISTINGS: "0",
      DATABASE_URL: "",
      SIGN_IN_ATTEMPTS_PER_MINUTE: "1000",
      LOG_LEVEL: "warn",
      ...env,
    },
  });
  if (output) {
    for (const stream of [server.stdout, server.stderr]) createInterface({ input: stream! }).on("line", (line) => output.push(line));
  }
  // A hook that times out leaves no one to call stop(): the server then goes down with this test worker, so the
  // next run does not find the port taken.
  const killWithWorker = () => server.kill("SIGKILL");
  process.once("exit", killWithWorker);
  const stop = async () => {
    process.off("exit", killWithWorker);
    if (server.exitCode !== null || server.signalCode !== null) return;
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
  };
  for (let i = 0; i < 120; i++) {
    try {
      // /readyz, not /healthz: the server listens while it is still migrating (decision 0052).
      if ((await fetch(`${base}/readyz`)).ok) return { base, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error(`the server on port ${port} did not start`);
}
