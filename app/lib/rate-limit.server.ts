/**
 * Rate limits counted in PostgreSQL (issue 16 §2, DESIGN D13, decision 0050), so that every app server and every
 * restart agree: a limit of N allows N attempts per window per subject, however many processes share the work.
 *
 * A limit is defined once (name, limit, window) and counted per subject (a client address, an API key) in one
 * row of `rate_limit_windows`, keyed "<name>:<subject>". The check and the count are one statement, an upsert
 * that starts a new window when the row's has ended, and otherwise adds one: PostgreSQL runs concurrent upserts
 * of one key one after the other on the row's lock, each on the row the previous one left, so N+1 attempts at
 * once through any number of connections are never all allowed. The same statement runs on PGlite.
 *
 * A window is fixed: it starts at the first attempt after the previous one ended and lasts the limit's window.
 * Refused attempts count too, up to one past the limit (the count stays small, whatever an attacker sends).
 */
import { createHash } from "node:crypto";
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { rateLimitWindows } from "#db/schema/rate-limits.ts";
import type { Database } from "./db.server.ts";
import { countRateLimitRefusal } from "./metrics.server.ts";

export interface RateLimit {
  /** Namespaces the keys: the limit "sign-in" counts "sign-in:<address>". */
  readonly name: string;
  /** Attempts allowed per subject per window. */
  readonly limit: number;
  /** The window's length in whole seconds. */
  readonly windowSeconds: number;
}

const NAME = /^[a-z][a-z0-9-]{0,39}$/;

/** A limit, checked once where it is defined: a typo in a name or a zero window fails at start-up, not at the 429. */
export function defineRateLimit(definition: RateLimit): RateLimit {
  const { name, limit, windowSeconds } = definition;
  if (!NAME.test(name)) throw new Error(`rate limit name "${name}" must be lowercase letters, digits and dashes`);
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`rate limit ${name}: the limit must be a whole number of at least 1`);
  if (!Number.isInteger(windowSeconds) || windowSeconds < 1)
    throw new Error(`rate limit ${name}: the window must be a whole number of seconds, at least 1`);
  return Object.freeze({ name, limit, windowSeconds });
}

export interface RateLimitVerdict {
  allowed: boolean;
  /** Attempts counted in the current window, this one included (at most limit + 1). */
  count: number;
  /** Attempts still allowed in the current window after this one. */
  remaining: number;
  /** When the current window ends. */
  resetsAt: Date;
  /** Whole seconds until the window ends, at least 1 and at most the window: a refusal's Retry-After. */
  retryAfterSeconds: number;
}

/**
 * Subjects longer than this are counted under their SHA-256: a key stays small whatever a client sends as its
 * address, and one subject still maps to one key.
 */
const LONGEST_SUBJECT = 128;

/** The row a limit counts a subject in. */
export function rateLimitKey(rateLimit: RateLimit, subject: string): string {
  const counted = subject.length > LONGEST_SUBJECT ? `sha256:${createHash("sha256").update(subject).digest("hex")}` : subject;
  return `${rateLimit.name}:${counted}`;
}

/**
 * Ended windows deleted by each attempt that starts a window. More than one, so that while attempts come in the
 * ended rows shrink faster than new ones appear: the table holds about the subjects of the longest window, not
 * every subject ever seen (decision 0050).
 */
export const SWEEP_BATCH = 4;

/**
 * Counts one attempt of `subject` against `rateLimit` and says whether it is allowed. `now` is the clock the window
 * is judged by (the caller's; tests set it). On a Database of a transaction the count is part of the transaction:
 * it is undone if the transaction rolls back, and other attempts on the key wait for the transaction to end.
 */
export async function countAttempt(
  database: Database,
  rateLimit: RateLimit,
  subject: string,
  { now = Date.now() }: { now?: number } = {},
): Promise<RateLimitVerdict> {
  const key = rateLimitKey(rateLimit, subject);
  const at = new Date(now);
  const ended = sql`${rateLimitWindows.resetsAt} <= ${at.toISOString()}::timestamptz`;
  const [row] = await database.db
    .insert(rateLimitWindows)
    .values({ key, count: 1, resetsAt: new Date(now + rateLimit.windowSeconds * 1000) })
    .onConflictDoUpdate({
      target: rateLimitWindows.key,
      set: {
        // Both read the row as it was: a window that has ended starts again at this attempt.
        count: sql`CASE WHEN ${ended} THEN 1 ELSE least(${rateLimitWindows.count} + 1, ${rateLimit.limit + 1}::int) END`,
        resetsAt: sql`CASE WHEN ${ended} THEN excluded.resets_at ELSE ${rateLimitWindows.resetsAt} END`,
      },
    })
    .returning({ count: rateLimitWindows.count, resetsAt: rateLimitWindows.resetsAt });
  if (!row) throw new Error(`rate limit ${rateLimit.name}: the upsert returned no row`);
  if (row.count === 1) await sweepEndedWindows(database, now);
  const left = row.resetsAt.getTime() - now;
  if (row.count > rateLimit.limit) countRateLimitRefusal(rateLimit.name);
  return {
    allowed: row.count <= rateLimit.limit,
    count: row.count,
    remaining: Math.max(0, rateLimit.limit - row.count),
    resetsAt: row.resetsAt,
    // A server whose clock runs behind the one that opened the window would otherwise say more than a window.
    retryAfterSeconds: Math.min(rateLimit.windowSeconds, Math.max(1, Math.ceil(left / 1000))),
  };
}

/**
 * What countAttempt would answer for the next attempt, without counting it (a HEAD request: decision 0069): the
 * attempts counted so far in the live window, and whether one more would be allowed.
 */
export async function peekAttempt(
  database: Database,
  rateLimit: RateLimit,
  subject: string,
  { now = Date.now() }: { now?: number } = {},
): Promise<RateLimitVerdict> {
  const [row] = await database.db
    .select({ count: rateLimitWindows.count, resetsAt: rateLimitWindows.resetsAt })
    .from(rateLimitWindows)
    .where(eq(rateLimitWindows.key, rateLimitKey(rateLimit, subject)));
  const live = row && row.resetsAt.getTime() > now ? row : { count: 0, resetsAt: new Date(now + rateLimit.windowSeconds * 1000) };
  const left = live.resetsAt.getTime() - now;
  return {
    allowed: live.count < rateLimit.limit,
    count: live.count,
    remaining: Math.max(0, rateLimit.limit - live.count),
    resetsAt: live.resetsAt,
    retryAfterSeconds: Math.min(rateLimit.windowSeconds, Math.max(1, Math.ceil(left / 1000))),
  };
}

/**
 * Deletes up to SWEEP_BATCH windows that ended by `now`, oldest first, skipping rows another attempt holds. The
 * outer condition is checked again on the row as it is when deleted, so a window an attempt has just started again
 * is kept.
 */
async function sweepEndedWindows({ db }: Database, now: number): Promise<void> {
  const at = sql`${new Date(now).toISOString()}::timestamptz`;
  const ended = db
    .select({ key: rateLimitWindows.key })
    .from(rateLimitWindows)
    .where(lte(rateLimitWindows.resetsAt, at))
    .orderBy(asc(rateLimitWindows.resetsAt))
    .limit(SWEEP_BATCH)
    .for("update", { skipLocked: true });
  await db.delete(rateLimitWindows).where(and(inArray(rateLimitWindows.key, ended), lte(rateLimitWindows.resetsAt, at)));
}
