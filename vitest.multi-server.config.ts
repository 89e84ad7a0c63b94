import { defineConfig } from "vitest/config";
import { alias, FAIL_ON_CONSOLE } from "./vitest.config.ts";

/**
 * `npm run test:multi-server` (issue 16, decision 0054): two app servers as separate processes on one PostgreSQL
 * server, which must behave as one site. Each test file creates its own database on the server of DATABASE_URL (a
 * role allowed to CREATE DATABASE) and drops it afterwards; the production build is made once per run
 * (tests/multi-server/support/build.global.ts). One worker, one file at a time: the files start servers on fixed
 * ports (3500-3519) and each needs the machine's two cores for its own servers.
 */
const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
if (!serverUrl) {
  throw new Error(
    "npm run test:multi-server needs a PostgreSQL server: set DATABASE_URL, for example " +
      "DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run test:multi-server. The test creates and drops its own databases there.",
  );
}
if (!/^postgres(ql)?:\/\//.test(serverUrl)) {
  throw new Error("DATABASE_URL (or TEST_DATABASE_URL) must start with postgres:// or postgresql://");
}

export default defineConfig({
  resolve: { alias },
  test: {
    include: ["tests/multi-server/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    maxWorkers: 1,
    fileParallelism: false,
    // Hang detectors, not waits an outcome depends on: the waits that are requirements (seen within 1 s) are in
    // the tests, measured there (decision 0054).
    testTimeout: 300_000,
    hookTimeout: 300_000,
    globalSetup: ["tests/multi-server/support/build.global.ts"],
    setupFiles: [FAIL_ON_CONSOLE],
  },
});
