/**
 * The rooms rule (decision 0112) refuses each arrow that points the wrong way and lets the right ones through, with
 * the files named as ESLint names them (absolute paths in the repository).
 */
import path from "node:path";
import { RuleTester } from "eslint";
import tseslint from "typescript-eslint";
import { describe, it } from "vitest";
// @ts-expect-error: a JavaScript module of the ESLint configuration, without declarations.
import { roomImports } from "./room-imports.eslint.js";

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2024, sourceType: "module" } });

const ROOT = path.resolve(import.meta.dirname, "../..");
const at = (file: string) => path.join(ROOT, file);
const error = (text: RegExp) => ({ message: text });

tester.run("room-imports", roomImports, {
  valid: [
    // Tests reach test support, the demo data and the schema as they like.
    { filename: at("app/features/x/a.db.test.ts"), code: 'import { openTestDatabase } from "#test-support/test-database.ts";' },
    { filename: at("app/features/x/test-support.ts"), code: 'import { seedListings } from "#demo/seed-database.ts";' },
    { filename: at("tests/support/app-over-http.ts"), code: 'import { sql } from "drizzle-orm";' },
    // The server composes the rooms: it may hand the demo data to the app.
    { filename: at("server/app.ts"), code: 'import { seedListings } from "#demo/seed-database.ts";' },
    { filename: at("demo/generate-listings.ts"), code: 'import { uniqueSlug } from "../app/features/catalog/slug.ts";' },
    // The rooms above may use the app; a test anywhere may use them.
    { filename: at("scripts/seed.ts"), code: 'import { seedListings } from "../demo/seed-database.ts";' },
    { filename: at("app/lib/x.test.ts"), code: 'import { start } from "../../server/tracing.ts";' },
    // db/ uses only itself.
    { filename: at("db/schema/listings.ts"), code: 'import { ACCESS_LEVELS } from "../values/listings.ts";' },
    // Schema values in server modules; types anywhere; value lists from db/values anywhere.
    { filename: at("app/features/x/y.server.ts"), code: 'import { listings } from "#db/schema/listings.ts";' },
    { filename: at("app/features/x/y.server.tsx"), code: 'import { sql } from "drizzle-orm";' },
    { filename: at("app/features/x/y.ts"), code: 'import type { listings } from "#db/schema/listings.ts";' },
    { filename: at("app/features/x/y.ts"), code: 'import { type SQL } from "drizzle-orm";' },
    { filename: at("app/features/x/y.ts"), code: 'export type { SQL } from "drizzle-orm";' },
    { filename: at("app/features/x/y.ts"), code: 'import { ROUND_TYPES } from "#db/values/funding-rounds.ts";' },
    // The one logger factory, the access log on a logger made by it, and types of pino anywhere.
    { filename: at("app/lib/create-logger.server.ts"), code: 'import { pino } from "pino";' },
    { filename: at("server/access-log.ts"), code: 'import { pinoHttp } from "pino-http";' },
    { filename: at("server/x.ts"), code: 'import type { Logger } from "pino";' },
  ],
  invalid: [
    // Nothing below reaches up to the rooms that run, drive or measure the app.
    {
      filename: at("app/lib/x.ts"),
      code: 'import { start } from "../../server/tracing.ts";',
      errors: [error(/app\/ may not import server\//)],
    },
    {
      filename: at("demo/x.ts"),
      code: 'import { fail } from "../scripts/fail-clearly.ts";',
      errors: [error(/demo\/ may not import scripts\//)],
    },
    { filename: at("db/x.ts"), code: 'import { summarize } from "../bench/lib/stats.ts";', errors: [error(/db\/ may not import bench\//)] },
    { filename: at("app/lib/x.ts"), code: 'import { testUser } from "#test-support/test-route.ts";', errors: [error(/tests only/)] },
    { filename: at("server/x.ts"), code: 'import { a } from "../tests/support/raw-request.ts";', errors: [error(/tests only/)] },
    { filename: at("scripts/x.ts"), code: 'import { a } from "../tests/fakes/mail-catcher.ts";', errors: [error(/tests only/)] },
    {
      filename: at("db/seed.ts"),
      code: 'import { slugify } from "../app/features/catalog/slug.ts";',
      errors: [error(/imports nothing of app/)],
    },
    { filename: at("db/schema/x.ts"), code: 'import { logger } from "~/lib/logger.server.ts";', errors: [error(/imports nothing of app/)] },
    { filename: at("db/schema/x.ts"), code: 'import { Random } from "#demo/random.ts";', errors: [error(/imports nothing of app/)] },
    {
      filename: at("app/lib/x.server.ts"),
      code: 'import { seedListings } from "#demo/seed-database.ts";',
      errors: [error(/never imports the demo/)],
    },
    {
      filename: at("app/features/x/y.ts"),
      code: 'import { ROUND_TYPES } from "#db/schema/listing-details.ts";',
      errors: [error(/\*\.server\.ts/)],
    },
    {
      filename: at("app/features/x/y.ts"),
      code: 'import * as schema from "../../../db/schema/index.ts";',
      errors: [error(/\*\.server\.ts/)],
    },
    { filename: at("app/features/x/y.tsx"), code: 'import { sql, type SQL } from "drizzle-orm";', errors: [error(/\*\.server\.ts/)] },
    {
      filename: at("app/features/x/y.ts"),
      code: 'import { getTableConfig } from "drizzle-orm/pg-core";',
      errors: [error(/\*\.server\.ts/)],
    },
    { filename: at("app/routes/x.ts"), code: 'const m = await import("#db/schema/accounts.ts");', errors: [error(/\*\.server\.ts/)] },
    { filename: at("server/http-server.ts"), code: 'import { pino } from "pino";', errors: [error(/createLogger/)] },
    { filename: at("scripts/x.ts"), code: 'import pino from "pino";', errors: [error(/createLogger/)] },
    { filename: at("app/lib/logger.server.ts"), code: 'import { pinoHttp } from "pino-http";', errors: [error(/createLogger/)] },
  ],
});
