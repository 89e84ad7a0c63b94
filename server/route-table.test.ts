/**
 * The route a path resolves to, on the real route table (decision 0069): the same matching as React Router, in the
 * table's spelling only, with another spelling of a real route named so a read can be sent there.
 */
import type { ServerBuild } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { routeTableBuild } from "../tests/support/route-build.ts";
import { routeTable, type RouteTable } from "./route-table.ts";

let table: RouteTable;

beforeAll(async () => {
  const build: ServerBuild = await routeTableBuild();
  table = routeTable(build);
});

const patternOf = (pathname: string) => table.resolve(pathname).route?.pattern;

describe("routeTable", () => {
  it("resolves a path, a single-fetch path and the root's, as React Router does", () => {
    expect(patternOf("/api/listings/startup/acme")).toBe("/api/listings/:type/:slug");
    expect(patternOf("/settings.data")).toBe("/settings");
    expect(patternOf("/_.data")).toBe("/");
    expect(patternOf("/api/auth/callback/google")).toBe("/api/auth/*");
  });

  it("matches the table's spelling only, and names it for another spelling of a real route", () => {
    expect(table.resolve("/API/debug/whoami")).toEqual({
      route: expect.objectContaining({ catchAll: true }),
      respelt: "/api/debug/whoami",
    });
    expect(table.resolve("/Settings.data").respelt).toBe("/settings.data");
    expect(table.resolve("/Media/AbC").respelt).toBe("/media/AbC");
    expect(table.resolve("/API/AUTH/Sign-In/Email").respelt).toBe("/api/auth/Sign-In/Email");
    expect(table.resolve("/no/such/page")).toEqual({ route: expect.objectContaining({ catchAll: true }) });
  });

  it("knows where keys count: the JSON API but its operator, account and billing endpoints and the public document", () => {
    const keyed = (path: string) => table.resolve(path).route?.keyed;
    expect(keyed("/api/listings")).toBe(true);
    expect(keyed("/api/saved-searches/x/new")).toBe(true);
    for (const path of [
      "/api/admin/audit-log",
      "/api/debug/whoami",
      "/api/auth/me",
      "/api/billing/choose-plan",
      "/api/openapi.json",
      "/settings",
    ])
      expect(keyed(path), path).toBe(false);
  });

  it("says what each route takes: GET and HEAD with a loader, POST with an action, its own list when it has one", () => {
    const methods = (path: string) => table.resolve(path).route?.methods;
    expect(methods("/")).toEqual(["GET", "HEAD", "OPTIONS"]);
    // The directory's action takes the "Ask in plain words" form (decision 0087).
    expect(methods("/listings")).toEqual(["GET", "HEAD", "POST", "OPTIONS"]);
    expect(methods("/settings")).toEqual(["GET", "HEAD", "POST", "OPTIONS"]);
    expect(methods("/api/intro-requests")).toEqual(["POST", "OPTIONS"]);
    expect(methods("/api/follows/x")).toEqual(["GET", "HEAD", "DELETE", "OPTIONS"]);
    expect(methods("/api/saved-searches/x")).toEqual(["GET", "HEAD", "PATCH", "DELETE", "OPTIONS"]);
  });
});
