/**
 * Test code only: the real application (server/app.ts: every middleware, the routes, the session, the demo OpenID
 * provider, the jobs) on a port of its own, in the test's process, over real HTTP. The server build is made from the
 * route table (route-build.ts) instead of by Vite; the database is a migrated copy (embedded in a temporary directory,
 * or on the PostgreSQL server under `npm run test:pg`), opened by the application itself as it opens its own. What sits in front of the application in
 * production (helmet, compression, static files, the access log: server/http-server.ts) is not here.
 *
 * For a `*.db.test.ts` file: those get the application's modules fresh per file (tests/support/fresh-file-state.ts),
 * so the environment set here is the one the application reads. Call it in `beforeAll`, and `close()` in `afterAll`.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { vi } from "vitest";
import { sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server.ts";
import { scratchRoot } from "./scratch-root.ts";
import { openTestDatabase, placeTestDatabaseIn, testServerUrl, withDatabaseName } from "./test-database.ts";

export interface AppOverHttp {
  /** http://127.0.0.1:PORT, the application's PUBLIC_URL. */
  base: string;
  /** The application's own database handle. */
  database: Database;
  close(): Promise<void>;
}

export async function startAppOverHttp({ env = {} }: { env?: Record<string, string> } = {}): Promise<AppOverHttp> {
  const root = await mkdtemp(path.join(scratchRoot(), "introbase-app-"));
  let handler: RequestListener = (_req, res) => res.writeHead(503).end();
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // `npm run test:pg`: a database of its own on the server, kept (a closed test database is dropped) until close().
  // `npm test`: an embedded copy in a directory, opened by the application as it opens ./data.
  const serverUrl = testServerUrl();
  const held = serverUrl ? await openTestDatabase() : undefined;
  delete process.env.DATABASE_READ_URL;
  if (held) {
    const [row] = await held.rows<{ name: string }>(sql`SELECT current_database() AS name`);
    process.env.DATABASE_URL = withDatabaseName(serverUrl!, row!.name);
  } else {
    delete process.env.DATABASE_URL;
    await placeTestDatabaseIn(path.join(root, "pglite"));
  }
  Object.assign(process.env, {
    PUBLIC_URL: base,
    PGLITE_DIR: path.join(root, "pglite"),
    AUTH_SECRET_FILE: path.join(root, "auth-secret"),
    SEED_LISTINGS: "12",
    SIGN_IN_ATTEMPTS_PER_MINUTE: "1000",
    ...env,
  });

  const { routeTableBuild } = await import("./route-build.ts");
  const build = await routeTableBuild();
  vi.doMock("virtual:react-router/server-build", () => build);
  const application = await import("../../server/app.ts");
  await application.prepare();
  handler = application.app as unknown as RequestListener;
  const { getDatabase } = await import("~/lib/database.server.ts");
  const database = await getDatabase();

  return {
    base,
    database,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await application.shutdown({ waitMs: 1_000, requestsDone: Promise.resolve() });
      await held?.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}
