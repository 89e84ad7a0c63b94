import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

export const alias = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "#db": fileURLToPath(new URL("./db", import.meta.url)),
  "#demo": fileURLToPath(new URL("./demo", import.meta.url)),
  // Tests only: nothing under app/, server/ or scripts/ may import it (eslint.config.js, decision 0112).
  "#test-support": fileURLToPath(new URL("./tests/support", import.meta.url)),
};

const ROOTS = ["app", "db", "demo", "server", "scripts", "tests/security", "tests/fakes", "tests/support"];
const TESTS = ROOTS.map((root) => `${root}/**/*.test.{ts,tsx}`);
const DATABASE_TESTS = ROOTS.map((root) => `${root}/**/*.db.test.ts`);
/**
 * Tests that get a fresh worker process each: they start processes that load the app (the kill -9 crash test, the
 * start-up failures), and a worker shared with other files would add their leftovers to what the children inherit.
 */
const PROCESS_TESTS = [
  "tests/security/embedded-crash.test.ts",
  // A child process runs an import and is killed mid-job (5 s of the database run); `npm run test:pg` still runs it.
  "app/features/imports/server/import-durability.server.db.test.ts",
  "tests/security/startup-failures.test.ts",
  "server/start-and-stop.test.ts",
  "server/log-hygiene.test.ts",
  // A development server sending its spans to the fake collector (decision 0105).
  "server/tracing.test.ts",
  // Backups under writes, restored into fresh databases (8 s of the database run, decision 0106); `npm run test:pg`
  // still runs it on PostgreSQL.
  "app/lib/backups/backups.db.test.ts",
  // The demo seed's large-run path: a worker thread of its own loads the generator and writes with the indexes rebuilt
  // (7 s of the database run); `npm run test:pg` still runs it on PostgreSQL.
  "demo/seed-database.db.test.ts",
  // The test harness's own test: a dozen fresh and reused embedded databases, opened, spoiled and checked (11 s of the
  // database run; issue 35 measured npm test over its 90 s). It tests the tests, not the product; CI still runs it.
  "tests/support/test-database.db.test.ts",
];
/**
 * Run before every database test file in a shared worker: the app's modules load afresh (so a module's state, such
 * as the database it holds, never crosses files), and the environment and timers a file changed are put back.
 */
export const FRESH_FILE_STATE = "tests/support/fresh-file-state.ts";
/** The database for the database tests: migrated once per run, copied for each test file (decision 0042). */
export const MIGRATED_DATABASE = "tests/support/migrated-database.global.ts";
/** An unexpected console.error or console.warn fails the test (decision 0047; allow-list in console-allow-list.ts). */
export const FAIL_ON_CONSOLE = "tests/support/fail-on-console.ts";
/**
 * Vitest's default leaves one core to its main process, which on two cores means one test file at a time; but the
 * main process is nearly idle once the modules are transformed, and a file that waits on its child processes (the
 * crash test) or on PostgreSQL leaves its core idle too. `--maxWorkers` on the command line still wins.
 */
export const MAX_WORKERS = Math.max(2, availableParallelism() - 1);

/**
 * `npm test`: unit and database tests, the database ones on an in-memory PGlite (`npm run test:pg` runs those on
 * PostgreSQL). Three projects (decision 0042, amended by 0048):
 * - unit: pure tests, run without isolation, so workers and the packages they loaded serve file after file.
 *   Vitest restores spies after each file; anything else a unit test changes (environment, fake timers, a
 *   module's cache) it must put back itself.
 * - database: each file gets its own fresh, migrated database (a copy of the run's snapshot) in a worker shared
 *   with other database files; FRESH_FILE_STATE reloads the app's modules and restores the environment per file.
 *   Packages (drizzle, better-auth, PGlite's code) load once per worker, which halves the CPU these files take.
 * - processes: PROCESS_TESTS, each in a fresh worker: `npm run test:processes`, not part of `npm test`.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    environment: "node",
    // Hang detectors, not waits an outcome depends on: a loaded machine (several runs sharing two cores) takes a
    // minute to open and seed a database that takes seconds alone, and must not fail for it (decision 0043).
    testTimeout: 300_000,
    hookTimeout: 300_000,
    maxWorkers: MAX_WORKERS,
    setupFiles: [FAIL_ON_CONSOLE],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: TESTS,
          exclude: [...configDefaults.exclude, ...DATABASE_TESTS, ...PROCESS_TESTS],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "database",
          include: DATABASE_TESTS,
          exclude: [...configDefaults.exclude, ...PROCESS_TESTS],
          isolate: false,
          setupFiles: [FRESH_FILE_STATE],
          globalSetup: [MIGRATED_DATABASE],
        },
      },
      {
        extends: true,
        // The database project's migrated database too: the test harness's own test (in PROCESS_TESTS) checks its copies.
        test: { name: "processes", include: PROCESS_TESTS, globalSetup: [MIGRATED_DATABASE] },
      },
    ],
  },
});
