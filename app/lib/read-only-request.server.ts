import { AsyncLocalStorage } from "node:async_hooks";

/**
 * A request that must change nothing it counts (decision 0069): HEAD is GET without the body (RFC 9110 §9.3.2), so a
 * client checking a link, a monitor or a cache revalidating must not spend a company view, an export or an API call,
 * and must not be told it has one less. Usage and rate-limit counters read this and answer what the GET would have
 * been allowed, without writing. The server runs every HEAD request inside it (server/route-rules.ts).
 */
const scope = new AsyncLocalStorage<true>();

/** Runs `work` (and everything it starts) as a request that spends nothing. */
export function withoutSpending<T>(work: () => T): T {
  return scope.run(true, work);
}

/** True inside withoutSpending: count nothing, only say what counting would have allowed. */
export function spendsNothing(): boolean {
  return scope.getStore() === true;
}
