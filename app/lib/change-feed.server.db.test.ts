/**
 * The change channel between app servers (decision 0049), with two handles on one database standing for two
 * processes: on PostgreSQL two pools and two listening connections, on PGlite two Databases over the one instance.
 * Every wait is for an event (a listener called, a timer asked for); the feed's timers are the test's to run.
 */
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { inTransactionOf } from "./atomic-limit.server.ts";
import {
  announceChange,
  CHANGE_TOPICS,
  onChange,
  startChangeFeed,
  type ChangeFeed,
  type ChangeFeedOptions,
  type ChangeTopic,
} from "./change-feed.server.ts";
import { LISTENER_APPLICATION_NAME, type Database } from "./db.server.ts";
import { enqueueJob } from "./job-queue.server.ts";
import { JobWorker } from "./job-worker.server.ts";
import { logger } from "./logger.server.ts";
import { openSecondHandle, openTestDatabase, testServerUrl } from "#test-support/test-database.ts";

let a: Database;
let b: Database;
const cleanup: Array<() => unknown> = [];

beforeAll(async () => {
  a = await openTestDatabase();
  b = await openSecondHandle(a);
});

afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
  vi.restoreAllMocks();
});

afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** Timers the test runs itself: nothing happens on its own, and a wait for a timer is a wait for the feed's decision. */
function manualTimers() {
  const pending: Array<{ run: () => void; purpose: "check" | "reconnect" }> = [];
  const waiting: Array<{ purpose: string; resolve: (run: () => void) => void }> = [];
  const setTimer: NonNullable<ChangeFeedOptions["setTimer"]> = (run, _ms, purpose) => {
    const entry = { run, purpose };
    const waiter = waiting.findIndex((w) => w.purpose === purpose);
    if (waiter >= 0) waiting.splice(waiter, 1)[0]!.resolve(run);
    else pending.push(entry);
    return () => {
      const at = pending.indexOf(entry);
      if (at >= 0) pending.splice(at, 1);
    };
  };
  /** The next timer the feed asks for with this purpose (already asked for, or when it is). */
  const next = (purpose: "check" | "reconnect") =>
    new Promise<() => void>((resolve) => {
      const at = pending.findIndex((p) => p.purpose === purpose);
      if (at >= 0) resolve(pending.splice(at, 1)[0]!.run);
      else waiting.push({ purpose, resolve });
    });
  return { setTimer, next };
}

async function feedOn(database: Database, options: ChangeFeedOptions = {}): Promise<ChangeFeed> {
  const feed = await startChangeFeed(database, { setTimer: manualTimers().setTimer, ...options });
  cleanup.push(() => feed.stop());
  return feed;
}

/** Every topic `database`'s listeners are told about, in order, from now on. */
function record(database: Database): ChangeTopic[][] {
  const heard: ChangeTopic[][] = [];
  for (const topic of CHANGE_TOPICS) {
    cleanup.push(onChange(topic, (told) => told === database && heard.push([topic])));
  }
  return heard;
}

/** Resolves the next time `database`'s listeners are told that `topic` changed. */
function nextChange(database: Database, topic: ChangeTopic): Promise<void> {
  return new Promise((resolve) => {
    const off = onChange(topic, (told) => {
      if (told !== database) return;
      off();
      resolve();
    });
    cleanup.push(off);
  });
}

async function storedVersion(topic: ChangeTopic): Promise<number> {
  const [row] = await a.rows<{ version: string }>(sql`SELECT version::text AS version FROM change_versions WHERE topic = ${topic}`);
  return Number(row?.version ?? 0);
}

describe("announcing a change", () => {
  it("tells this process's listeners before it returns, each listener once, and bumps each topic's number", async () => {
    const before = await storedVersion("reference-lists");
    const calls: Database[] = [];
    cleanup.push(onChange(["reference-lists", "tier-records"], (told) => calls.push(told)));
    await announceChange(a, ["tier-records", "reference-lists", "tier-records"]);
    expect(calls).toEqual([a]);
    expect(await storedVersion("reference-lists")).toBe(before + 1);
  });

  it("stops telling a listener that unregistered, and a failing listener stops none of the others", async () => {
    const logged = vi.spyOn(logger, "error").mockImplementation(() => {});
    const heard: string[] = [];
    onChange("listings", () => heard.push("gone"))();
    cleanup.push(
      onChange("listings", () => {
        throw new Error("cache gone");
      }),
    );
    cleanup.push(onChange("listings", () => heard.push("kept")));
    await announceChange(a, "listings");
    expect(heard).toEqual(["kept"]);
    expect(logged).toHaveBeenCalledOnce();
  });
});

