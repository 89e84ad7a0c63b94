/**
 * HTTP as RFC 9110 has it (issue 29 finding 9, decision 0069), over real HTTP to the whole application: OPTIONS answers
 * what a resource allows and runs nothing; TRACE and other methods the site does not implement are a 405 with Allow,
 * not a logged 500; HEAD is GET without the body and spends nothing; every 401 names its challenge; an answer that
 * depends on the credentials says so in Vary; an unknown /api/* path is a JSON 404 that costs a key nothing; the
 * rate-limit fields are the current IETF draft's (draft-ietf-httpapi-ratelimit-headers-11).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Browser } from "../tests/multi-server/support/browser.ts";
import { signIn } from "../tests/multi-server/support/sign-in.ts";
import { startAppOverHttp, type AppOverHttp } from "../tests/support/app-over-http.ts";
import { rawRequest, type RawRequest } from "../tests/support/raw-request.ts";

let app: AppOverHttp;
let member: string;
let key: string;
let listing: string;

beforeAll(async () => {
  app = await startAppOverHttp({ env: { API_CALLS_PER_MINUTE: "1000" } });
  const browser = new Browser();
  await signIn(browser, { url: app.base, name: "app" }, "demo-premium");
  member = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  const { createApiKey } = await import("~/features/api-keys/api-keys.server.ts");
  ({ secret: key } = await createApiKey(app.database, "demo-premium", "http test"));
  const [row] = await app.database.rows<{ type: string; slug: string }>(
    sql`SELECT type, slug FROM listings WHERE visibility = 'public' AND processing_status = 'published' ORDER BY slug LIMIT 1`,
  );
  listing = `/api/listings/${row!.type}/${row!.slug}`;
});

afterAll(async () => {
  await app?.close();
});

const send = (init: RawRequest) => rawRequest(app.base, init);
const bearer = () => ({ Authorization: `Bearer ${key}` });
const count = async (query: ReturnType<typeof sql>) => (await app.database.rows<{ n: number }>(query))[0]!.n;
const apiCalls = () => count(sql`SELECT coalesce(sum(count), 0)::int AS n FROM usage_counters WHERE action = 'api_call'`);
const views = () => count(sql`SELECT count(*)::int AS n FROM listing_views WHERE user_id = 'demo-premium'`);
const methodsOf = (allow: string | undefined) => (allow ?? "").split(/\s*,\s*/).sort();

describe("OPTIONS", () => {
  it("answers 204 with Allow, runs no handler, counts no API call and no company view", async () => {
    const [calls, seen] = [await apiCalls(), await views()];
    const keyed = await send({ method: "OPTIONS", path: listing, headers: bearer() });
    expect(keyed.status).toBe(204);
    expect(keyed.body).toBe("");
    expect(methodsOf(keyed.headers.allow)).toEqual(["GET", "HEAD", "OPTIONS"]);
    const signedIn = await send({ method: "OPTIONS", path: listing, headers: { Cookie: member } });
    expect(signedIn.status).toBe(204);
    expect(await apiCalls()).toBe(calls);
    expect(await views()).toBe(seen);
  });

  it("asked of the server as a whole (OPTIONS *), names the methods it implements", async () => {
    const answer = await send({ method: "OPTIONS", path: "*" });
    expect(answer.status).toBe(204);
    expect(methodsOf(answer.headers.allow)).toEqual(["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT"]);
  });

  it("names each resource's own methods: a page, a form page, a POST-only endpoint, an item with PATCH and DELETE", async () => {
    const allow = async (path: string) => methodsOf((await send({ method: "OPTIONS", path })).headers.allow);
    expect(await allow("/")).toEqual(["GET", "HEAD", "OPTIONS"]);
    expect(await allow("/pilot")).toEqual(["GET", "HEAD", "OPTIONS", "POST"]);
    // The directory takes the "Ask in plain words" form (decision 0087).
    expect(await allow("/listings")).toEqual(["GET", "HEAD", "OPTIONS", "POST"]);
    expect(await allow("/api/intro-requests")).toEqual(["OPTIONS", "POST"]);
    expect(await allow("/api/saved-searches/x")).toEqual(["DELETE", "GET", "HEAD", "OPTIONS", "PATCH"]);
  });

  it("lets another origin call the JSON API with a key (CORS, never with cookies), and not the account endpoints", async () => {
    const preflight = (path: string) =>
      send({
        method: "OPTIONS",
        path,
        headers: {
          Origin: "https://tools.example",
          "Access-Control-Request-Method": "GET",
          "Access-Control-Request-Headers": "authorization",
        },
      });
    const api = await preflight("/api/listings");
    expect(api.status).toBe(204);
    expect(api.headers["access-control-allow-origin"]).toBe("*");
    expect(api.headers["access-control-allow-headers"]).toMatch(/authorization/i);
    expect(api.headers["access-control-allow-methods"]).toContain("GET");
    expect(api.headers["access-control-allow-credentials"]).toBeUndefined();
    const call = await send({ path: "/api/listings", headers: { ...bearer(), Origin: "https://tools.example" } });
    expect(call.status).toBe(200);
    expect(call.headers["access-control-allow-origin"]).toBe("*");
    expect(call.headers["access-control-expose-headers"]).toMatch(/RateLimit/);
    for (const path of ["/api/billing/choose-plan", "/api/auth/me", "/settings"])
      expect((await preflight(path)).headers["access-control-allow-origin"], path).toBeUndefined();
  });
});

