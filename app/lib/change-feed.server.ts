/**
 * One "something changed" channel between the app servers (DESIGN D13, decision 0049). A write that changes what
 * a cache holds calls `announceChange` with its topic; every cache registers with `onChange` for the topics it
 * copies and drops its copy when told, whichever process wrote. The announcement bumps the topic's number in
 * `change_versions` and sends `NOTIFY introbase_changes, '<topic>:<version>'` in one statement: inside the writer's
 * transaction both happen at its commit, after it both happen at once. Each process listens through its
 * `ChangeFeed`; one that missed notifications (its connection dropped, or it was still starting) compares the
 * numbers when it listens again, and every few seconds anyway, and drops whatever moved.
 */
import { sql } from "drizzle-orm";
import type { Database, Listening } from "./db.server.ts";
import { logger } from "./logger.server.ts";

/**
 * What can change. The directory's index and pages, and the import snapshot, copy listings; the reference lists carry
 * the tiers' names and ranks too; gating reads tier records and field rules; job workers wait for queued jobs.
 */
export const CHANGE_TOPICS = ["listings", "reference-lists", "tier-records", "field-rules", "jobs"] as const;
export type ChangeTopic = (typeof CHANGE_TOPICS)[number];

const CHANNEL = "introbase_changes";

/** Told which database changed: the one its change was announced through (a cache keeps its copies per database). */
type Listener = (database: Database) => void;

const listeners = new Map<ChangeTopic, Set<Listener>>(CHANGE_TOPICS.map((topic) => [topic, new Set()]));

/** Registers a cache (or a worker) for changes of these topics in any database; returns the unregister. */
export function onChange(topics: ChangeTopic | readonly ChangeTopic[], listener: Listener): () => void {
  const list = typeof topics === "string" ? [topics] : topics;
  for (const topic of list) listeners.get(topic)!.add(listener);
  return () => list.forEach((topic) => listeners.get(topic)!.delete(listener));
}

/** Tells this process's listeners, each once however many of its topics moved; one that fails does not stop the rest. */
function deliver(database: Database, topics: Iterable<ChangeTopic>): void {
  const told = new Set<Listener>();
  for (const topic of topics) for (const listener of listeners.get(topic)!) told.add(listener);
  for (const listener of told) {
    try {
      listener(database);
    } catch (error) {
      logger.error({ err: error }, "a change listener failed");
    }
  }
}

/** The feed of each database this process listens on (one in a server; tests open several). */
const feeds = new WeakMap<Database, ChangeFeed>();

/**
 * Announces that data of these topics changed. Call it after the write committed, with the database the write went
 * through: this process's caches drop their copies before it returns (so the writer reads its own write), the
 * others within a notification's delay. Called with a transaction (`inTransactionOf`), the announcement commits or
 * rolls back with it and this process hears it through its own feed, like the others.
 */
export async function announceChange(database: Database, topics: ChangeTopic | readonly ChangeTopic[]): Promise<void> {
  const list = [...new Set(typeof topics === "string" ? [topics] : topics)].sort();
  try {
    // Rows are locked in topic order, so two writers announcing several topics never wait on each other in a circle.
    const bumped = await database.rows<{ topic: ChangeTopic; version: string }>(sql`
      WITH bumped AS (
        INSERT INTO change_versions AS v (topic, version)
        SELECT topic, 1 FROM unnest(ARRAY[${sql.join(
          list.map((topic) => sql`${topic}`),
          sql`, `,
        )}]::text[]) AS topic ORDER BY topic
        ON CONFLICT (topic) DO UPDATE SET version = v.version + 1
        RETURNING topic, version)
      SELECT topic, version::text AS version, pg_notify(${CHANNEL}, topic || ':' || version)::text AS sent FROM bumped`);
    feeds.get(database)?.saw(bumped.map((row) => [row.topic, Number(row.version)]));
  } finally {
    // Even when the statement failed: the write before it may well have committed.
    deliver(database, list);
  }
}

export interface ChangeFeedOptions {
  /**
   * How often the numbers are compared without any message (PostgreSQL only): the net under a notification lost on the
   * way, such as over a connection that died without closing.
   */
  checkEveryMs?: number;
  /** The wait before the nth attempt (from 1) to listen again after a connection was lost or refused. */
  backoffMs?: (attempt: number) => number;
  /** The timer seam (tests run the timers themselves): runs `run` after `ms`, returns the cancel. */
  setTimer?: (run: () => void, ms: number, purpose: "check" | "reconnect") => () => void;
}

const CHECK_EVERY_MS = 5_000;
/** 250 ms, doubling to at most 30 s, with up to a fifth more at random so that many servers do not retry in step. */
const backoff = (attempt: number) => Math.min(30_000, 250 * 2 ** (attempt - 1)) * (1 + Math.random() / 5);

function realTimer(run: () => void, ms: number): () => void {
  const timer = setTimeout(run, ms);
  timer.unref();
  return () => clearTimeout(timer);
}

