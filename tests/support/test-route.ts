/** Test code only: calls a route's loader the way React Router does, with a real Request and load context. */
import { RouterContextProvider } from "react-router";
import { appContext } from "~/lib/app-context.ts";
import { jsonError } from "~/lib/error-answer.server.ts";
import type { Database } from "~/lib/db.server.ts";
import type { SessionUser } from "~/lib/session.server.ts";

/** Options for a simulated request: who is signed in, and the request itself (method, headers, body). */
export interface TestRequest {
  user?: SessionUser | null;
  init?: RequestInit;
}

export function loaderArgs<Args>(database: Database, path: string, params: Record<string, string> = {}, options: TestRequest = {}): Args {
  const url = new URL(path, "http://localhost");
  const context = new RouterContextProvider();
  context.set(appContext, { database, cspNonce: "", user: options.user ?? null, clientAddress: "127.0.0.1" });
  return { request: new Request(url, options.init), url, params, context, pattern: url.pathname } as unknown as Args;
}

/**
 * An API route's answer the way the server gives it: a thrown Response (readBody's 400 and 413) is the answer, and
 * anything else thrown is answered by the error pipeline, as server/app.ts has it (jsonError).
 */
export async function answerOf(result: Promise<unknown> | unknown): Promise<Response> {
  try {
    return (await result) as Response;
  } catch (error) {
    return jsonError(error);
  }
}

/** A signed-in user of the given tier and role, for route tests that do not need a real session. */
export function testUser(tier: SessionUser["tier"], role: SessionUser["role"] = "user"): SessionUser {
  return { id: `test-${tier}-${role}`, name: `Test ${tier}`, email: `${tier}.${role}@test.introbase.test`, picture: null, tier, role };
}

/** A database whose every query fails with `error()`. */
export function failingDatabase(error: () => Error): Database {
  const fail = () => Promise.reject(error());
  // Any Drizzle chain (db.select().from()...) builds as usual and rejects when awaited, like a real driver.
  const chain: unknown = new Proxy(function () {}, {
    get: (_target, prop) => (prop === "then" ? (_resolve: unknown, reject: (e: Error) => void) => reject(error()) : chain),
    apply: () => chain,
  });
  return { db: chain as Database["db"], kind: "postgres", rows: fail, listen: fail, bulkLoad: fail, migrate: fail, close: async () => {} };
}

/** A database whose every query fails, as when the server is unreachable (the driver's error, with its code). */
export function unreachableDatabase(): Database {
  return failingDatabase(() => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }));
}
