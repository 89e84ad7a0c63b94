/**
 * The Express-to-React-Router handler prepares its router once per build: React Router derives its route table and
 * static handler again for every request when given the build as a function (as server/app.ts does, so development
 * picks up a new build), which cost about 3 % of a /listings request's CPU at 100k listings (issue 33).
 */
import express from "express";
import type { AddressInfo } from "node:net";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { createReactRouterHandler } from "./react-router-handler.ts";

/** A build of one resource route; `prepared` counts how often React Router prepared a router from it. */
function resourceBuild(answer: string) {
  const counter = { prepared: 0 };
  const entryModule = {
    default: () => new Response("no documents here", { status: 500 }),
    // React Router reads the entry's error handler once for each router it prepares from a build.
    get handleError() {
      counter.prepared += 1;
      return undefined;
    },
  };
  const build = {
    routes: { root: { id: "root", path: "", module: { loader: () => Response.json({ answer }) } } },
    entry: { module: entryModule },
    assets: { version: "test", url: "/assets/manifest.js", entry: { module: "/assets/entry.js", imports: [] }, routes: {} },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial" },
  } as unknown as ServerBuild;
  return { build, counter };
}

const servers: Array<{ close: () => void }> = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function serve(build: () => Promise<ServerBuild>): Promise<string> {
  const app = express();
  app.use(createReactRouterHandler({ build, getLoadContext: async () => new RouterContextProvider() }));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("createReactRouterHandler", () => {
  it("prepares the router once for a build that stays the same, whatever the number of requests", async () => {
    const { build, counter } = resourceBuild("one");
    const origin = await serve(async () => build);
    for (let i = 0; i < 3; i++) expect(await (await fetch(`${origin}/`)).json()).toEqual({ answer: "one" });
    expect(counter.prepared).toBe(1);
  });

  it("answers from a new build as soon as the function returns one (development's rebuilds)", async () => {
    const first = resourceBuild("first");
    const second = resourceBuild("second");
    let current = first.build;
    const origin = await serve(async () => current);
    expect(await (await fetch(`${origin}/`)).json()).toEqual({ answer: "first" });
    current = second.build;
    expect(await (await fetch(`${origin}/`)).json()).toEqual({ answer: "second" });
    expect(await (await fetch(`${origin}/`)).json()).toEqual({ answer: "second" });
    expect([first.counter.prepared, second.counter.prepared]).toEqual([1, 1]);
  });
});
