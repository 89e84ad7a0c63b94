/**
 * What every table of a base import shares: its counters, its failure log, and batched writes where a failing record
 * is rolled back alone (a savepoint) and the rest of its batch commits (spec 02 §8: log it and go on).
 */
import type { Database } from "~/lib/db.server.ts";
import { failureReason } from "~/lib/errors.ts";
import type { Tx } from "../server/import-details.server.ts";

export interface TableCounters {
  read: number;
  created: number;
  updated: number;
  skipped: number;
  dropped: number;
  failed: number;
}

export interface RecordFailure {
  table: string;
  externalId: string;
  reason: string;
}

export interface UpsertLog {
  /** Counters by the base's table name. */
  tables: Record<string, TableCounters>;
  failures: RecordFailure[];
}

export const newCounters = (read = 0): TableCounters => ({ read, created: 0, updated: 0, skipped: 0, dropped: 0, failed: 0 });

/** Records per transaction: few enough that the embedded database, which runs one transaction at a time, stays responsive. */
const BATCH_SIZE = 50;

/**
 * Writes items in transactions of BATCH_SIZE, each item inside its own savepoint: an item that throws is undone,
 * counted as failed with its reason, and its batch goes on. `afterBatch` runs once a batch has committed.
 */
export async function inBatches<T extends { externalId: string }>(
  database: Database,
  items: readonly T[],
  log: UpsertLog,
  table: string,
  write: (tx: Tx, item: T) => Promise<void>,
  afterBatch?: (done: number) => Promise<void>,
): Promise<void> {
  const counters = (log.tables[table] ??= newCounters());
  for (let start = 0; start < items.length; start += BATCH_SIZE) {
    const batch = items.slice(start, start + BATCH_SIZE);
    await database.db.transaction(async (tx) => {
      for (const item of batch) {
        try {
          await tx.transaction((savepoint) => write(savepoint, item));
        } catch (error) {
          counters.failed += 1;
          log.failures.push({ table, externalId: item.externalId, reason: failureReason(error) });
        }
      }
    });
    await afterBatch?.(start + batch.length);
  }
}