describe("methods the site does not implement", () => {
  it.each([
    ["TRACE", "/"],
    ["TRACE", "/api/listings"],
    ["PROPFIND", "/listings"],
    ["PROPFIND", "/api/follows"],
  ])("%s %s: 405 with Allow, logged as nothing of ours", async (method, path) => {
    const { logger } = await import("~/lib/logger.server.ts");
    const errors = vi.spyOn(logger, "error");
    const answer = await send({ method, path });
    expect(answer.status).toBe(405);
    expect(methodsOf(answer.headers.allow)).toContain("GET");
    if (path.startsWith("/api/")) expect(JSON.parse(answer.body)).toEqual({ error: expect.stringContaining(method) });
    expect(errors).not.toHaveBeenCalled();
  });

  it("a method a page does not take: 405 with Allow, as HTML for a browser", async () => {
    const answer = await send({ method: "POST", path: "/", headers: { Accept: "text/html", Origin: app.base }, form: { x: "1" } });
    expect(answer.status).toBe(405);
    expect(answer.headers["content-type"]).toContain("text/html");
    expect(methodsOf(answer.headers.allow)).toEqual(["GET", "HEAD", "OPTIONS"]);
    const put = await send({ method: "PUT", path: "/pilot", headers: { Origin: app.base }, form: { x: "1" } });
    expect(put.status).toBe(405);
    expect(methodsOf(put.headers.allow)).toEqual(["GET", "HEAD", "OPTIONS", "POST"]);
  });
});

describe("HEAD", () => {
  it("is GET without the body: same status and headers, for an API call with a key, and spends nothing", async () => {
    const get = await send({ path: listing, headers: bearer() });
    const calls = await apiCalls();
    const head = await send({ method: "HEAD", path: listing, headers: bearer() });
    expect(head.status).toBe(get.status);
    expect(head.body).toBe("");
    for (const name of ["content-type", "cache-control", "vary", "ratelimit-policy"])
      expect(head.headers[name], name).toBe(get.headers[name]);
    expect(head.headers.ratelimit).toBeDefined();
    expect(await apiCalls()).toBe(calls);
  });

  it("counts no company view for a signed-in member, and answers a page without its body", async () => {
    const [row] = await app.database.rows<{ type: string; slug: string }>(
      sql`SELECT type, slug FROM listings WHERE visibility = 'public' AND processing_status = 'published' ORDER BY slug DESC LIMIT 1`,
    );
    const seen = await views();
    const head = await send({ method: "HEAD", path: `/api/listings/${row!.type}/${row!.slug}`, headers: { Cookie: member } });
    expect(head.status).toBe(200);
    expect(await views()).toBe(seen);
    const page = await send({ method: "HEAD", path: "/listings" });
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toBe("");
  });
});

