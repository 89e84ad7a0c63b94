/**
 * Setup file of the database tests, which share worker processes (vitest.config.ts, decision 0048). It runs before
 * each test file, so every file starts as if in a fresh worker as far as the app is concerned:
 * - the app's modules are evaluated again (packages in node_modules stay loaded: they are the cost we save), so
 *   module state such as the database a module holds or an in-memory cache never reaches the next file;
 * - environment variables the file sets or removes are put back after it (a file that raised a limit through
 *   process.env once left the next file without that limit);
 * - timers are real again, even if the file installed fake ones and failed before restoring them.
 */
import { afterAll, vi } from "vitest";

vi.resetModules();

const environment = { ...process.env };
afterAll(() => {
  for (const key of Object.keys(process.env)) if (!(key in environment)) delete process.env[key];
  Object.assign(process.env, environment);
  vi.useRealTimers();
});
