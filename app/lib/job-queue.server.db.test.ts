/**
 * Durable jobs on a real database: claims never hand one job to two workers, only the holder may report,
 * stale jobs are resumed or failed with their reason, and the worker runs, fails, releases and resumes jobs.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { jobs } from "#db/schema/jobs.ts";
import type { Database } from "./db.server.ts";
import { claimNextJob, enqueueJob, getJob, MAX_ATTEMPTS, recoverStaleJobs, reportProgress, jobLease } from "./job-queue.server.ts";
import { JobWorker, throwIfInterrupted, type JobHandler } from "./job-worker.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

beforeEach(async () => {
  await database.db.delete(jobs);
});

const enqueue = (jobType = "count", parameters: Record<string, unknown> = {}) =>
  enqueueJob(database, { jobType, parameters, createdBy: null });

/** The moment a running job's heartbeat goes stale (its last beat plus the threshold, and a millisecond). */
const staleAt = async (id: string) => new Date((await getJob(database, id))!.heartbeatAt!.getTime() + jobLease().staleAfterMs + 1);

describe("job queue", () => {
  it("hands each queued job to one worker, oldest first, and only of the types it runs", async () => {
    const first = await enqueue();
    const second = await enqueue();
    await enqueue("other");
    const a = await claimNextJob(database, "worker-a", ["count"]);
    const b = await claimNextJob(database, "worker-b", ["count"]);
    expect([a?.id, b?.id]).toEqual([first.id, second.id]);
    expect(a).toMatchObject({ status: "running", lockedBy: "worker-a", attempts: 1 });
    expect(a?.startedAt).toBeInstanceOf(Date);
    expect(await claimNextJob(database, "worker-c", ["count"])).toBeNull();
  });

  it("takes progress only from the worker that holds the job", async () => {
    const job = await enqueue();
    await claimNextJob(database, "holder", ["count"]);
    expect(await reportProgress(database, job.id, "someone-else", { done: 1, total: 2 })).toBe(false);
    expect(await reportProgress(database, job.id, "holder", { done: 1, total: 2, message: "half", companiesProcessed: 5 })).toBe(true);
    expect(await getJob(database, job.id)).toMatchObject({
      progressDone: 1,
      progressTotal: 2,
      progressMessage: "half",
      companiesProcessed: 5,
    });
  });

  it("judges a dead worker by the site's lease (JOB_STALE_AFTER_MS): a 4 s lease requeues after 4 s, not 30", async () => {
    expect(jobLease(4_000)).toEqual({ staleAfterMs: 4_000, heartbeatMs: 666, recoverEveryMs: 2_000 });
    expect(jobLease().staleAfterMs).toBe(30_000);
    const job = await enqueue();
    await claimNextJob(database, "killed", ["count"]);
    const lastBeat = (await getJob(database, job.id))!.heartbeatAt!.getTime();
    expect(await recoverStaleJobs(database, new Date(lastBeat + 4_000), 4_000)).toEqual({ requeued: [], failed: [] });
    expect(await recoverStaleJobs(database, new Date(lastBeat + 4_001), 4_000)).toEqual({ requeued: [job.id], failed: [] });
  });

  it("requeues a job whose worker died, and fails it with the reason once its attempts are used", async () => {
    const job = await enqueue();
    await claimNextJob(database, "dead", ["count"]);
    // The times are given, not waited for: at the threshold it still counts as beating, a moment later it is stale.
    const stale = await staleAt(job.id);
    expect(await recoverStaleJobs(database, new Date(stale.getTime() - 1))).toEqual({ requeued: [], failed: [] });
    expect((await recoverStaleJobs(database, stale)).requeued).toEqual([job.id]);
    expect(await getJob(database, job.id)).toMatchObject({ status: "queued", lockedBy: null });

    await database.db
      .update(jobs)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(jobs.id, job.id));
    await claimNextJob(database, "dead-again", ["count"]);
    expect((await recoverStaleJobs(database, await staleAt(job.id))).failed).toEqual([job.id]);
    const failed = await getJob(database, job.id);
    expect(failed?.status).toBe("failed");
    expect(failed?.completedAt).toBeInstanceOf(Date);
    expect(failed?.errorLog.at(-1)).toMatch(/Interrupted 3 times/);
  });
});