describe("two app servers on one database", () => {
  it("a change announced through one drops the other's copies", async () => {
    await feedOn(a);
    await feedOn(b);
    const heard = nextChange(b, "field-rules");
    await announceChange(a, "field-rules");
    await heard;
  });

  it("a change announced inside a transaction reaches the other at its commit, and not at all if it rolls back", async () => {
    await feedOn(b);
    const heard = record(b);
    const before = await storedVersion("tier-records");
    await expect(
      a.db.transaction(async (tx) => {
        await announceChange(inTransactionOf(a, tx), "tier-records");
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await storedVersion("tier-records")).toBe(before);

    const committed = nextChange(b, "field-rules");
    await a.db.transaction((tx) => announceChange(inTransactionOf(a, tx), "field-rules"));
    await committed;
    // Notifications of one channel arrive in commit order: one from the rollback would have come first.
    expect(heard).toEqual([["field-rules"]]);
  });

  it("ignores what is not an announcement on the channel", async () => {
    await feedOn(b);
    const heard = record(b);
    await a.rows(sql`SELECT pg_notify('introbase_changes', 'everything:99'), pg_notify('introbase_changes', 'listings:x')`);
    const real = nextChange(b, "jobs");
    await announceChange(a, "jobs");
    await real;
    expect(heard).toEqual([["jobs"]]);
  });

  it("drops, when it starts, whatever was cached before: nothing says what that missed", async () => {
    const heard = record(b);
    await feedOn(b);
    expect(heard.flat().sort()).toEqual([...CHANGE_TOPICS].sort());
  });

  it("catches a change whose notification never came at the next comparison of the numbers", async () => {
    const feed = await feedOn(b);
    const heard = record(b);
    // A bump without NOTIFY: what a listener misses when a notification is lost on the way.
    await a.rows(sql`INSERT INTO change_versions (topic, version) VALUES ('reference-lists', 1)
      ON CONFLICT (topic) DO UPDATE SET version = change_versions.version + 1`);
    expect(heard).toEqual([]);
    expect(await feed.check()).toEqual(["reference-lists"]);
    expect(heard).toEqual([["reference-lists"]]);
    expect(await feed.check()).toEqual([]);
  });

  // Only a server has connections to lose: PGlite is the one instance, in this process.
  it.skipIf(!testServerUrl())("a listener whose connection was killed listens again and catches up from the numbers", async () => {
    const timers = manualTimers();
    await feedOn(b, { setTimer: timers.setTimer, backoffMs: () => 250 });
    const heard = record(b);
    const killed = await a.rows<{ pid: number; terminated: boolean }>(sql`
        SELECT pid, pg_terminate_backend(pid) AS terminated FROM pg_stat_activity
        WHERE application_name = ${LISTENER_APPLICATION_NAME} AND datname = current_database()`);
    expect(killed.map((k) => k.terminated)).toEqual([true]);
    const reconnect = await timers.next("reconnect");

    // Announced while nobody listens: the notification is gone for good, the number stays.
    await announceChange(a, "tier-records");
    expect(heard).toEqual([]);
    const caughtUp = nextChange(b, "tier-records");
    reconnect();
    await caughtUp;
    expect(heard).toEqual([["tier-records"]]);

    // And it listens again: the next change arrives as a notification.
    const [listening] = await a.rows<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = ${LISTENER_APPLICATION_NAME} AND datname = current_database()`);
    expect(listening!.n).toBe(1);
    const notified = nextChange(b, "listings");
    await announceChange(a, "listings");
    await notified;
  });
});

/**
 * Server B's worker, started and past its first look at the queue, with a poll interval longer than any test: only a
 * wake-up can make it look again. `ran` resolves with the id of the first job it runs.
 */
async function wakeOnlyWorkerOnB(): Promise<{ ran: Promise<string> }> {
  await feedOn(b);
  let idle!: () => void;
  const firstLook = new Promise<void>((resolve) => (idle = resolve));
  let done!: (id: string) => void;
  const ran = new Promise<string>((resolve) => (done = resolve));
  const worker = new JobWorker(b, { "wake-test": async ({ job }) => done(job.id) }, { pollMs: 2_000_000_000, onIdle: () => idle() });
  worker.start();
  cleanup.push(() => worker.stop());
  await firstLook;
  return { ran };
}

describe("job workers", () => {
  it("a job queued through one app server wakes the worker of the other, with no poll in between", async () => {
    const { ran } = await wakeOnlyWorkerOnB();

    const job = await enqueueJob(a, { jobType: "wake-test", parameters: {}, createdBy: null });
    expect(await ran).toBe(job.id);
  });

  it("a job queued inside a transaction wakes the other's worker once it commits", async () => {
    const { ran } = await wakeOnlyWorkerOnB();

    const job = await a.db.transaction((tx) =>
      enqueueJob(inTransactionOf(a, tx), { jobType: "wake-test", parameters: {}, createdBy: null }),
    );
    expect(await ran).toBe(job.id);
  });
});
