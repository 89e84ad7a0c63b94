/**
 * Counting without slowing pages down (decision 0117): a profile view or a directory page adds to counters in this
 * process's memory, a map lookup and an increment, and every few seconds (and at shutdown) the counters go to
 * PostgreSQL as additive increments, one statement per batch: `count = count + excluded.count`. Several app servers
 * each flush their own increments, so the rows are the sum of every process's counts (DESIGN D13), and nothing that
 * says who is ever kept, not even in memory: only the bucket.
 */
import { sql } from "drizzle-orm";
import { listingInsightCounts } from "#db/schema/owner-insights.ts";
import type { Database } from "~/lib/db.server.ts";
import { logger } from "~/lib/logger.server.ts";

export type InsightMetric = (typeof listingInsightCounts.$inferInsert)["metric"];
export type InsightDimension = (typeof listingInsightCounts.$inferInsert)["dimension"];

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters (6 per row). */
const BATCH_ROWS = 1000;
/** Keys held before a flush is started at once, whatever the timer says: memory stays bounded under a crawl of pages. */
const FLUSH_AT_KEYS = 50_000;

const SEPARATOR = "\u0000";

export class InsightTally {
  private counts = new Map<string, number>();
  private flushing: Promise<number> | null = null;

  constructor(private readonly database: Database) {}

  add(listingId: string, weekStart: string, metric: InsightMetric, dimension: InsightDimension, bucket: string, n = 1): void {
    const key = [listingId, weekStart, metric, dimension, bucket].join(SEPARATOR);
    this.counts.set(key, (this.counts.get(key) ?? 0) + n);
    if (this.counts.size >= FLUSH_AT_KEYS && !this.flushing)
      void this.flush().catch((error: unknown) => logger.warn({ err: error }, "insight counts could not be saved; kept for the next try"));
  }

  /** Keys waiting to be written. */
  get pending(): number {
    return this.counts.size;
  }

  /**
   * Writes what was counted so far and starts again from zero; on failure the counts go back into memory, so the next
   * flush writes them (nothing is counted twice: a failed statement wrote nothing). Returns the rows written.
   */
  async flush(): Promise<number> {
    // One flush at a time: a second caller waits for the running one, then writes what came in meanwhile.
    while (this.flushing) await this.flushing.catch(() => 0);
    if (!this.counts.size) return 0;
    const taken = this.counts;
    this.counts = new Map();
    this.flushing = this.write(taken);
    try {
      return await this.flushing;
    } catch (error) {
      for (const [key, n] of taken) this.counts.set(key, (this.counts.get(key) ?? 0) + n);
      throw error;
    } finally {
      this.flushing = null;
    }
  }

  private async write(taken: Map<string, number>): Promise<number> {
    // Sorted, so two servers flushing the same rows lock them in the same order and cannot deadlock.
    const rows = [...taken]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, count]) => {
        const [listingId, weekStart, metric, dimension, bucket] = key.split(SEPARATOR) as [
          string,
          string,
          InsightMetric,
          InsightDimension,
          string,
        ];
        return { listingId, weekStart, metric, dimension, bucket, count };
      });
    const t = listingInsightCounts;
    for (let i = 0; i < rows.length; i += BATCH_ROWS)
      await this.database.db
        .insert(t)
        .values(rows.slice(i, i + BATCH_ROWS))
        .onConflictDoUpdate({
          target: [t.listingId, t.weekStart, t.metric, t.dimension, t.bucket],
          set: { count: sql`${t.count} + excluded.count` },
        });
    return rows.length;
  }
}

/**
 * This process's tally for a database (tests open several databases in one process, each with its own). Not state
 * that must agree across servers: it holds only this process's increments not yet written, every read of the counts
 * is PostgreSQL's, and the sums there are the same whichever server counted. What a crash loses is at most one
 * flush interval of counts (decision 0117).
 */
const tallies = new WeakMap<Database, InsightTally>();

export function insightTallyFor(database: Database): InsightTally {
  let tally = tallies.get(database);
  if (!tally) tallies.set(database, (tally = new InsightTally(database)));
  return tally;
}

/** How often each app server writes its counts: an owner's page is at most this far behind other servers' visitors. */
const FLUSH_EVERY_MS = 5_000;

/** Starts this process's flush timer (server/app.ts); the returned stop writes what is left, for a clean shutdown. */
export function startInsightFlusher(database: Database, { everyMs = FLUSH_EVERY_MS } = {}): () => Promise<void> {
  const tally = insightTallyFor(database);
  const flush = () =>
    tally.flush().catch((error: unknown) => {
      logger.warn({ err: error, pending: tally.pending }, "insight counts could not be saved; kept for the next try");
      return 0;
    });
  const timer = setInterval(() => void flush(), everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await flush();
  };
}
