import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

export const alias = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "#db": fileURLToPath(new URL("./db", import.meta.url)),
};

const ROOTS = ["app", "db", "server", "scripts", "tests/security"];
const TESTS = ROOTS.map((root) => `${root}/**/*.test.{ts,tsx}`);
const DATABASE_TESTS = ROOTS.map((root) => `${root}/**/*.db.test.ts`);
/**
 * Tests without a database that still get a worker of their own: two start processes that load the app. (The
 * spreadsheet client's rate-limit test used to be here for reading the wall clock; it runs on a virtual clock now.)
 */
const ISOLATED_TESTS = ["tests/security/embedded-crash.test.ts", "tests/security/startup-failures.test.ts"];
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
 * PostgreSQL). Two projects (decision 0042):
 * - unit: pure tests, run without isolation, so workers and the modules they loaded are reused from file to file.
 *   Vitest restores spies after each file; anything else a test changes (the environment, timers, a module's
 *   state) it must put back itself, or the file belongs in ISOLATED_TESTS.
 * - isolated: database tests and the ISOLATED_TESTS, each file in a fresh worker with its own fresh, migrated
 *   database.
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
          exclude: [...configDefaults.exclude, ...DATABASE_TESTS, ...ISOLATED_TESTS],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "isolated",
          include: [...DATABASE_TESTS, ...ISOLATED_TESTS],
          globalSetup: [MIGRATED_DATABASE],
        },
      },
    ],
  },
});
