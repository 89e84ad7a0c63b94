import { configDefaults, defineConfig } from "vitest/config";
import { alias, FAIL_ON_CONSOLE, FRESH_FILE_STATE, MAX_WORKERS, MIGRATED_DATABASE } from "./vitest.config.ts";

/**
 * `npm run test:pg`: the database tests (`*.db.test.ts`) against a PostgreSQL server. The run migrates one
 * template database there; each test file makes its own database from it (tests/support/test-database.ts, decision
 * 0042) and drops it afterwards, so the URL must name a role allowed to CREATE DATABASE. `npm test` runs the
 * same files on an in-memory PGlite.
 */
const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
if (!serverUrl) {
  throw new Error(
    "npm run test:pg needs a PostgreSQL server: set DATABASE_URL (or TEST_DATABASE_URL), for example " +
      "DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run test:pg. The tests create and drop their own databases there.",
  );
}
if (!/^postgres(ql)?:\/\//.test(serverUrl)) {
  throw new Error("DATABASE_URL (or TEST_DATABASE_URL) must start with postgres:// or postgresql://");
}

export default defineConfig({
  resolve: { alias },
  test: {
    include: ["**/*.db.test.ts"],
    exclude: [...configDefaults.exclude, "build/**", "build-e2e/**", "data/**"],
    environment: "node",
    // Hang detectors, not waits an outcome depends on (vitest.config.ts, decision 0043).
    testTimeout: 300_000,
    hookTimeout: 300_000,
    maxWorkers: MAX_WORKERS,
    globalSetup: [MIGRATED_DATABASE],
    // Files share workers, each with its own database and freshly loaded app modules (vitest.config.ts).
    isolate: false,
    setupFiles: [FRESH_FILE_STATE, FAIL_ON_CONSOLE],
  },
});
