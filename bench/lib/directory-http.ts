/**
 * The directory benchmark's HTTP phase (bench/directory.ts), against the production server it started: the replayed
 * queries over GET /api/listings one at a time, /listings HTML throughput under autocannon, and the request tail while
 * every server process rebuilds its index. Only the server's 127.0.0.1 origin is contacted; every loop is bounded.
 */
import autocannon, { type RequestSpec } from "autocannon";
import { sql } from "drizzle-orm";
import { openDatabase } from "~/lib/db.server.ts";
import { ensureBenchAdmin, renameListing } from "./change-visibility.ts";
import type { Engine } from "./databases.ts";
import type { IndexBuildResult } from "./issue-table.ts";
import { log } from "./machine.ts";
import { measureMaintenance, type MaintenanceResult } from "./maintenance.ts";
import { POPULAR_DIRECTORY_URLS, type BenchQuery } from "./queries.ts";
import type { RunningServer } from "./server.ts";
import { round, summarize, summarizeBy, type LatencySummary } from "./stats.ts";

const HTTP_TIMEOUT_MS = 30_000;
const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br", "user-agent": "introbase-bench/1 (autocannon; 127.0.0.1)" };

interface HttpSample {
  id: number;
  category: string;
  ms: number;
  status: number;
  bytes: number;
}

export interface HttpReplayResult {
  summary: LatencySummary;
  byCategory: Record<string, LatencySummary>;
  errors: number;
  statuses: Record<string, number>;
  truncated: boolean;
  samples: HttpSample[];
}

export interface LoadResult {
  label: string;
  urls: number;
  connections: number;
  durationS: number;
  requests: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  non2xx: number;
  /** Of the non-2xx, redirects (a search word read as a filter answers 302 to its filter's URL, decision 0083). */
  redirects: number;
  /** Answers that are neither 2xx nor 3xx: what fails a throughput target. */
  failed: number;
  errors: number;
  timeouts: number;
  note?: string;
}

/** How hard and how long the HTML load runs. */
export interface LoadSettings {
  connections: number;
  durationS: number;
}

