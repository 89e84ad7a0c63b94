/**
 * The error pipeline end to end over real HTTP: the server's request id and last error handler (server/request-id.ts),
 * the Express to React Router bridge, and a server build run through withErrorPipeline as server/app.ts runs the
 * real one, with one API route and one page whose loaders fail as a test says.
 */
import type { AddressInfo } from "node:net";
import express from "express";
import { renderToString } from "react-dom/server";
import { Outlet, RouterContextProvider, ServerRouter, useRouteError, type EntryContext, type ServerBuild } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { withErrorPipeline } from "~/lib/error-answer.server.ts";
import { AppError, DATA_SOURCE_ERROR_MESSAGE, INTERNAL_ERROR_MESSAGE } from "~/lib/errors.ts";
import { logger } from "~/lib/logger.server.ts";
import { createReactRouterHandler } from "./react-router-handler.ts";
import { finalErrorHandler, requestId } from "./request-id.ts";

/** What the next request's loaders throw. */
let failure: unknown = null;
const SQL_FAILURE = () =>
  new Error('Failed query: select "email" from "users" where "id" = $1\nparams: alice@example.com', {
    cause: Object.assign(new Error('column "emial" does not exist'), { code: "42703" }),
  });
const REFUSED = () =>
  new Error("Failed query: select 1", { cause: Object.assign(new Error("connect ECONNREFUSED 10.0.0.5:5432"), { code: "ECONNREFUSED" }) });

function entryRoute(id: string, path: string, parentId?: string) {
  return {
    id,
    path,
    parentId,
    hasAction: false,
    hasLoader: id !== "root",
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: id !== "api",
    module: `/${id}.js`,
    clientActionModule: undefined,
    clientLoaderModule: undefined,
    clientMiddlewareModule: undefined,
    hydrateFallbackModule: undefined,
  };
}

const fail = () => {
  if (failure) throw failure;
  return Response.json({ ok: true });
};

const build = {
  entry: {
    module: {
      default: (request: Request, status: number, headers: Headers, context: EntryContext) => {
        headers.set("Content-Type", "text/html; charset=utf-8");
        return new Response(renderToString(<ServerRouter context={context} url={request.url} />), { status, headers });
      },
    },
  },
  routes: {
    // The real build's components get their props from React Router's Vite plugin; these read them with hooks.
    root: { id: "root", path: "", module: { default: () => <Outlet />, ErrorBoundary: () => <StatusPage error={useRouteError()} /> } },
    api: { id: "api", parentId: "root", path: "api/thing", module: { loader: fail } },
    page: {
      id: "page",
      parentId: "root",
      path: "page",
      module: {
        loader: () => (fail(), { ok: true }),
        default: () => <p>the page</p>,
        ErrorBoundary: () => <StatusPage error={useRouteError()} />,
      },
    },
  },
  assets: {
    version: "test",
    url: "/manifest.js",
    entry: { module: "/entry.js", imports: [] },
    routes: { root: entryRoute("root", ""), api: entryRoute("api", "api/thing", "root"), page: entryRoute("page", "page", "root") },
  },
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
} as unknown as ServerBuild;

let base = "";
let close = () => {};

beforeAll(async () => {
  const app = express();
  app.use(requestId);
  app.use(createReactRouterHandler({ build: withErrorPipeline(build), getLoadContext: async () => new RouterContextProvider() }));
  app.use(finalErrorHandler);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());
afterEach(() => {
  failure = null;
});

/** The id of each logged error, with the error logged. */
function captureErrorLog() {
  const spy = vi.spyOn(logger, "error");
  return () => spy.mock.calls.map(([fields]) => fields as unknown as { requestId?: string; err?: unknown });
}

describe("an API route", () => {
  it("answers an unexpected error with a 500, the request id and nothing of the error; the log has the same id", async () => {
    const logged = captureErrorLog();
    failure = SQL_FAILURE();
    const response = await fetch(`${base}/api/thing`);
    const id = response.headers.get("x-request-id");
    const text = await response.text();
    expect(response.status).toBe(500);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(text)).toEqual({ error: INTERNAL_ERROR_MESSAGE, requestId: id });
    expect(text).not.toMatch(/select|emial|alice|stack|42703/i);
    expect(logged()).toEqual([expect.objectContaining({ requestId: id, err: failure })]);
  });

  it("answers the database out of reach with the data-source 503", async () => {
    failure = REFUSED();
    const response = await fetch(`${base}/api/thing`);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBeTruthy();
    expect(await response.json()).toEqual({ error: DATA_SOURCE_ERROR_MESSAGE, requestId: response.headers.get("x-request-id") });
  });

  it("answers an AppError with its code's status and message, details beside it, and no id in the body", async () => {
    failure = new AppError("conflict", "A migration is already running.", { details: { job: "j1" } });
    const response = await fetch(`${base}/api/thing`);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ job: "j1", error: "A migration is already running." });
  });

  it("answers a POST to a route without an action with 405, the Allow header and a JSON message", async () => {
    // React Router's own refusal logged a stack trace per request (a console error fails this test) and said
    // {"message":"Unexpected Server Error"}.
    for (const method of ["POST", "PUT", "DELETE"]) {
      const response = await fetch(`${base}/api/thing`, { method, headers: { "Content-Type": "application/json" }, body: "{}" });
      expect(response.status, method).toBe(405);
      expect(response.headers.get("allow")).toBe("GET, HEAD");
      expect(await response.json()).toEqual({ error: "This address can only be read (GET)." });
    }
  });

  it("gives every request its own id, and never takes the client's", async () => {
    const one = await fetch(`${base}/api/thing`, { headers: { "X-Request-Id": "forged-by-the-client" } });
    const two = await fetch(`${base}/api/thing`);
    expect(one.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(one.headers.get("x-request-id")).not.toBe(two.headers.get("x-request-id"));
  });
});

describe("a page", () => {
  it("renders an unexpected error as the error page with status 500 and the request id, never the error", async () => {
    const logged = captureErrorLog();
    failure = SQL_FAILURE();
    const response = await fetch(`${base}/page`);
    const id = response.headers.get("x-request-id")!;
    const html = await response.text();
    expect(response.status).toBe(500);
    expect(html).toContain("Something went wrong");
    expect(html).toContain(id);
    expect(html).not.toMatch(/select|emial|alice|42703|Unexpected Server Error/i);
    expect(logged()).toContainEqual(expect.objectContaining({ requestId: id, err: failure }));
  });

  it("renders the database out of reach as a 503, not a 500", async () => {
    failure = REFUSED();
    const response = await fetch(`${base}/page`);
    expect(response.status).toBe(503);
    expect(await response.text()).toContain("Could not load listings from the data source");
  });

  it("answers a client-side navigation's data request for a failing page with 500", async () => {
    failure = SQL_FAILURE();
    const response = await fetch(`${base}/page.data`);
    const body = await response.text();
    expect(body).toContain(response.headers.get("x-request-id")!);
    expect(body).not.toMatch(/emial|alice/);
  });

  it("renders the page when nothing fails", async () => {
    const response = await fetch(`${base}/page`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("the page");
  });
});

describe("a failure before the routes (the last error handler)", () => {
  it("answers 500 with the id for an unexpected one", async () => {
    const app = express();
    app.use(requestId);
    app.get("/api/broken", () => {
      throw SQL_FAILURE();
    });
    app.use(finalErrorHandler);
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/broken`);
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: INTERNAL_ERROR_MESSAGE, requestId: response.headers.get("x-request-id") });
    } finally {
      server.close();
    }
  });
});
