/**
 * The one place statements are timed (decision 0104): the clients Drizzle sends every statement through, wrapped
 * once each. Statements inside a transaction run on the transaction's own handle and are not timed (the transaction
 * is one unit of work to its caller); everything else is.
 */
import type { PGlite } from "@electric-sql/pglite";
import type postgres from "postgres";
import { setPoolSize, startQuery } from "./metrics.server.ts";

const timed = new WeakSet<object>();

/** Times each postgres.js statement from its call to its end, waiting for a pool connection included. */
export function timePostgres<T extends postgres.Sql<Record<string, never>>>(client: T, poolSize: number): T {
  setPoolSize("postgres", poolSize);
  if (timed.has(client)) return client;
  timed.add(client);
  const unsafe = client.unsafe;
  client.unsafe = ((...args: Parameters<typeof unsafe>) => {
    const query = unsafe(...args);
    const done = startQuery("postgres");
    // The native then: postgres.js's own would start the statement before Drizzle has said how it wants the rows.
    void Promise.prototype.then.call(query, done, done);
    return query;
  }) as typeof unsafe;
  return client;
}

/**
 * Times each PGlite statement Drizzle sends outside a transaction, through a view of the client given to Drizzle only:
 * the instance itself is left as it is (the tests' pool hands one instance to file after file, and checks it with
 * its own queries once a file's handle is revoked).
 */
export function timePglite(client: PGlite): PGlite {
  setPoolSize("pglite", 1);
  const timedQuery = async (...args: Parameters<PGlite["query"]>) => {
    const done = startQuery("pglite");
    try {
      return await client.query(...args);
    } finally {
      done();
    }
  };
  return new Proxy(client, {
    get(target, property) {
      if (property === "query") return timedQuery;
      const value: unknown = Reflect.get(target, property, target);
      // PGlite's methods use private fields: they run on the client, not on this view.
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
