import type { Database } from "~/lib/db.server.ts";
import { logger } from "~/lib/logger.server.ts";

/**
 * The one seam between what writes listings and what keeps copies of them (decision 0046). A write that changed
 * listings (saved, archived, merged, imported, approved, or a reference list they show) calls
 * `announceListingsChanged` after its transaction; a cache subscribes with `onListingsChanged` where it lives (the
 * directory's index and pages). Writers name no reader, so a new cache is one subscription, and the announcement can
 * later travel between processes (PostgreSQL LISTEN/NOTIFY) without touching the writers.
 */
type Listener = (database: Database) => void;

/**
 * This process's subscribers: caches of this process. Today an announcement reaches only them, so another app server
 * sees a change when its own cache expires; carrying it through PostgreSQL is issue 16's first point.
 */
const listeners = new Set<Listener>();

/** Subscribes to changes of listings in any database; returns the unsubscribe. */
export function onListingsChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** After a committed write that changed listings: every subscriber hears it, and one that fails does not stop the rest. */
export function announceListingsChanged(database: Database): void {
  for (const listener of listeners) {
    try {
      listener(database);
    } catch (error) {
      // The write is committed: a cache that could not drop its copy serves it until it expires (2 minutes).
      logger.error({ err: error }, "a listings-changed subscriber failed");
    }
  }
}
