/**
 * Issue 16, point 4: several machines started at once on a new, empty database. Exactly one migrates (and seeds the
 * demo data); the other waits for it under PostgreSQL's advisory lock, then serves. Each server logs
 * `"msg":"database migrated"` with the number of migrations it `applied`.
 */
import { afterAll, describe, expect, it } from "vitest";
import { startAppServer, waitForLog, waitUntilReady, type AppServer } from "./support/app-server.ts";
import { createTestDatabase, type TestDatabase } from "./support/database.ts";

const SEED_LISTINGS = 40;
const PORTS = [3503, 3504];

let database: TestDatabase | undefined;
const servers: AppServer[] = [];

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await database?.drop();
});

describe("two app servers started together on an empty database", () => {
  it("exactly one migrates and seeds, and both become ready", async () => {
    database = await createTestDatabase("start");
    for (const [i, port] of PORTS.entries())
      servers.push(startAppServer({ name: "CD"[i]!, port, databaseUrl: database.url, env: { SEED_LISTINGS: String(SEED_LISTINGS) } }));
    const started = await Promise.allSettled(servers.map((server) => waitUntilReady(server)));
    for (const [i, outcome] of started.entries()) {
      const why = outcome.status === "rejected" ? String((outcome.reason as Error).message) : "";
      // The server's own last words (its one-line start-up failure) name what went wrong.
      const said = why.split("\n").filter(Boolean).at(-1) ?? "";
      expect(why, `server ${servers[i]!.name}, started at the same moment as the other on an empty database, never served: "${said}"`).toBe(
        "",
      );
    }

    const migrated = await Promise.all(
      servers.map((server) => waitForLog(server, (line) => line.msg === "database migrated" && typeof line.applied === "number", 5_000)),
    );
    for (const [i, line] of migrated.entries())
      expect(line, `server ${servers[i]!.name} logs "database migrated" with the number of migrations it applied`).toBeDefined();
    const applied = migrated.map((line) => Number(line!.applied));
    expect(
      applied.filter((n) => n > 0).length,
      `exactly one server applies the migrations (applied: ${servers.map((s, i) => `${s.name} ${applied[i]}`).join(", ")})`,
    ).toBe(1);

    const [row] = await database.sql<Array<{ n: number }>>`SELECT count(*)::int AS n FROM listings`;
    expect(row!.n, `the demo data was seeded once (${SEED_LISTINGS} listings), not once per server`).toBe(SEED_LISTINGS);
    for (const server of servers) {
      const response = await fetch(`${server.url}/api/listings`);
      expect(response.status, `server ${server.name} serves the directory`).toBe(200);
    }
  });
});
