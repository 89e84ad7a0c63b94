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
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
