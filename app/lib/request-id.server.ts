import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

/**
 * The id of the request being served, for everything that runs on its behalf: the error pipeline puts it in the
 * log line and in the answer, so the id a user quotes finds the line. The server makes one per request
 * (server/app.ts) and sends it as X-Request-Id; the access log carries the same id (server/http-server.ts).
 */
const scope = new AsyncLocalStorage<string>();

/** A fresh id; never taken from the client, so a log line cannot be forged or confused with another request's. */
export function newRequestId(): string {
  return randomUUID();
}

/** Runs `work` (and everything it starts) as part of the request with this id. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return scope.run(requestId, work);
}

/** The current request's id; outside a request (a job, a test calling a loader) none. */
export function currentRequestId(): string | undefined {
  return scope.getStore();
}
