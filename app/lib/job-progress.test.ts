import { afterEach, describe, expect, it, vi } from "vitest";
import type { ApiResult } from "./api-client.ts";
import {
  followJob,
  pageDataSource,
  queuedJobSource,
  type JobEvent,
  type JobSource,
  type PollSettings,
  type Scheduler,
} from "./job-progress.ts";

/** Time the test moves: the waits asked for, run when the test says. */
function manualScheduler() {
  const waits: Array<{ ms: number; run: () => void; cancelled: boolean }> = [];
  const scheduler: Scheduler = {
    after: (ms, run) => {
      const wait = { ms, run, cancelled: false };
      waits.push(wait);
      return () => void (wait.cancelled = true);
    },
  };
  /** Runs the next wait and lets the read it starts finish. */
  const tick = async () => {
    const wait = waits.find((w) => !w.cancelled && !("done" in w));
    if (!wait) throw new Error("nothing is waiting");
    Object.assign(wait, { done: true });
    wait.run();
    await settle();
  };
  return { scheduler, waits, tick, pending: () => waits.filter((w) => !w.cancelled && !("done" in w)) };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

type State = { status: string; done: number };
const ok = (state: State): ApiResult<State> => ({ ok: true, status: 200, data: state });
const offline: ApiResult<State> = { ok: false, kind: "network", error: "Failed to fetch", aborted: false };
const http = (status: number, error: string): ApiResult<State> => ({
  ok: false,
  kind: "http",
  status,
  error,
  field: null,
  requestId: null,
  body: { error },
});

/** A job that answers the given reads in order. */
function scripted(...answers: Array<ApiResult<State>>) {
  const asked: string[] = [];
  const source: JobSource<State> = {
    read: async (jobId) => {
      asked.push(jobId);
      const answer = answers.shift();
      if (!answer) throw new Error("read more often than the test expected");
      return answer;
    },
    isFinal: (state) => state.status === "completed" || state.status === "failed",
  };
  return { source, asked };
}

const SETTINGS: PollSettings = { intervalMs: 1_000, maxIntervalMs: 5_000, retries: 3, readAtOnce: true };

async function follow(source: JobSource<State>, settings = SETTINGS) {
  const clock = manualScheduler();
  const events: Array<JobEvent<State>> = [];
  const stop = followJob("job-1", source, (event) => events.push(event), settings, clock.scheduler);
  await settle();
  return { ...clock, events, stop };
}

describe("following a live job", () => {
  it("reads at once, then once an interval until the state is final, and then stops", async () => {
    const { source, asked } = scripted(
      ok({ status: "running", done: 1 }),
      ok({ status: "running", done: 2 }),
      ok({ status: "completed", done: 3 }),
    );
    const run = await follow(source);
    expect(run.events).toEqual([{ kind: "state", state: { status: "running", done: 1 }, final: false }]);
    await run.tick();
    await run.tick();
    expect(run.events.map((e) => (e.kind === "state" ? [e.state.done, e.final] : e.kind))).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
    expect(run.waits.map((w) => w.ms)).toEqual([1_000, 1_000]);
    expect(run.pending()).toEqual([]);
    expect(asked).toEqual(["job-1", "job-1", "job-1"]);
  });

  it("waits an interval before the first read when the page already shows the state", async () => {
    const { source, asked } = scripted(ok({ status: "completed", done: 1 }));
    const run = await follow(source, { ...SETTINGS, readAtOnce: false });
    expect(asked).toEqual([]);
    await run.tick();
    expect(asked).toEqual(["job-1"]);
  });

  it("backs off while the server cannot answer, doubling the wait up to the cap, and goes back to the interval after", async () => {
    const { source } = scripted(
      offline,
      http(503, "Busy"),
      http(429, "Slow down"),
      ok({ status: "running", done: 1 }),
      ok({ status: "completed", done: 2 }),
    );
    const run = await follow(source, { ...SETTINGS, maxIntervalMs: 6_000 });
    await run.tick();
    await run.tick();
    await run.tick();
    await run.tick();
    expect(run.waits.map((w) => w.ms)).toEqual([2_000, 4_000, 6_000, 1_000]);
    expect(run.events.filter((e) => e.kind === "error")).toEqual([]);
    expect(run.events.at(-1)).toMatchObject({ kind: "state", final: true });
  });

  it("reports the failure and stops once the retries are spent", async () => {
    const { source } = scripted(offline, offline, offline, offline);
    const run = await follow(source);
    for (let i = 0; i < 3; i++) await run.tick();
    expect(run.events).toEqual([{ kind: "error", failure: offline }]);
    expect(run.pending()).toEqual([]);
  });

  it("reports an error that waiting will not change (no such job, not allowed) at once, without retrying", async () => {
    const { source, asked } = scripted(http(404, "No such job."));
    const run = await follow(source);
    expect(run.events).toEqual([{ kind: "error", failure: http(404, "No such job.") }]);
    expect(run.pending()).toEqual([]);
    expect(asked).toHaveLength(1);
  });

  it("stops when told: the wait is cancelled, the read under way is aborted, and nothing more is reported", async () => {
    let signal: AbortSignal | undefined;
    let answer: (result: ApiResult<State>) => void = () => {};
    const source: JobSource<State> = {
      read: (_id, s) => {
        signal = s;
        return new Promise((resolve) => (answer = resolve));
      },
      isFinal: () => false,
    };
    const run = await follow(source);
    run.stop();
    expect(signal?.aborted).toBe(true);
    answer(ok({ status: "running", done: 1 }));
    await settle();
    expect(run.events).toEqual([]);
    expect(run.pending()).toEqual([]);

    const waiting = await follow(scripted(ok({ status: "running", done: 1 })).source);
    expect(waiting.pending()).toHaveLength(1);
    waiting.stop();
    expect(waiting.pending()).toEqual([]);
  });
});

describe("the job sources", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("reads a queued job from the jobs endpoint, final once completed or failed", async () => {
    const fetch = vi.fn(async () => Response.json({ id: "a b", status: "running" }));
    vi.stubGlobal("fetch", fetch);
    await queuedJobSource.read("a b", new AbortController().signal);
    expect(fetch).toHaveBeenCalledWith("/api/admin/jobs/a%20b", expect.objectContaining({ headers: { Accept: "application/json" } }));
    const view = (status: string) => ({ status }) as Parameters<typeof queuedJobSource.isFinal>[0];
    expect(["queued", "running", "completed", "failed"].map((s) => queuedJobSource.isFinal(view(s)))).toEqual([false, false, true, true]);
  });

  it("reloads the page's data for a job the page's loader reads, but not while the page is already loading", async () => {
    const revalidator = { state: "idle", revalidate: vi.fn(async () => {}) };
    const source = pageDataSource(revalidator);
    expect(await source.read("job", new AbortController().signal)).toMatchObject({ ok: true });
    revalidator.state = "loading";
    await source.read("job", new AbortController().signal);
    expect(revalidator.revalidate).toHaveBeenCalledTimes(1);
  });
});
