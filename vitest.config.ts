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
 * Tests without a database that still need a worker of their own: they start processes that load the app, or leave
 * something behind in modules other files use (a spy on the shared logger).
 */
const ISOLATED_TESTS = [
  "tests/security/embedded-crash.test.ts",
  "tests/security/startup-failures.test.ts",
  "app/features/diagnostics/spreadsheet-schema.server.test.ts",
];
/** The database for the database tests: migrated once per run, copied for each test file (decision 0042). */
export const MIGRATED_DATABASE = "tests/support/migrated-database.global.ts";

/**
 * `npm test`: unit and database tests, the database ones on an in-memory PGlite (`npm run test:pg` runs those on
 * PostgreSQL). Two projects (decision 0042):
 * - unit: pure tests, run without isolation, so workers and the modules they loaded are reused from file to file.
 *   A test here must leave no state behind (no spies, environment or timers left changed); one that does belongs in
 *   ISOLATED_TESTS.
 * - isolated: database tests and the ISOLATED_TESTS, each file in a fresh worker with its own fresh, migrated
 *   database.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
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