describe("job worker", () => {
  /** Resolves when the counting job has saved its `stopAt` step and waits there for the worker to stop. */
  let reachedStop: Promise<void>;
  let onReachedStop: () => void = () => {};
  beforeEach(() => {
    reachedStop = new Promise((resolve) => (onReachedStop = resolve));
  });

  /** Counts to `to`, saving its cursor after every step; at `stopAt` it waits until the worker stops it. */
  const counting: JobHandler = async ({ job, progress, signal }) => {
    const to = Number(job.parameters.to);
    let at = (job.processedOutput as { at: number } | null)?.at ?? 0;
    const seen: number[] = (job.processedOutput as { seen?: number[] } | null)?.seen ?? [];
    while (at < to) {
      throwIfInterrupted(signal);
      at += 1;
      seen.push(at);
      await progress({ done: at, total: to, processedOutput: { at, seen }, companiesProcessed: at });
      if (job.parameters.stopAt === at && !signal.aborted) {
        const stopped = new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }));
        onReachedStop();
        await stopped;
      }
    }
    return { counted: seen };
  };

  it("runs a queued job to completion and keeps its output", async () => {
    const job = await enqueue("count", { to: 3 });
    await new JobWorker(database, { count: counting }).tick();
    const done = await getJob(database, job.id);
    expect(done).toMatchObject({
      status: "completed",
      progressDone: 3,
      progressTotal: 3,
      companiesProcessed: 3,
      processedOutput: { counted: [1, 2, 3] },
    });
    expect(done?.completedAt).toBeInstanceOf(Date);
  });

  it("fails a job whose handler throws, with the message in the error log", async () => {
    const job = await enqueue("boom");
    await new JobWorker(database, {
      boom: async () => {
        throw new Error("Failed to create job record: provider down");
      },
    }).tick();
    expect(await getJob(database, job.id)).toMatchObject({ status: "failed", errorLog: ["Failed to create job record: provider down"] });
  });

  it("puts a job back on a clean stop, and the next worker resumes it where it stopped", async () => {
    const job = await enqueue("count", { to: 5, stopAt: 2 });
    const first = new JobWorker(database, { count: counting });
    const running = first.tick();
    await reachedStop;
    expect((await getJob(database, job.id))?.progressDone).toBe(2);
    await first.stop();
    await running;
    expect(await getJob(database, job.id)).toMatchObject({ status: "queued", progressDone: 2, attempts: 0 });

    await new JobWorker(database, { count: counting }).tick();
    // Each step ran exactly once across the two workers.
    expect(await getJob(database, job.id)).toMatchObject({ status: "completed", processedOutput: { counted: [1, 2, 3, 4, 5] } });
  });

  it("hands back on stop a job whose handler did not stop in time, so another worker takes it at once", async () => {
    const job = await enqueue("stubborn");
    let entered!: () => void;
    const inStep = new Promise<void>((resolve) => (entered = resolve));
    let letGo!: () => void;
    const released = new Promise<void>((resolve) => (letGo = resolve));
    // A step that ignores the stop signal (a slow provider call, say) and only ends when the test lets it.
    const stubborn: JobHandler = async ({ progress }) => {
      await progress({ done: 1, total: 2, processedOutput: { at: 1 } });
      entered();
      await released;
      return { finishedLate: true };
    };
    const first = new JobWorker(database, { stubborn });
    const running = first.tick();
    await inStep;

    expect(await first.stop({ waitMs: 0 })).toEqual([job.id]);
    expect(await getJob(database, job.id)).toMatchObject({ status: "queued", lockedBy: null, attempts: 0, progressDone: 1 });
    // No heartbeat has to go stale first: the next worker claims it now, at the saved cursor.
    expect(await claimNextJob(database, "next-process", ["stubborn"])).toMatchObject({ id: job.id, processedOutput: { at: 1 } });

    // The old step ending late changes nothing: the job is the new holder's.
    letGo();
    await running;
    expect(await getJob(database, job.id)).toMatchObject({ status: "running", lockedBy: "next-process", completedAt: null });
  });

  it("gives back, without running a step of it, a job claimed just as the stop began", async () => {
    const job = await enqueue("oblivious");
    let steps = 0;
    // A handler that never looks at its signal: only the worker can keep it from starting.
    const oblivious: JobHandler = async () => ++steps;
    let stopped: Promise<string[]> | undefined;
    const claimAnswered = {
      ...database,
      rows: async <T>(query: Parameters<Database["rows"]>[0]) => {
        const rows = await database.rows<T>(query);
        // The stop arrives while the claim's answer is on its way back.
        if (!stopped && rows.length) stopped = worker.stop();
        return rows;
      },
    };
    const worker: JobWorker = new JobWorker(claimAnswered, { oblivious });
    await worker.tick();
    await stopped;
    expect(steps).toBe(0);
    expect(await getJob(database, job.id)).toMatchObject({ status: "queued", lockedBy: null, attempts: 0 });
  });

  it("resumes a job left running by a crashed worker from its saved cursor", async () => {
    const job = await enqueue("count", { to: 4 });
    await claimNextJob(database, "crashed", ["count"]);
    await reportProgress(database, job.id, "crashed", { done: 2, total: 4, processedOutput: { at: 2, seen: [1, 2] } });
    // The next worker polls once the crashed one's heartbeat is stale.
    const stale = await staleAt(job.id);
    await new JobWorker(database, { count: counting }, { now: () => stale }).tick();
    const done = await getJob(database, job.id);
    expect(done).toMatchObject({ status: "completed", attempts: 2, processedOutput: { counted: [1, 2, 3, 4] } });
    expect(done?.errorLog[0]).toMatch(/resumed from the last saved point/);
  });
});