/**
 * This process listening on one database: notifications as they come, the version numbers on every (re)connection
 * and every `checkEveryMs`. Start it with `startChangeFeed` before the caches fill (the first comparison drops
 * whatever was cached before it, since nothing says what that missed).
 */
export class ChangeFeed {
  /** Per topic, the number this process's caches are known to reflect. */
  private readonly seen = new Map<ChangeTopic, number>();
  private listening: Listening | null = null;
  private failures = 0;
  private reconnecting = false;
  private stopped = false;
  private cancelTimers: Array<() => void> = [];
  private readonly setTimer: NonNullable<ChangeFeedOptions["setTimer"]>;

  constructor(
    private readonly database: Database,
    private readonly options: ChangeFeedOptions = {},
  ) {
    this.setTimer = options.setTimer ?? realTimer;
  }

  /** Listens and compares once; resolves then, or, if listening failed, once the retry is scheduled. */
  async start(): Promise<void> {
    await this.connect();
    this.scheduleCheck();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const cancel of this.cancelTimers.splice(0)) cancel();
    const listening = this.listening;
    this.listening = null;
    if (feeds.get(this.database) === this) feeds.delete(this.database);
    await listening?.close();
  }

  /** Compares the stored numbers with the seen ones and drops the caches of every topic that moved; returns those. */
  async check(): Promise<ChangeTopic[]> {
    const rows = await this.database.rows<{ topic: string; version: string }>(
      sql`SELECT topic, version::text AS version FROM change_versions`,
    );
    const stored = new Map(rows.map((row) => [row.topic, Number(row.version)]));
    const moved = CHANGE_TOPICS.filter((topic) => this.advance(topic, stored.get(topic) ?? 0));
    if (moved.length > 0) deliver(this.database, moved);
    return moved;
  }

  /** Numbers this process announced and already acted on: their own notifications need not drop anything again. */
  saw(versions: ReadonlyArray<readonly [ChangeTopic, number]>): void {
    for (const [topic, version] of versions) this.advance(topic, version);
  }

  /** Whether `version` is news for `topic` (never seen before counts); remembers it either way. */
  private advance(topic: ChangeTopic, version: number): boolean {
    const seen = this.seen.get(topic);
    if (seen !== undefined && version <= seen) return false;
    this.seen.set(topic, version);
    return true;
  }

  private onMessage(payload: string): void {
    const [topic, number] = payload.split(":");
    const version = Number(number);
    // Anyone who can connect may NOTIFY on the channel: what is not ours is ignored.
    if (!CHANGE_TOPICS.includes(topic as ChangeTopic) || !Number.isSafeInteger(version)) return;
    if (this.advance(topic as ChangeTopic, version)) deliver(this.database, [topic as ChangeTopic]);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    try {
      const listening = await this.database.listen(CHANNEL, {
        message: (payload) => this.onMessage(payload),
        lost: (error) => this.onLost(error),
      });
      if (this.stopped) return void (await listening.close());
      this.listening = listening;
      // Listening first, then comparing: a change after the LISTEN arrives as a message, one before shows in the table.
      await this.check();
      if (this.failures > 0) logger.info({ attempts: this.failures }, "listening for changes again");
      this.failures = 0;
    } catch (error) {
      const half = this.listening;
      this.listening = null;
      await half?.close().catch(() => {});
      this.retry(error);
    }
  }

  private onLost(error: Error): void {
    if (this.stopped) return;
    this.listening = null;
    this.retry(error);
  }

  private retry(error: unknown): void {
    // A lost connection can also fail the comparison under way: one attempt is scheduled, not two.
    if (this.stopped || this.reconnecting) return;
    this.reconnecting = true;
    this.failures += 1;
    // The first failure is worth a warning; while the database stays away, one line per attempt would flood the log.
    (this.failures === 1 ? logger.warn : logger.debug).call(logger, { err: error }, "not listening for changes; trying again");
    const cancel = this.setTimer(
      () => {
        this.cancelTimers = this.cancelTimers.filter((c) => c !== cancel);
        this.reconnecting = false;
        void this.connect();
      },
      (this.options.backoffMs ?? backoff)(this.failures),
      "reconnect",
    );
    this.cancelTimers.push(cancel);
  }

  private scheduleCheck(): void {
    // The embedded database has one instance, in this process: nothing can pass it by.
    if (this.stopped || this.database.kind === "pglite") return;
    const cancel = this.setTimer(
      () => {
        this.cancelTimers = this.cancelTimers.filter((c) => c !== cancel);
        this.check()
          .catch((error: unknown) => logger.debug({ err: error }, "comparing change versions failed"))
          .finally(() => this.scheduleCheck());
      },
      this.options.checkEveryMs ?? CHECK_EVERY_MS,
      "check",
    );
    this.cancelTimers.push(cancel);
  }
}

/** Starts this process's feed on `database` (once: a second call gets the first feed). */
export async function startChangeFeed(database: Database, options?: ChangeFeedOptions): Promise<ChangeFeed> {
  const running = feeds.get(database);
  if (running) return running;
  const feed = new ChangeFeed(database, options);
  feeds.set(database, feed);
  await feed.start();
  return feed;
}