async function timedGet(url: string, accept: string): Promise<{ ms: number; status: number; bytes: number }> {
  const start = performance.now();
  try {
    const response = await fetch(url, { headers: { ...BROWSER_HEADERS, accept }, signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
    const body = await response.arrayBuffer();
    return { ms: round(performance.now() - start), status: response.status, bytes: body.byteLength };
  } catch {
    return { ms: round(performance.now() - start), status: 0, bytes: 0 };
  }
}

/** One sequential pass: every query is distinct, so each one misses the server's 2-minute result cache. */
export async function replayHttp(
  engine: Engine,
  server: RunningServer,
  queries: BenchQuery[],
  warmup: BenchQuery[],
  timeLimitMs: number,
): Promise<HttpReplayResult> {
  for (const q of warmup) await timedGet(`${server.origin}/api/listings?${q.params}`, "application/json");
  log(`${engine}: HTTP replay of ${queries.length} distinct queries on /api/listings`);
  const samples: HttpSample[] = [];
  const started = performance.now();
  let truncated = false;
  for (const q of queries) {
    if (performance.now() - started > timeLimitMs) {
      truncated = true;
      break;
    }
    const r = await timedGet(`${server.origin}/api/listings?${q.params}`, "application/json");
    samples.push({ id: q.id, category: q.category, ...r });
  }
  const ok = samples.filter((s) => s.status === 200);
  const statuses: Record<string, number> = {};
  for (const s of samples) statuses[s.status] = (statuses[s.status] ?? 0) + 1;
  return {
    summary: summarize(ok.map((s) => s.ms)),
    byCategory: summarizeBy(
      ok,
      (s) => s.category,
      (s) => s.ms,
    ),
    errors: samples.length - ok.length,
    statuses,
    truncated,
    samples,
  };
}

async function loadTest(
  origin: string,
  label: string,
  paths: string[],
  options: { cycle: boolean; durationS: number; connections: number },
): Promise<LoadResult> {
  let next = 0;
  const requests = options.cycle
    ? paths.map((p) => ({ method: "GET", path: p }))
    : [{ method: "GET", setupRequest: (request: RequestSpec) => ({ ...request, path: paths[next++ % paths.length] }) }];
  const instance = autocannon({
    url: origin,
    connections: options.connections,
    duration: options.durationS,
    timeout: 20,
    headers: { ...BROWSER_HEADERS, accept: "text/html,application/xhtml+xml" },
    requests,
    title: label,
  });
  const hardStop = setTimeout(() => instance.stop(), (options.durationS + 30) * 1000);
  const r = await instance;
  clearTimeout(hardStop);
  const ok = r["2xx"];
  return {
    label,
    urls: paths.length,
    connections: options.connections,
    durationS: round(r.duration),
    requests: ok + r.non2xx,
    requestsPerSecond: round(ok / r.duration),
    latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max, mean: round(r.latency.mean) },
    non2xx: r.non2xx,
    redirects: r["3xx"],
    failed: r["4xx"] + r["5xx"],
    errors: r.errors,
    timeouts: r.timeouts,
    ...(!options.cycle && next > paths.length
      ? { note: `ran past the ${paths.length} distinct URLs: later requests were cache hits` }
      : {}),
  };
}

/**
 * /listings HTML under load: the popular URLs once their 2-minute cache is warm (server rendering), then, given
 * `distinct` queries, a new query every request (every request runs the search).
 */
export async function measureHtml(
  engine: Engine,
  origin: string,
  distinct: BenchQuery[] | null,
  settings: LoadSettings,
): Promise<{ htmlCached: LoadResult; htmlUncached: LoadResult | null }> {
  const { connections, durationS } = settings;
  log(
    `${engine}: /listings HTML, ${connections} clients, ${POPULAR_DIRECTORY_URLS.length} popular URLs (2-minute cache warm), ${durationS} s`,
  );
  for (const p of POPULAR_DIRECTORY_URLS) await timedGet(origin + p, "text/html");
  await loadTest(origin, "warm-up", POPULAR_DIRECTORY_URLS, { cycle: true, durationS: 3, connections });
  const htmlCached = await loadTest(origin, "html-popular-cached", POPULAR_DIRECTORY_URLS, { cycle: true, durationS, connections });
  let htmlUncached: LoadResult | null = null;
  if (distinct) {
    log(`${engine}: /listings HTML, ${connections} clients, every request a distinct query (cache misses), ${durationS} s`);
    htmlUncached = await loadTest(
      origin,
      "html-distinct-uncached",
      distinct.map((q) => `/listings?${q.params}`),
      { cycle: false, durationS, connections },
    );
  }
  return { htmlCached, htmlUncached };
}

/**
 * The request tail while the index is maintained (issue 33's last row): 4 clients of distinct /listings pages, and 3
 * listings renamed through the editor's save on the same database (each a write and the announcement every process
 * hears; today's code rebuilds its whole index on it, an incremental one updates the listing). Names are restored after.
 * PostgreSQL only: a PGlite directory cannot be opened by a second process to write through.
 */
export async function maintenancePhase(
  engine: Engine,
  running: RunningServer,
  url: string,
  build: IndexBuildResult | null,
  pool: BenchQuery[],
  durationS: number,
): Promise<MaintenanceResult> {
  const rebuildS = build ? Math.max(build.coldS, build.rebuildS) + build.firstSearchS : 5;
  const windowS = Math.min(30, Math.max(3, Math.ceil(rebuildS * 2) + 2));
  const steadyS = Math.max(5, Math.ceil(durationS / 2));
  log(`${engine}: request tail during index maintenance (4 clients, 3 renames, ${windowS} s windows, ${steadyS} s steady between)`);
  const writer = await openDatabase({ url });
  const renamed: Array<{ id: string; name: string }> = [];
  try {
    await ensureBenchAdmin(writer);
    const picked = await writer.rows<{ id: string; name: string }>(sql`
      SELECT id, name FROM listings WHERE processing_status = 'published' AND visibility = 'public'
      ORDER BY id OFFSET 500 LIMIT 3`);
    return await measureMaintenance({
      origin: running.origin,
      paths: pool.map((q) => `/listings?${q.params}`),
      clients: 4,
      steadyS,
      windowS,
      announcements: 3,
      announce: async () => {
        const listing = picked[renamed.length % picked.length]!;
        await renameListing(writer, listing.id, `${listing.name} (maintenance ${renamed.length + 1})`);
        renamed.push(listing);
      },
      headers: { ...BROWSER_HEADERS, accept: "text/html" },
      log,
    });
  } finally {
    for (const listing of renamed) await renameListing(writer, listing.id, listing.name).catch(() => {});
    await writer.close();
  }
}
