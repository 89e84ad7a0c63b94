/**
 * The worker in the server process (DESIGN D10): takes one queued job at a time, runs its handler, keeps its
 * heartbeat going, and on start (and every minute) gives stale jobs back to the queue. Handlers save a cursor
 * with their progress, so a job interrupted by a restart resumes where it stopped instead of starting over.
 * It looks for work when a job is queued through any app server (the `jobs` change, decision 0049), and every
 * 30 seconds besides, for a wake-up lost on the way and for the stale jobs of a server that died.
 */
import { SpanStatusCode } from "@opentelemetry/api";
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { withAuditRun } from "./audit-run.server.ts";
import { onChange } from "./change-feed.server.ts";
import type { Database } from "./db.server.ts";
import {
  claimNextJob,
  finishJob,
  heartbeat,
  jobLease,
  logJobError,
  recoverStaleJobs,
  releaseJob,
  releaseWorkerJobs,
  reportProgress,
  type Job,
  type JobProgress,
} from "./job-queue.server.ts";
import { logger } from "./logger.server.ts";
import { tracer } from "./spans.server.ts";
import { countJobRun } from "./metrics.server.ts";

export interface JobContext {
  database: Database;
  job: Job;
  /** Saves progress (and the cursor to resume from); false when this worker no longer holds the job. */
  progress(progress: JobProgress): Promise<boolean>;
  logError(message: string): Promise<void>;
  /** Aborted when the server stops or the job was taken away: finish the current step and return. */
  signal: AbortSignal;
}

/**
 * Runs one job to its end; what it returns is kept as the job's processed output. A handler that sees its
 * signal aborted saves its cursor and throws JobInterrupted (see throwIfInterrupted).
 */
export type JobHandler = (context: JobContext) => Promise<unknown>;

export class JobInterrupted extends Error {
  constructor() {
    super("Interrupted: the server is stopping or the job was taken over.");
  }
}

export function throwIfInterrupted(signal: AbortSignal): void {
  if (signal.aborted) throw new JobInterrupted();
}

const POLL_MS = 30_000;

export interface JobWorkerOptions {
  /** The clock stale jobs are judged by: the system's, unless a test sets the time a recovery happens at. */
  now?: () => Date;
  /** How long the worker waits between looks when nothing wakes it (30 s). */
  pollMs?: number;
  /** Called each time the worker ran out of queued jobs (tests wait on it). */
  onIdle?: () => void;
}

export class JobWorker {
  readonly id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private readonly stopping = new AbortController();
  private lastRecovery = 0;
  /** Woken while busy: look again as soon as this look ends, since the job may have come after its last claim. */
  private wokenWhileBusy = false;
  private stopListening = () => {};
  private readonly lease = jobLease();

  constructor(
    private readonly database: Database,
    private readonly handlers: Readonly<Record<string, JobHandler>>,
    private readonly options: JobWorkerOptions = {},
  ) {}

  start(): this {
    this.stopListening = onChange("jobs", (database) => database === this.database && this.kick());
    this.schedule(0);
    return this;
  }

  /** Looks for work now instead of at the next poll (a job was queued). */
  kick(): void {
    if (this.stopping.signal.aborted) return;
    if (this.running) this.wokenWhileBusy = true;
    else this.schedule(0);
  }

  /**
   * Stops taking work, gives the current job up to `waitMs` to reach a saved point (it is then released by its own
   * run), and hands back whatever this worker still holds after that, so another process resumes it at once
   * (decision 0052). Returns the ids of the jobs handed back.
   */
  async stop(options: { waitMs?: number } = {}): Promise<string[]> {
    this.stopping.abort();
    this.stopListening();
    clearTimeout(this.timer);
    const waitMs = options.waitMs ?? Number.POSITIVE_INFINITY;
    if (this.running && Number.isFinite(waitMs)) {
      let timer: NodeJS.Timeout | undefined;
      const givenUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
      await Promise.race([this.running, givenUp]);
      clearTimeout(timer);
    } else {
      await this.running;
    }
    return releaseWorkerJobs(this.database, this.id);
  }

