/** Test code only: calls a route's loader the way React Router does, with a real Request and load context. */
import { RouterContextProvider } from "react-router";
import { appContext } from "./app-context.ts";
import type { Database } from "./db.server.ts";

export function loaderArgs<Args>(database: Database, path: string, params: Record<string, string> = {}): Args {
  const url = new URL(path, "http://localhost");
  const context = new RouterContextProvider();
  context.set(appContext, { database, cspNonce: "" });
  return { request: new Request(url), url, params, context, pattern: url.pathname } as unknown as Args;
}

/** A database whose every query fails, as when the server is unreachable. */
export function unreachableDatabase(): Database {
  const error = () => new Error("connect ECONNREFUSED 127.0.0.1:5432");
  const fail = () => Promise.reject(error());
  // Any Drizzle chain (db.select().from()...) builds as usual and rejects when awaited, like a real driver.
  const chain: unknown = new Proxy(function () {}, {
    get: (_target, prop) => (prop === "then" ? (_resolve: unknown, reject: (e: Error) => void) => reject(error()) : chain),
    apply: () => chain,
  });
  return { db: chain as Database["db"], kind: "postgres", rows: fail, migrate: fail, close: async () => {} };
}
