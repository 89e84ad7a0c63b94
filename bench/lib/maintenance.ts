/**
 * The request tail while the directory index is maintained (issue 17: "the tail during index maintenance within
 * 2x the steady tail"). A few clients send distinct directory requests in a closed loop; meanwhile the benchmark
 * announces a listings change through the app's own change feed (the same NOTIFY a write sends), which makes every
 * server process drop and rebuild its index. Requests overlapping a window after each announcement are compared with
 * the others (the steady tail). Bounded by a request count and by time.
 */
import { summarize, type LatencySummary } from "./stats.ts";

export interface MaintenanceOptions {
  origin: string;
  /** Distinct paths (each a cache miss); cycled if the run outlasts them. */
  paths: string[];
  clients: number;
  /** Seconds of steady load before the first announcement and between two. */
  steadyS: number;
  /** Seconds after an announcement counted as its maintenance window. */
  windowS: number;
  announcements: number;
  announce: () => Promise<void>;
  headers: Record<string, string>;
  log: (line: string) => void;
}

interface Sample {
  start: number;
  end: number;
  status: number;
}

export interface MaintenanceResult {
  clients: number;
  windowS: number;
  announcements: number;
  steady: LatencySummary;
  window: LatencySummary;
  /** Window p99 over steady p99 (the bound is 2). */
  p99Ratio: number;
  errors: number;
  requests: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function measureMaintenance(options: MaintenanceOptions): Promise<MaintenanceResult> {
  const samples: Sample[] = [];
  const announcedAt: number[] = [];
  const totalMs = (options.steadyS * (options.announcements + 1) + options.windowS * options.announcements) * 1000;
  const stopAt = performance.now() + totalMs;
  const maxRequests = 200_000;
  let next = 0;
  const client = async () => {
    while (performance.now() < stopAt && samples.length < maxRequests) {
      const path = options.paths[next++ % options.paths.length]!;
      const start = performance.now();
      let status = 0;
      try {
        const response = await fetch(options.origin + path, { headers: options.headers, signal: AbortSignal.timeout(30_000) });
        await response.arrayBuffer();
        status = response.status;
      } catch {
        status = 0;
      }
      samples.push({ start, end: performance.now(), status });
    }
  };
  const conductor = async () => {
    for (let i = 0; i < options.announcements; i++) {
      await sleep(options.steadyS * 1000);
      if (performance.now() >= stopAt) break;
      announcedAt.push(performance.now());
      await options.announce();
      options.log(`index maintenance: a listing renamed (${i + 1}/${options.announcements})`);
      await sleep(options.windowS * 1000);
    }
  };
  await Promise.all([conductor(), ...Array.from({ length: options.clients }, client)]);
  const inWindow = (s: Sample) => announcedAt.some((at) => s.end >= at && s.start <= at + options.windowS * 1000);
  const ok = samples.filter((s) => s.status === 200);
  const steady = summarize(ok.filter((s) => !inWindow(s)).map((s) => s.end - s.start));
  const window = summarize(ok.filter(inWindow).map((s) => s.end - s.start));
  return {
    clients: options.clients,
    windowS: options.windowS,
    announcements: announcedAt.length,
    steady,
    window,
    p99Ratio: Math.round((window.p99 / steady.p99) * 100) / 100,
    errors: samples.length - ok.length,
    requests: samples.length,
  };
}
