/**
 * Following a live job from the browser (decision 0110): read its state, wait, read again, until the state is final.
 * Framework-free so its timing can be tested with a scheduler the test drives; useJobProgress (use-job-progress.ts)
 * is its React face, and every screen with a live job goes through that one hook.
 */
import { getJson, type ApiFailure, type ApiResult } from "./api-client.ts";
import type { JobView } from "./job-view.ts";

/** Where a job's state comes from, and which states end it. */
export interface JobSource<T> {
  read: (jobId: string, signal: AbortSignal) => Promise<ApiResult<T>>;
  isFinal: (state: T) => boolean;
}

export interface PollSettings {
  /** The wait between two reads while the job answers. */
  intervalMs: number;
  /** The longest wait: the interval doubles after each failed read up to this. */
  maxIntervalMs: number;
  /** Failed reads in a row that are waited out (offline, 429, 5xx) before the failure is reported and following stops. */
  retries: number;
  /** Read at once (a job just started, the state unknown) or wait an interval first (the page already shows it). */
  readAtOnce: boolean;
}

export const DEFAULT_POLL_SETTINGS: PollSettings = { intervalMs: 1_000, maxIntervalMs: 15_000, retries: 4, readAtOnce: true };

/** Waiting, passed in so a test moves time itself; the browser's timers by default. */
export interface Scheduler {
  after: (ms: number, run: () => void) => () => void;
}

const browserScheduler: Scheduler = {
  after: (ms, run) => {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
};

export type JobEvent<T> = { kind: "state"; state: T; final: boolean } | { kind: "error"; failure: ApiFailure };

/** A failure that may pass if waited out: no answer, the server busy (429) or failing (5xx). A 4xx will not change. */
function isTransient(failure: ApiFailure): boolean {
  return failure.kind === "network" || failure.status === 429 || failure.status >= 500;
}

/**
 * Follows one job: every state read is told to `onEvent`; following ends at a final state, at a failure that will
 * not pass (told as an error), or when the returned stop is called (nothing is told after that).
 */
export function followJob<T>(
  jobId: string,
  source: JobSource<T>,
  onEvent: (event: JobEvent<T>) => void,
  settings: PollSettings = DEFAULT_POLL_SETTINGS,
  scheduler: Scheduler = browserScheduler,
): () => void {
  let stopped = false;
  let failures = 0;
  let cancelWait: (() => void) | null = null;
  const reading = new AbortController();

  const wait = (ms: number) => {
    cancelWait = scheduler.after(ms, () => void read());
  };
  const read = async () => {
    cancelWait = null;
    const answer = await source.read(jobId, reading.signal);
    if (stopped) return;
    if (answer.ok) {
      failures = 0;
      const final = source.isFinal(answer.data);
      onEvent({ kind: "state", state: answer.data, final });
      if (!final) wait(settings.intervalMs);
      return;
    }
    if (isTransient(answer) && failures < settings.retries) {
      failures += 1;
      return wait(Math.min(settings.maxIntervalMs, settings.intervalMs * 2 ** failures));
    }
    onEvent({ kind: "error", failure: answer });
  };

  if (settings.readAtOnce) void read();
  else wait(settings.intervalMs);
  return () => {
    stopped = true;
    cancelWait?.();
    reading.abort();
  };
}

/** A job of the queue (decision 0018), from GET /api/admin/jobs/{id}: it ends completed or failed. */
export const queuedJobSource: JobSource<JobView> = {
  read: (jobId, signal) => getJson<JobView>(`/api/admin/jobs/${encodeURIComponent(jobId)}`, { signal }),
  isFinal: (job) => job.status === "completed" || job.status === "failed",
};

/**
 * A job whose state the page's own loader reads (the imports list, the debugger's steps): each read reloads the
 * page's data, which the page draws; the page ends following by passing no job once its data shows none running.
 * A read is skipped while the page is already loading (a form's answer brings fresh data anyway).
 */
export function pageDataSource(revalidator: { state: string; revalidate: () => Promise<void> }): JobSource<null> {
  return {
    read: async () => {
      if (revalidator.state !== "idle") return { ok: true, status: 200, data: null };
      try {
        await revalidator.revalidate();
        return { ok: true, status: 200, data: null };
      } catch (cause) {
        return { ok: false, kind: "network", error: cause instanceof Error ? cause.message : "Network error", aborted: false };
      }
    },
    isFinal: () => false,
  };
}
