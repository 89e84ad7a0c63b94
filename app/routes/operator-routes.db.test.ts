/**
 * The admin guard on every operator route (DESIGN D7). The routes come from the route table itself, so an
 * admin or debug page or endpoint added later is covered without touching this test.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#db/seed/seed-database.ts";
import routes from "~/routes.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { openTestDatabase } from "~/lib/test-database.ts";
import { insertMember } from "~/features/introductions/test-support.ts";
import { loaderArgs, testUser } from "~/lib/test-route.ts";

interface RouteEntry {
  path?: string;
  file: string;
  children?: RouteEntry[];
}

function flatten(entries: RouteEntry[], prefix = ""): Array<{ path: string; file: string }> {
  return entries.flatMap((entry) => {
    const full = [prefix, entry.path].filter(Boolean).join("/");
    return [{ path: full, file: entry.file }, ...flatten(entry.children ?? [], full)];
  });
}

const OPERATOR = /^(admin|debug|api\/admin|api\/debug)(\/|$)/;
const operatorRoutes = flatten(routes as RouteEntry[]).filter((r) => OPERATOR.test(r.path));

type Module = { loader?: (args: never) => unknown; action?: (args: never) => unknown };

/** The status a loader or action answered with, whether it returned or threw (redirects and errors are thrown). */
async function statusOf(run: () => unknown): Promise<{ status: number; location?: string | null }> {
  try {
    const value = await run();
    if (value instanceof Response) return { status: value.status };
    const init = (value as { init?: { status?: number } } | null)?.init;
    return { status: init?.status ?? 200 };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location") };
    // parse() and the not-found of a route throw the pipeline's error; the server answers it with its code's status.
    if (thrown instanceof AppError) return { status: thrown.status };
    const init = (thrown as { init?: { status?: number } }).init;
    if (init?.status) return { status: init.status };
    throw thrown;
  }
}

let database: Database;
const ANONYMOUS = null;
const MEMBER = testUser("subscriber");
const ADMIN = testUser("premium", "admin");

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 20);
  // The signed-in users exist, as they would: an admin's action may record who did it (jobs, audit entries).
  for (const user of [MEMBER, ADMIN]) await insertMember(database, user.id, user.tier, user.role);
});

afterAll(async () => {
  await database?.close();
});

function call(module: Module, kind: "loader" | "action", urlPath: string, user: SessionUser | null) {
  const params = Object.fromEntries([...urlPath.matchAll(/:(\w+)/g)].map((m) => [m[1], "x"]));
  const concrete = "/" + urlPath.replace(/:(\w+)/g, "x");
  const init = kind === "action" ? { method: "POST", body: new URLSearchParams({ intent: "refresh" }) } : undefined;
  const fn = module[kind]!;
  return statusOf(() => fn(loaderArgs(database, concrete, params, { user, init }) as never));
}

describe("operator routes", () => {
  it("are found in the route table, the spec's internal test pages among them", () => {
    const paths = operatorRoutes.map((r) => r.path);
    expect(paths).toContain("debug/access-control");
    expect(paths).toContain("debug/company-access");
    expect(paths.some((p) => p.startsWith("api/"))).toBe(true);
  });

  for (const route of operatorRoutes) {
    describe(`/${route.path}`, () => {
      const api = route.path.startsWith("api/");
      const load = async () => (await import(path.resolve(__dirname, "..", route.file))) as Module;

      it("sends anonymous visitors to sign in (pages) or answers 401 (APIs), for GET and POST", async () => {
        const module = await load();
        for (const kind of ["loader", "action"] as const) {
          if (!module[kind]) continue;
          const result = await call(module, kind, route.path, ANONYMOUS);
          if (api) expect(result.status).toBe(401);
          else {
            expect(result.status).toBe(302);
            expect(result.location).toBe(`/sign-in?returnTo=${encodeURIComponent("/" + route.path.replace(/:(\w+)/g, "x"))}`);
          }
        }
      });

      it("answers 403 to a signed-in member who is not an admin, for GET and POST", async () => {
        const module = await load();
        for (const kind of ["loader", "action"] as const) {
          if (module[kind]) expect((await call(module, kind, route.path, MEMBER)).status).toBe(403);
        }
      });

      it("lets an admin in", async () => {
        const module = await load();
        for (const kind of ["loader", "action"] as const) {
          if (!module[kind]) continue;
          const { status } = await call(module, kind, route.path, ADMIN);
          // Past the guard an endpoint may still refuse the request itself (405 for GET on a POST endpoint, 400
          // for the placeholder body: pages answer an intent they do not know as a bad request, decision 0045), and a
          // route with a parameter gets "x", a record that does not exist.
          if (api || route.path.includes(":") || kind === "action") expect([302, 401, 403]).not.toContain(status);
          else expect(status).toBeLessThan(400);
          expect(status).toBeLessThan(500);
        }
      });
    });
  }
});

describe("switched off by configuration", () => {
  const off = { ADMIN_FEATURES: false, DEBUG_ROUTES: false };
  const args = (url: string) => loaderArgs(database, url, {}, { user: ADMIN }) as { request: Request; context: never };

  it("the areas answer 404 even to admins, pages and APIs alike", async () => {
    expect((await statusOf(() => requireAdmin(args("/debug/access-control"), "debug", off))).status).toBe(404);
    expect((await statusOf(() => requireAdmin(args("/api/debug/whoami"), "debug", off))).status).toBe(404);
    expect((await statusOf(() => requireAdmin(args("/admin/duplicate-management"), "admin", off))).status).toBe(404);
  });

  it("each switch controls only its own area", async () => {
    const debugOnly = { ADMIN_FEATURES: false, DEBUG_ROUTES: true };
    expect(requireAdmin(args("/debug/access-control"), "debug", debugOnly)).toMatchObject({ role: "admin" });
    expect((await statusOf(() => requireAdmin(args("/admin/x"), "admin", debugOnly))).status).toBe(404);
  });
});
