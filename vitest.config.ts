import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export const alias = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "#db": fileURLToPath(new URL("./db", import.meta.url)),
};

/** Unit and database tests on the embedded database. `npm run test:pg` runs the database ones on PostgreSQL. */
export default defineConfig({
  resolve: { alias },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts", "tests/security/**/*.test.ts"],
    environment: "node",
    // Hang detectors, not waits an outcome depends on: a loaded machine (several runs sharing two cores) takes a
    // minute to open and seed a database that takes seconds alone, and must not fail for it (decision 0043).
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
