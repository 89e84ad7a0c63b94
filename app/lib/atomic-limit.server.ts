/**
 * Limits counted in the database (so that restarts and several server processes agree, DESIGN D13) must be
 * checked and spent as one step: a count followed by an insert lets every request that counted before the
 * first insert through (issue 14: 19 of 20 parallel intro requests passed a limit of 10). Here the count and
 * the use run in one transaction that first takes a transaction-scoped advisory lock on the limit's key, so
 * requests against the same key take turns and each counts what the previous one committed; requests against
 * other keys do not wait. The same code runs on PGlite (one connection: transactions already take turns) and on
 * PostgreSQL (decision 0034).
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { execRows, type Database, type Db } from "./db.server.ts";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * The first key of every lock taken here. PostgreSQL keeps two-key advisory locks apart from one-key (bigint)
 * ones, so these never meet a lock another part of the system takes on a bigint (migrations, say).
 */
const LIMIT_LOCK_SPACE = 0x4c494d54; // "LIMT"

/** A stable 32-bit number for a key. Two keys sharing one only make their requests take turns. */
function lockNumber(key: string): number {
  return createHash("sha256").update(key).digest().readInt32BE(0);
}

/** The database as seen from inside a transaction, for functions that take a Database. */
export function inTransactionOf(database: Database, tx: Tx): Database {
  return { ...database, db: tx as unknown as Db, rows: (query) => execRows(tx, query) };
}

/**
 * Runs `work` in a transaction holding the advisory lock of `key` until it commits or rolls back. Inside,
 * use only the transaction's database: on PGlite anything else waits for this transaction to end.
 */
export async function underLock<T>(database: Database, key: string, work: (tx: Database) => Promise<T>): Promise<T> {
  return database.db.transaction(async (tx) => {
    await execRows(tx, sql`SELECT true AS locked FROM pg_advisory_xact_lock(${LIMIT_LOCK_SPACE}::int4, ${lockNumber(key)}::int4)`);
    return work(inTransactionOf(database, tx));
  });
}

export interface CountedLimit<T> {
  /** What the limit is of, e.g. `duplicate-reports:${userId}`: the requests that must take turns share it. */
  key: string;
  limit: number;
  /** How much of the limit is already used, read under the lock (usually a count of rows in a window). */
  used: (tx: Database) => Promise<number>;
  /** The use itself, run only under the limit, in the same transaction (usually the insert `used` counts). */
  use: (tx: Database) => Promise<T>;
}

export type LimitOutcome<T> = { allowed: true; used: number; value: T } | { allowed: false; used: number };

/** Uses one unit of a limit if one is left: check and use cannot be raced (see the file's comment). */
export async function withinLimit<T>(database: Database, { key, limit, used, use }: CountedLimit<T>): Promise<LimitOutcome<T>> {
  return underLock(database, key, async (tx) => {
    const before = await used(tx);
    if (before >= limit) return { allowed: false, used: before };
    return { allowed: true, used: before + 1, value: await use(tx) };
  });
}