  private schedule(ms: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.wokenWhileBusy = false;
      this.running = this.tick().finally(() => {
        this.running = null;
        // Looks at least twice per lease: the stale-job recovery runs in this tick, and a killed server's job must not
        // wait for the slow fallback poll.
        const next = Math.min(this.options.pollMs ?? POLL_MS, this.lease.recoverEveryMs);
        if (!this.stopping.signal.aborted) this.schedule(this.wokenWhileBusy ? 0 : next);
      });
    }, ms);
    this.timer.unref();
  }

  /** One poll: recover stale jobs when due, then run every queued job there is. */
  async tick(): Promise<void> {
    try {
      const now = this.options.now?.() ?? new Date();
      if (now.getTime() - this.lastRecovery >= this.lease.recoverEveryMs) {
        this.lastRecovery = now.getTime();
        const { requeued, failed } = await recoverStaleJobs(this.database, now);
        if (requeued.length || failed.length) logger.warn({ requeued, failed }, "interrupted jobs recovered");
      }
      let job: Job | null;
      while (!this.stopping.signal.aborted && (job = await claimNextJob(this.database, this.id, Object.keys(this.handlers)))) {
        await this.run(job);
      }
      this.options.onIdle?.();
    } catch (error) {
      logger.error({ err: error }, "job worker poll failed");
    }
  }

  private async run(job: Job): Promise<void> {
    // Claimed while the stop began: back to the queue before its handler takes a step.
    if (this.stopping.signal.aborted) return releaseJob(this.database, job.id, this.id);
    // One span per run (decision 0105), a trace of its own: a job belongs to no request. Its queries nest under it.
    const attributes = { "introbase.job.type": job.jobType, "introbase.job.id": job.id };
    await tracer.startActiveSpan(`job ${job.jobType}`, { root: true, attributes }, async (span) => {
      try {
        const outcome = await this.runClaimed(job);
        span.setAttribute("introbase.job.outcome", outcome);
        if (outcome === "failed") span.setStatus({ code: SpanStatusCode.ERROR });
      } finally {
        span.end();
      }
    });
  }

  private async runClaimed(job: Job): Promise<"completed" | "failed" | "interrupted"> {
    const lost = new AbortController();
    const signal = AbortSignal.any([this.stopping.signal, lost.signal]);
    const beat = setInterval(() => {
      heartbeat(this.database, job.id, this.id)
        .then((held) => held || lost.abort())
        .catch((error: unknown) => logger.warn({ err: error, job: job.id }, "job heartbeat failed"));
    }, this.lease.heartbeatMs);
    beat.unref();
    const context: JobContext = {
      database: this.database,
      job,
      signal,
      progress: async (progress) => {
        const held = await reportProgress(this.database, job.id, this.id, progress);
        if (!held) lost.abort();
        return held;
      },
      logError: (message) => logJobError(this.database, job.id, message),
    };
    const started = Date.now();
    try {
      // What the job records in the audit log is one run (decision 0093); a resumed job continues the same run.
      const output = await withAuditRun({ id: job.id, kind: job.jobType, startedBy: job.createdBy }, () =>
        this.handlers[job.jobType]!(context),
      );
      await finishJob(this.database, job.id, this.id, { status: "completed", processedOutput: output });
      countJobRun(job.jobType, "completed", (Date.now() - started) / 1000);
      logger.info({ job: job.id, type: job.jobType, ms: Date.now() - started }, "job completed");
      return "completed";
    } catch (error) {
      if (error instanceof JobInterrupted) {
        countJobRun(job.jobType, "interrupted", (Date.now() - started) / 1000);
        // Taken away (declared dead while slow): whoever holds it now finishes it. Stopped by a shutdown: back to
        // the queue with its cursor, so the next start resumes it.
        if (!lost.signal.aborted) await releaseJob(this.database, job.id, this.id);
        return "interrupted";
      }
      const message = error instanceof Error ? error.message : String(error);
      logger.error({ err: error, job: job.id, type: job.jobType }, "job failed");
      await finishJob(this.database, job.id, this.id, { status: "failed", error: message });
      countJobRun(job.jobType, "failed", (Date.now() - started) / 1000);
      return "failed";
    } finally {
      clearInterval(beat);
    }
  }
}

let processWorker: JobWorker | undefined;

/** Starts this process's worker (the server does, once the database is ready); started twice, the first stays. */
export function startJobWorker(database: Database, handlers: Readonly<Record<string, JobHandler>>): JobWorker {
  processWorker ??= new JobWorker(database, handlers).start();
  return processWorker;
}

/** Stops this process's worker (see JobWorker.stop); returns the ids of the jobs it handed back. */
export async function stopJobWorker(options: { waitMs?: number } = {}): Promise<string[]> {
  const worker = processWorker;
  processWorker = undefined;
  return (await worker?.stop(options)) ?? [];
}
