/**
 * The route of a path is worked out once: React Router's matchRoutes flattens and ranks the whole route table on every
 * call (about 2 % of a /listings request's CPU at 100k listings, issue 33), and every request resolves its path here.
 * The paths kept are bounded, so a client sending endless distinct paths cannot grow the process.
 */
import { matchRoutes, type ServerBuild } from "react-router";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { routeTableBuild } from "../tests/support/route-build.ts";
import { RESOLVED_PATHS_KEPT, routeTable as routeTableOf } from "./route-table.ts";

// React Router's matcher, counted: given to the table rather than mocked, since other files of the same worker may
// have loaded route-table.ts with the real one already.
const matched = { calls: 0 };
const counting: typeof matchRoutes = (...args) => {
  matched.calls += 1;
  return matchRoutes(...args);
};
const routeTable = (build: ServerBuild) => routeTableOf(build, counting);

let build: ServerBuild;

beforeAll(async () => {
  build = await routeTableBuild();
});
beforeEach(() => {
  matched.calls = 0;
});

describe("routeTable's memory of resolved paths", () => {
  it("resolves a path it has resolved before without matching the route table again, with the same answer", () => {
    const table = routeTable(build);
    const first = table.resolve("/listings");
    const calls = matched.calls;
    expect(calls).toBeGreaterThan(0);
    expect(table.resolve("/listings")).toEqual(first);
    expect(matched.calls).toBe(calls);
    const respelt = table.resolve("/Listings");
    expect(respelt.respelt).toBe("/listings");
    const afterRespelt = matched.calls;
    expect(table.resolve("/Listings")).toEqual(respelt);
    expect(matched.calls).toBe(afterRespelt);
  });

  it("keeps a bounded number of paths: an old one is matched again after many new ones", () => {
    const table = routeTable(build);
    table.resolve("/profile/startup/first");
    for (let i = 0; i < RESOLVED_PATHS_KEPT + 10; i++) table.resolve(`/profile/startup/n${i}`);
    const before = matched.calls;
    expect(table.resolve("/profile/startup/first").route?.pattern).toBe("/profile/:type/:slug");
    expect(matched.calls).toBeGreaterThan(before);
  });
});