describe("401", () => {
  it("every 401 of every route, signed out, names a challenge in WWW-Authenticate", async () => {
    const { default: routes } = await import("~/routes.ts");
    const paths: string[] = [];
    const walk = (entries: Array<{ path?: string; children?: unknown[] }>, prefix: string) => {
      for (const entry of entries) {
        const full = [prefix, entry.path].filter(Boolean).join("/");
        if (entry.path !== undefined && !full.includes("*")) paths.push(`/${full.replace(/:\w+/g, "x")}`);
        walk((entry.children ?? []) as typeof entries, full);
      }
    };
    walk(routes as never, "");
    let unauthorized = 0;
    for (const path of paths) {
      for (const method of ["GET", "POST"]) {
        const answer = await send({
          method,
          path,
          headers: method === "POST" ? { Origin: app.base } : {},
          form: method === "POST" ? {} : undefined,
        });
        if (answer.status !== 401) continue;
        unauthorized++;
        expect(answer.headers["www-authenticate"], `${method} ${path}`).toMatch(/^(Bearer|Cookie) realm="Introbase/);
      }
    }
    expect(unauthorized).toBeGreaterThan(10);
    const badKey = await send({ path: "/api/listings", headers: { Authorization: "Bearer ib_wrong" } });
    expect(badKey.headers["www-authenticate"]).toMatch(/^Bearer realm="Introbase API", error="invalid_token"/);
  });
});

describe("Vary", () => {
  it("an answer that depends on who asks says so, so a browser does not show the locked copy after sign-in", async () => {
    const anonymous = await send({ path: listing });
    expect(anonymous.headers["cache-control"]).toBe("private, max-age=300");
    expect(anonymous.headers.vary).toMatch(/Cookie/);
    expect(anonymous.headers.vary).toMatch(/Authorization/);
    expect((await send({ path: "/api/listings" })).headers.vary).toMatch(/Cookie/);
    expect((await send({ path: "/listings" })).headers.vary).toMatch(/Cookie/);
    // The same for everyone: nothing to vary on, so shared caches may keep it.
    expect((await send({ path: "/api/openapi.json" })).headers.vary ?? "").not.toMatch(/Cookie/);
  });
});

describe("an unknown /api/* path", () => {
  it("is a JSON 404, even to a key, which it does not count", async () => {
    const calls = await apiCalls();
    const answer = await send({ path: "/api/no-such-endpoint", headers: { ...bearer(), Accept: "text/html" } });
    expect(answer.status).toBe(404);
    expect(answer.headers["content-type"]).toContain("application/json");
    expect(JSON.parse(answer.body)).toEqual({ error: expect.stringContaining("/api/no-such-endpoint") });
    expect(answer.headers.ratelimit).toBeUndefined();
    expect(await apiCalls()).toBe(calls);
    expect((await send({ method: "DELETE", path: "/api/listings", headers: bearer() })).headers["content-type"]).toContain("json");
  });
});

describe("rate-limit fields", () => {
  it("are RateLimit-Policy and RateLimit as structured fields, one item per policy", async () => {
    const answer = await send({ path: "/api/listings", headers: bearer() });
    expect(answer.headers["ratelimit-policy"]).toMatch(/^"minute";q=1000;w=60, "month";q=10000;w=\d+$/);
    expect(answer.headers.ratelimit).toMatch(/^"minute";r=\d+;t=\d+, "month";r=\d+;t=\d+$/);
    for (const old of ["ratelimit-limit", "ratelimit-remaining", "ratelimit-reset"]) expect(answer.headers[old]).toBeUndefined();
  });
});
