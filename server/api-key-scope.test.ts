/**
 * The second line behind finding 1 (decision 0069): even if a request carrying a key reached a route keys are not
 * for, by a path nobody thought of, that route refuses the key's user. Every route of the real route table, called
 * the way the server calls it (through the error pipeline), with a context whose user came from a key.
 */
import { RouterContextProvider, type ServerBuild } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { appContext } from "~/lib/app-context.ts";
import { withErrorPipeline } from "~/lib/error-answer.server.ts";
import { failingDatabase, testUser } from "#test-support/test-route.ts";
import { routeTableBuild } from "../tests/support/route-build.ts";
import { withApiKeyScope } from "./api-key-scope.ts";
import { routeTable } from "./route-table.ts";

let build: ServerBuild;
let served: ServerBuild;

beforeAll(async () => {
  build = await routeTableBuild();
  served = withErrorPipeline(withApiKeyScope(build));
});

type Handler = (args: unknown) => unknown;

/** The status a handler answered with, whether it returned a Response or threw a page's error. */
async function statusOf(run: () => unknown): Promise<number> {
  try {
    const value = await run();
    return value instanceof Response ? value.status : 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    return (thrown as { init?: { status?: number } }).init?.status ?? 500;
  }
}

function call(handler: Handler, pattern: string) {
  const url = new URL(pattern.replace(/:\w+/g, "x").replace("*", "x"), "http://localhost");
  const context = new RouterContextProvider();
  // Any database read fails: a refused request must be refused before it reads anything.
  const database = failingDatabase(() => new Error("the route read the database for a key it should have refused"));
  context.set(appContext, { database, cspNonce: "", user: testUser("premium"), viaApiKey: true, clientAddress: "127.0.0.1" });
  const init = { method: "POST", body: new URLSearchParams({ intent: "create-api-key", name: "x" }) };
  return statusOf(() => handler({ request: new Request(url, init), params: {}, context }));
}

describe("a user that came from an API key", () => {
  it("is refused 403 by the loader and action of every route keys are not for, before it reads anything", async () => {
    const table = routeTable(build);
    let refused = 0;
    for (const [id, route] of Object.entries(served.routes)) {
      const facts = table.facts(id);
      if (facts.keyed) continue;
      for (const kind of ["loader", "action"] as const) {
        // The route's own handlers (the pipeline adds a 405 action where a route has none).
        if (!build.routes[id]?.module[kind]) continue;
        const handler = route?.module[kind] as Handler;
        expect(await call(handler, facts.pattern), `${kind} of ${facts.pattern}`).toBe(403);
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(80);
  });

  it("reaches the JSON API routes keys are for, unchanged", () => {
    const table = routeTable(build);
    const keyed = Object.keys(build.routes).filter((id) => table.facts(id).keyed);
    expect(keyed.map((id) => table.facts(id).pattern)).toEqual(
      expect.arrayContaining(["/api/listings", "/api/listings/:type/:slug", "/api/follows", "/api/saved-searches/:id"]),
    );
    // The lists API is the one a team's key is for: it is served as written. The others refuse a team's key (below).
    for (const id of keyed.filter((id) => id.startsWith("routes/api.lists")))
      expect(withApiKeyScope(build).routes[id]).toBe(build.routes[id]);
    const patterns = keyed.map((id) => table.facts(id).pattern);
    for (const pattern of ["/settings", "/api/billing/choose-plan", "/api/auth/*", "/api/admin/audit-log", "/api/openapi.json"])
      expect(patterns).not.toContain(pattern);
  });

  it("refuses a team's key (issue 37) on every keyed route but the lists API, before it reads anything", async () => {
    const table = routeTable(build);
    let refused = 0;
    for (const [id, route] of Object.entries(served.routes)) {
      const facts = table.facts(id);
      if (!facts.keyed || id.startsWith("routes/api.lists")) continue;
      for (const kind of ["loader", "action"] as const) {
        if (!build.routes[id]?.module[kind]) continue;
        const handler = route?.module[kind] as Handler;
        const url = new URL(facts.pattern.replace(/:\w+/g, "x"), "http://localhost");
        const context = new RouterContextProvider();
        const database = failingDatabase(() => new Error("the route read the database for a team's key it should have refused"));
        const user = { ...testUser("premium"), keyTeamId: "7e0a0000-0000-4000-8000-000000000001" };
        context.set(appContext, { database, cspNonce: "", user, viaApiKey: true, clientAddress: "127.0.0.1" });
        const status = await statusOf(() =>
          handler({ request: new Request(url, { method: kind === "loader" ? "GET" : "POST" }), params: {}, context }),
        );
        expect(status, `${kind} of ${facts.pattern}`).toBe(403);
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(10);
  });
});
