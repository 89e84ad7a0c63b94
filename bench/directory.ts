/**
 * Directory benchmark: `npm run bench:directory -- [options]` (runs through tsx: it calls the app's own search).
 *
 * For each engine (embedded PGlite, PostgreSQL) it prepares a 100,000-listing database (seeded once, reused
 * afterwards), replays several hundred distinct, realistic directory queries in-process through searchListings
 * (the complete response: page of cards, pagination totals and facet counts), then starts the production server
 * on that database and replays the same queries over GET /api/listings, and measures /listings HTML throughput
 * with autocannon. Results: bench/results/directory-<engine>-<date>.json and bench/results/directory-latest.md.
 * Only 127.0.0.1 is ever contacted; every loop has a count and a time limit.
 */
import autocannon, { type RequestSpec } from "autocannon";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { parseDirectoryQuery } from "~/features/directory/directory-filters.ts";
import { searchListings } from "~/features/directory/search-listings.server.ts";
import { announceChange } from "~/lib/change-feed.server.ts";
import { openDatabase, type Database } from "~/lib/db.server.ts";
import { prepareDatabase, type DatasetInfo, type Engine } from "./lib/databases.ts";
import { DATA_DIR, dateStamp, log, machineInfo, machineMarkdown, RESULTS_DIR, writeResult, type MachineInfo } from "./lib/machine.ts";
import { PG_SETTINGS, startLocalPostgres, type LocalPostgres } from "./lib/postgres.ts";
import {
  issueMarkdown,
  issueRows,
  type IndexBuildResult,
  type IssueMeasurements,
  type PeerResult,
  type TextSearchResult,
} from "./lib/issue-table.ts";
import { measureMaintenance, type MaintenanceResult } from "./lib/maintenance.ts";
import { measureIndexBuild } from "./lib/index-build.ts";
import { plainSqlResponse } from "./lib/plain-sql-peer.ts";
import { serverMemory, type ProcessMemory } from "./lib/process-memory.ts";
import { cacheKey, generateQueries, POPULAR_DIRECTORY_URLS, type BenchQuery } from "./lib/queries.ts";
import { buildApp, onInterrupt, startServer, type RunningServer, type StartTimes } from "./lib/server.ts";
import { ms, summarize, summarizeBy, type LatencySummary } from "./lib/stats.ts";

const { values: args } = parseArgs({
  options: {
    engines: { type: "string", default: "pglite,postgres" },
    "start-postgres": { type: "boolean", default: false },
    "pg-port": { type: "string", default: process.env.BENCH_PG_PORT || "55432" },
    "pg-dir": { type: "string", default: process.env.BENCH_PG_DIR || "/tmp/introbase-bench-pg15" },
    "pglite-dir": { type: "string", default: path.join(DATA_DIR, "pglite-100k") },
    listings: { type: "string", default: "100000" },
    queries: { type: "string", default: "600" },
    seed: { type: "string", default: "20261122" },
    http: { type: "boolean", default: true },
    "skip-build": { type: "boolean", default: false },
    port: { type: "string", default: "3310" },
    connections: { type: "string", default: "16" },
    duration: { type: "string", default: "15" },
    uncached: { type: "boolean", default: true },
    explain: { type: "string", default: "3" },
    "time-limit": { type: "string", default: "600" },
    reset: { type: "boolean", default: false },
    peer: { type: "boolean", default: true },
    maintenance: { type: "boolean", default: true },
    strict: { type: "boolean", default: false },
    tier: { type: "string", default: "public" },
    help: { type: "boolean", default: false },
  },
  allowNegative: true,
});

if (args.help) {
  console.log(`npm run bench:directory -- [options]
  --engines pglite,postgres   engines to measure (default both; PostgreSQL needs BENCH_DATABASE_URL or --start-postgres)
  --start-postgres            initdb/start a PostgreSQL 15 on 127.0.0.1:--pg-port with data in --pg-dir, stop it afterwards
  --listings 100000           dataset size      --queries 600   distinct queries (at least 500)   --seed N   query seed
  --no-http                   in-process only   --no-uncached   skip the uncached /listings load  --skip-build  reuse build-bench
  --port 3310                 server port (PGlite), +1 for PostgreSQL   --connections 16   --duration 15 (seconds)
  --explain 3                 EXPLAIN (ANALYZE, BUFFERS) the N slowest queries per engine
  --time-limit 600            seconds each replay phase may take at most
  --strict                    exit 1 when a target is missed (errors always exit 1)
  --tier public               the viewer tier of the in-process replay (public, subscriber, premium)
  --no-peer                   skip the plain-SQL peer   --no-maintenance   skip the request tail during index rebuilds
  --reset                     allow emptying a BENCH_DATABASE_URL database that holds another number of listings`);
  process.exit(0);
}

const TARGETS = { postgresP95Ms: 50, pgliteP95Ms: 150, htmlRps: 150 } as const;
const LISTINGS = positiveInt("listings");
const QUERY_COUNT = positiveInt("queries");
const SEED = positiveInt("seed");
const PORT = positiveInt("port");
const CONNECTIONS = positiveInt("connections");
const DURATION_S = positiveInt("duration");
const EXPLAIN_N = Number(args.explain);
const TIME_LIMIT_MS = positiveInt("time-limit") * 1000;
const WARMUP_QUERIES = 40;
const HTTP_TIMEOUT_MS = 30_000;
if (!["public", "subscriber", "premium"].includes(String(args.tier))) throw new Error("--tier must be public, subscriber or premium");
const VIEWER = { tier: args.tier as "public" | "subscriber" | "premium" };

function positiveInt(name: keyof typeof args): number {
  const n = Number(args[name]);
  if (!Number.isInteger(n) || n <= 0) {
    console.error(`--${name} must be a positive whole number`);
    process.exit(2);
  }
  return n;
}

// ---------------------------------------------------------------------------------------------------------------
// In-process replay

interface QuerySample {
  id: number;
  category: string;
  params: string;
  pageSize: number;
  ms: number;
  /** Time of the page query and of the facets query alone (PGlite runs them one after the other). */
  pageMs: number | null;
  facetsMs: number | null;
  total: number;
  cards: number;
}

interface Call {
  query: SQL;
  start: number;
  end: number;
}

const dialect = new PgDialect();
const isFacets = (query: SQL) => dialect.sqlToQuery(query).sql.includes("AS MATERIALIZED");

/** Records every raw query searchListings sends, with its start and end, without changing what it does. */
function instrument(database: Database): { database: Database; take(): Call[] } {
  let calls: Call[] = [];
  const wrapped: Database = {
    ...database,
    rows: async <T>(query: SQL): Promise<T[]> => {
      const start = performance.now();
      try {
        return await database.rows<T>(query);
      } finally {
        calls.push({ query, start, end: performance.now() });
      }
    },
  };
  return {
    database: wrapped,
    take() {
      const taken = calls;
      calls = [];
      return taken;
    },
  };
}

/** Each part's own time: PGlite queues queries, so a part's clock starts when the previous one finished. */
function partTimes(calls: Call[], serialized: boolean): { pageMs: number | null; facetsMs: number | null } {
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  let previousEnd = -Infinity;
  const out = { pageMs: null as number | null, facetsMs: null as number | null };
  for (const call of sorted) {
    const own = call.end - (serialized ? Math.max(call.start, previousEnd) : call.start);
    previousEnd = Math.max(previousEnd, call.end);
    if (isFacets(call.query)) out.facetsMs = round(own);
    else out.pageMs = round(own);
  }
  return out;
}

const round = (n: number) => Math.round(n * 100) / 100;

interface InProcessResult {
  summary: LatencySummary;
  page: LatencySummary;
  facets: LatencySummary;
  byCategory: Record<string, LatencySummary>;
  byPageSize: Record<string, LatencySummary>;
  slowest: QuerySample[];
  samples: QuerySample[];
  truncated: boolean;
  seconds: number;
}

async function replayInProcess(engine: Engine, raw: Database, queries: BenchQuery[], warmup: BenchQuery[]): Promise<InProcessResult> {
  const probe = instrument(raw);
  const run = async (q: BenchQuery) => {
    const parsed = parseDirectoryQuery(new URLSearchParams(q.params));
    if (!parsed.ok) throw new Error(`Invalid query ${q.params}: ${parsed.error}`);
    probe.take();
    const start = performance.now();
    const result = await searchListings(probe.database, parsed.query, VIEWER);
    const elapsed = performance.now() - start;
    return { elapsed, result, calls: probe.take() };
  };
  log(`${engine}: in-process warm-up (${warmup.length} queries, not recorded)`);
  for (const q of warmup) await run(q);
  log(`${engine}: in-process replay of ${queries.length} queries`);
  const samples: QuerySample[] = [];
  const started = performance.now();
  let truncated = false;
  for (const q of queries) {
    if (performance.now() - started > TIME_LIMIT_MS) {
      truncated = true;
      log(`${engine}: time limit reached after ${samples.length} queries`);
      break;
    }
    const { elapsed, result, calls } = await run(q);
    samples.push({
      id: q.id,
      category: q.category,
      params: q.params,
      pageSize: q.pageSize,
      ms: round(elapsed),
      ...partTimes(calls, engine === "pglite"),
      total: result.pagination.totalRecords,
      cards: result.data.length,
    });
    if (samples.length % 100 === 0)
      log(`${engine}: ${samples.length}/${queries.length}, p95 so far ${ms(summarize(samples.map((s) => s.ms)).p95)}`);
  }
  return {
    summary: summarize(samples.map((s) => s.ms)),
    page: summarize(samples.flatMap((s) => (s.pageMs === null ? [] : [s.pageMs]))),
    facets: summarize(samples.flatMap((s) => (s.facetsMs === null ? [] : [s.facetsMs]))),
    byCategory: summarizeBy(
      samples,
      (s) => s.category,
      (s) => s.ms,
    ),
    byPageSize: summarizeBy(
      samples,
      (s) => String(s.pageSize),
      (s) => s.ms,
    ),
    slowest: [...samples].sort((a, b) => b.ms - a.ms).slice(0, 10),
    samples,
    truncated,
    seconds: round((performance.now() - started) / 1000),
  };
}

/** EXPLAIN (ANALYZE, BUFFERS) of the page and facets queries of the slowest queries: where the time goes. */
async function explainSlowest(engine: Engine, raw: Database, slowest: QuerySample[]): Promise<string> {
  const probe = instrument(raw);
  const sections: string[] = [];
  for (const sample of slowest.slice(0, EXPLAIN_N)) {
    const parsed = parseDirectoryQuery(new URLSearchParams(sample.params));
    if (!parsed.ok) continue;
    probe.take();
    await searchListings(probe.database, parsed.query, VIEWER);
    sections.push(
      `### ${engine}: \`?${sample.params}\` (${sample.category}, ${ms(sample.ms)} in the replay; page ${ms(sample.pageMs ?? NaN)}, facets ${ms(sample.facetsMs ?? NaN)})\n`,
    );
    for (const call of probe.take()) {
      const rows = await raw.rows<Record<string, string>>(sql`EXPLAIN (ANALYZE, BUFFERS) ${call.query}`);
      const plan = rows.map((r) => Object.values(r)[0]).join("\n");
      sections.push(`${isFacets(call.query) ? "Facets query" : "Page query"}:\n\n\`\`\`\n${plan}\n\`\`\`\n`);
    }
  }
  return sections.join("\n");
}

/** Issue 17's text-search row: every replayed query with search text. */
function textSearchOf(samples: QuerySample[]): TextSearchResult {
  const text = samples.filter((s) => new URLSearchParams(s.params).get("searchQuery"));
  const slowest = [...text].sort((a, b) => b.ms - a.ms)[0];
  return {
    summary: summarize(text.map((s) => s.ms)),
    slowest: slowest ? { ms: slowest.ms, params: slowest.params } : null,
    overOneSecond: text.filter((s) => s.ms > 1000).length,
  };
}

/** The plain-SQL peer over the same queries, right after the app's replay on the same database. */
async function replayPeer(engine: Engine, database: Database, app: QuerySample[]): Promise<PeerResult> {
  log(`${engine}: plain-SQL peer, ${app.length} queries`);
  const times: number[] = [];
  const textTimes: number[] = [];
  let totalsAgree = 0;
  let totalsCompared = 0;
  let truncated = false;
  const started = performance.now();
  for (const q of warmup.slice(0, 10)) {
    const parsed = parseDirectoryQuery(new URLSearchParams(q.params));
    if (parsed.ok) await plainSqlResponse(database, parsed.query);
  }
  for (const sample of app) {
    if (performance.now() - started > TIME_LIMIT_MS) {
      truncated = true;
      log(`${engine}: peer time limit reached after ${times.length} queries`);
      break;
    }
    const parsed = parseDirectoryQuery(new URLSearchParams(sample.params));
    if (!parsed.ok) continue;
    const start = performance.now();
    const answer = await plainSqlResponse(database, parsed.query);
    const elapsed = round(performance.now() - start);
    times.push(elapsed);
    if (parsed.query.searchQuery) textTimes.push(elapsed);
    else {
      totalsCompared++;
      if (answer.total === sample.total) totalsAgree++;
    }
  }
  return { summary: summarize(times), text: summarize(textTimes), totalsAgree, totalsCompared, truncated };
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP

interface HttpSample {
  id: number;
  category: string;
  ms: number;
  status: number;
  bytes: number;
}

interface HttpReplayResult {
  summary: LatencySummary;
  byCategory: Record<string, LatencySummary>;
  errors: number;
  statuses: Record<string, number>;
  truncated: boolean;
  samples: HttpSample[];
}

const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br", "user-agent": "introbase-bench/1 (autocannon; 127.0.0.1)" };

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
async function replayHttp(engine: Engine, server: RunningServer, queries: BenchQuery[], warmup: BenchQuery[]): Promise<HttpReplayResult> {
  for (const q of warmup) await timedGet(`${server.origin}/api/listings?${q.params}`, "application/json");
  log(`${engine}: HTTP replay of ${queries.length} distinct queries on /api/listings`);
  const samples: HttpSample[] = [];
  const started = performance.now();
  let truncated = false;
  for (const q of queries) {
    if (performance.now() - started > TIME_LIMIT_MS) {
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

interface LoadResult {
  label: string;
  urls: number;
  connections: number;
  durationS: number;
  requests: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  note?: string;
}

async function loadTest(
  origin: string,
  label: string,
  paths: string[],
  options: { cycle: boolean; durationS: number },
): Promise<LoadResult> {
  let next = 0;
  const requests = options.cycle
    ? paths.map((p) => ({ method: "GET", path: p }))
    : [{ method: "GET", setupRequest: (request: RequestSpec) => ({ ...request, path: paths[next++ % paths.length] }) }];
  const instance = autocannon({
    url: origin,
    connections: CONNECTIONS,
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
    connections: CONNECTIONS,
    durationS: round(r.duration),
    requests: ok + r.non2xx,
    requestsPerSecond: round(ok / r.duration),
    latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max, mean: round(r.latency.mean) },
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    ...(!options.cycle && next > paths.length
      ? { note: `ran past the ${paths.length} distinct URLs: later requests were cache hits` }
      : {}),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Orchestration

interface EngineResult {
  engine: Engine;
  machine: MachineInfo;
  dataset: DatasetInfo;
  settings: Record<string, unknown>;
  queries: { count: number; seed: number; warmup: number; categories: Record<string, number> };
  inProcess: InProcessResult | null;
  http: { jsonReplay: HttpReplayResult; htmlCached: LoadResult; htmlUncached: LoadResult | null; loadAverageAfter: number[] } | null;
  targets: Array<{ name: string; target: string; measured: string; pass: boolean | null }>;
  /** Issue 17's rows (bench/lib/issue-table.ts). */
  issue17: {
    indexBuild: IndexBuildResult | null;
    text: TextSearchResult | null;
    peer: PeerResult | null;
    start: StartTimes | null;
    memoryAfterStart: ProcessMemory[];
    memoryAtEnd: ProcessMemory[];
    maintenance: MaintenanceResult | null;
  };
  errors: string[];
}

const engines = args.engines.split(",").map((e) => e.trim()) as Engine[];
for (const e of engines) {
  if (e !== "pglite" && e !== "postgres") {
    console.error(`Unknown engine "${e}": use pglite and/or postgres.`);
    process.exit(2);
  }
}
if (QUERY_COUNT < 500) log(`note: ${QUERY_COUNT} queries is below the 500 the benchmark is meant to replay`);

let localPg: LocalPostgres | undefined;
let server: RunningServer | undefined;
let openDb: Database | undefined;
onInterrupt(async () => {
  await server?.stop();
  await openDb?.close().catch(() => {});
  localPg?.stop();
});

const machine = machineInfo();
const queries = generateQueries(QUERY_COUNT, SEED);
const used = new Set(queries.map((q) => cacheKey(q.params)));
const warmup = generateQueries(WARMUP_QUERIES, SEED + 1, used);
warmup.forEach((q) => used.add(cacheKey(q.params)));
const uncachedPool = generateQueries(4000, SEED + 2, used);
uncachedPool.forEach((q) => used.add(cacheKey(q.params)));
const maintenancePool = generateQueries(3000, SEED + 3, used);
const categories: Record<string, number> = {};
for (const q of queries) categories[q.category] = (categories[q.category] ?? 0) + 1;
log(
  `${queries.length} distinct queries (seed ${SEED}): ${Object.entries(categories)
    .map(([k, v]) => `${k} ${v}`)
    .join(", ")}`,
);

if (args.http) buildApp(log, { skip: args["skip-build"] });

const results: EngineResult[] = [];
const explains: string[] = [];
try {
  for (const [i, engine] of engines.entries()) {
    let url: string | undefined;
    if (engine === "postgres") {
      if (args["start-postgres"]) {
        localPg = await startLocalPostgres({ dataDir: args["pg-dir"], port: positiveInt("pg-port"), database: "introbase_bench", log });
        url = localPg.url;
      } else {
        url = process.env.BENCH_DATABASE_URL;
      }
      if (!url) {
        log("postgres: skipped (set BENCH_DATABASE_URL or pass --start-postgres)");
        continue;
      }
    }
    const result: EngineResult = {
      engine,
      machine: { ...machine, loadAverage: os.loadavg().map(round), measuredAt: new Date().toISOString() },
      dataset: undefined as unknown as DatasetInfo,
      settings: {
        listings: LISTINGS,
        connections: CONNECTIONS,
        durationS: DURATION_S,
        timeLimitS: TIME_LIMIT_MS / 1000,
        ...(engine === "postgres" && localPg ? { postgres: PG_SETTINGS } : {}),
      },
      queries: { count: queries.length, seed: SEED, warmup: warmup.length, categories },
      inProcess: null,
      http: null,
      targets: [],
      issue17: {
        indexBuild: null,
        text: null,
        peer: null,
        start: null,
        memoryAfterStart: [],
        memoryAtEnd: [],
        maintenance: null,
      },
      errors: [],
    };
    const prepared = await prepareDatabase({
      engine,
      url,
      dir: args["pglite-dir"],
      listings: LISTINGS,
      allowReset: engine === "pglite" || Boolean(localPg) || args.reset,
      log,
    });
    openDb = prepared.database;
    result.dataset = prepared.info;
    try {
      log(`${engine}: timing the directory index build in-process`);
      result.issue17.indexBuild = await measureIndexBuild(prepared.database, VIEWER);
      log(`${engine}: index built in ${result.issue17.indexBuild.coldS} s cold, ${result.issue17.indexBuild.rebuildS} s rebuilt`);
      result.inProcess = await replayInProcess(engine, prepared.database, queries, warmup);
      result.issue17.text = textSearchOf(result.inProcess.samples);
      if (args.peer) result.issue17.peer = await replayPeer(engine, prepared.database, result.inProcess.samples);
      if (EXPLAIN_N > 0) explains.push(await explainSlowest(engine, prepared.database, result.inProcess.slowest));
    } catch (error) {
      result.errors.push(`in-process: ${(error as Error).stack ?? error}`);
      log(`${engine}: in-process replay failed: ${(error as Error).message}`);
    } finally {
      // PGlite allows one process per data directory: close it before the server opens it.
      await prepared.database.close();
      openDb = undefined;
    }

    if (args.http) {
      try {
        server = await startServer({
          port: PORT + i,
          name: engine,
          databaseUrl: engine === "postgres" ? url : undefined,
          pgliteDir: engine === "pglite" ? args["pglite-dir"] : undefined,
          log,
        });
        result.issue17.start = server.start;
        result.issue17.memoryAfterStart = serverMemory(server.process.pid);
        log(
          `${engine}: first /listings 200 after ${server.start.firstListingsS} s, /readyz ${server.start.readyzS} s, all ${server.start.processes} processes ready ${server.start.allReadyS} s`,
        );
        const jsonReplay = await replayHttp(engine, server, queries, warmup.slice(0, 10));
        log(
          `${engine}: /listings HTML, ${CONNECTIONS} clients, ${POPULAR_DIRECTORY_URLS.length} popular URLs (2-minute cache warm), ${DURATION_S} s`,
        );
        for (const p of POPULAR_DIRECTORY_URLS) await timedGet(server.origin + p, "text/html");
        await loadTest(server.origin, "warm-up", POPULAR_DIRECTORY_URLS, { cycle: true, durationS: 3 });
        const htmlCached = await loadTest(server.origin, "html-popular-cached", POPULAR_DIRECTORY_URLS, {
          cycle: true,
          durationS: DURATION_S,
        });
        let htmlUncached: LoadResult | null = null;
        if (args.uncached) {
          log(`${engine}: /listings HTML, ${CONNECTIONS} clients, every request a distinct query (cache misses), ${DURATION_S} s`);
          htmlUncached = await loadTest(
            server.origin,
            "html-distinct-uncached",
            uncachedPool.map((q) => `/listings?${q.params}`),
            { cycle: false, durationS: DURATION_S },
          );
        }
        result.http = { jsonReplay, htmlCached, htmlUncached, loadAverageAfter: os.loadavg().map(round) };
        if (args.maintenance && engine === "postgres" && url) {
          result.issue17.maintenance = await maintenancePhase(engine, server, url, result.issue17.indexBuild);
        }
        result.issue17.memoryAtEnd = serverMemory(server.process.pid);
      } catch (error) {
        result.errors.push(`http: ${(error as Error).stack ?? error}`);
        log(`${engine}: HTTP phase failed: ${(error as Error).message}`);
      } finally {
        if (server && !result.issue17.memoryAtEnd.length) result.issue17.memoryAtEnd = serverMemory(server.process.pid);
        await server?.stop();
        server = undefined;
      }
    }
    if (engine === "postgres") {
      localPg?.stop();
      localPg = undefined;
    }
    result.targets = targetsFor(result);
    const file = writeResult(`directory-${engine}-${LISTINGS}-${dateStamp()}.json`, result);
    log(`${engine}: wrote ${file}`);
    results.push(result);
  }
} finally {
  await server?.stop();
  localPg?.stop();
}

/**
 * The request tail while every server process rebuilds its index: 4 clients of distinct /listings pages, and 3
 * listings changes announced on the same database through the app's change feed (each one a NOTIFY every process hears).
 * PostgreSQL only: a PGlite directory cannot be opened by a second process to announce on.
 */
async function maintenancePhase(
  engine: Engine,
  running: RunningServer,
  url: string,
  build: IndexBuildResult | null,
): Promise<MaintenanceResult> {
  const rebuildS = build ? Math.max(build.coldS, build.rebuildS) + build.firstSearchS : 5;
  const windowS = Math.min(30, Math.max(3, Math.ceil(rebuildS * 2) + 2));
  const steadyS = Math.max(5, Math.ceil(DURATION_S / 2));
  log(`${engine}: request tail during index rebuilds (4 clients, 3 announcements, ${windowS} s windows, ${steadyS} s steady between)`);
  const announcer = await openDatabase({ url });
  try {
    return await measureMaintenance({
      origin: running.origin,
      paths: maintenancePool.map((q) => `/listings?${q.params}`),
      clients: 4,
      steadyS,
      windowS,
      announcements: 3,
      announce: () => announceChange(announcer, "listings"),
      headers: { ...BROWSER_HEADERS, accept: "text/html" },
      log,
    });
  } finally {
    await announcer.close();
  }
}

function issueMeasurements(r: EngineResult): IssueMeasurements {
  return {
    listings: r.dataset.listings,
    seededSeconds: r.dataset.seededSeconds,
    inProcess: r.inProcess?.summary ?? null,
    text: r.issue17?.text ?? null,
    htmlDistinctRps: r.http?.htmlUncached?.requestsPerSecond ?? null,
    htmlConnections: CONNECTIONS,
    indexBuild: r.issue17?.indexBuild ?? null,
    maintenance: r.issue17?.maintenance ?? null,
    start: r.issue17?.start ?? null,
    memoryAfterStart: r.issue17?.memoryAfterStart ?? [],
    memoryAtEnd: r.issue17?.memoryAtEnd ?? [],
  };
}

function targetsFor(r: EngineResult): EngineResult["targets"] {
  const out: EngineResult["targets"] = [];
  const bound = r.engine === "postgres" ? TARGETS.postgresP95Ms : TARGETS.pgliteP95Ms;
  const p95 = r.inProcess?.summary.p95;
  out.push({
    name: `complete response p95 (in-process, ${r.engine})`,
    target: `<= ${bound} ms`,
    measured:
      p95 === undefined
        ? "not measured"
        : `${ms(p95)}${r.inProcess?.truncated ? ` (time limit: ${r.inProcess.samples.length} of ${queries.length} queries)` : ""}`,
    // A run cut short by the time limit still fails when the queries it did replay (in random order) miss.
    pass: p95 === undefined ? null : r.inProcess?.truncated && p95 <= bound ? null : p95 <= bound,
  });
  const httpP95 = r.http?.jsonReplay.summary.p95;
  if (httpP95 !== undefined) {
    out.push({
      name: `GET /api/listings p95 (HTTP, cache misses, ${r.engine}; same bar, informational)`,
      target: `<= ${bound} ms`,
      measured: ms(httpP95),
      pass: null,
    });
  }
  const rps = r.http?.htmlCached.requestsPerSecond;
  out.push({
    name: `/listings HTML throughput, ${CONNECTIONS} clients (${r.engine}${r.engine === "pglite" ? ", informational" : ""})`,
    target: `>= ${TARGETS.htmlRps} req/s`,
    measured: rps === undefined ? "not measured" : `${rps} req/s`,
    pass: rps === undefined || r.engine !== "postgres" ? null : rps >= TARGETS.htmlRps && (r.http?.htmlCached.non2xx ?? 0) === 0,
  });
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Report

const verdict = (pass: boolean | null) => (pass === null ? "info" : pass ? "PASS" : "FAIL");
const row = (cells: Array<string | number>) => `| ${cells.join(" | ")} |`;
const sumRow = (label: string, s: LatencySummary | undefined) =>
  s ? row([label, s.count, ms(s.p50), ms(s.p95), ms(s.p99), ms(s.max), ms(s.mean)]) : row([label, "-", "-", "-", "-", "-", "-"]);
const SUM_HEAD = `| | n | p50 | p95 | p99 | max | mean |\n|---|---|---|---|---|---|---|`;

function markdown(): string {
  const lines: string[] = [];
  lines.push(`# Directory benchmark (latest run)`, "");
  lines.push(`Generated by \`npm run bench:directory\` (bench/directory.ts). ${machineMarkdown(machine)}`, "");
  lines.push(
    `The machine is shared with other work; load averages are recorded per engine. Re-run on a quiet machine before drawing fine conclusions.`,
    "",
  );
  lines.push(
    `## Issue 17's table`,
    "",
    `The issue's rows and targets (set for 1,000,000 listings; the same bars at any size). Complete response and text search: ` +
      `in-process searchListings over the replayed queries; HTML req/s: autocannon, every request a distinct query; index ` +
      `build: in-process, then the server's request tail while each of its processes rebuilds after a listings change ` +
      `announced through the change feed; memory: /proc VmRSS after start and VmHWM at the end, per server process; cold ` +
      `start: from spawning \`node server/index.ts\`.`,
    "",
  );
  for (const r of results) {
    lines.push(
      ...issueMarkdown(r.engine, VIEWER.tier, issueMeasurements(r), r.issue17?.peer ?? null, r.issue17?.text?.summary ?? null),
      "",
    );
  }
  lines.push(`## Targets of earlier issues`, "", `| target | bound | measured | result |`, `|---|---|---|---|`);
  for (const r of results) for (const t of r.targets) lines.push(row([t.name, t.target, t.measured, verdict(t.pass)]));
  lines.push(
    "",
    `## Datasets`,
    "",
    `| engine | server | listings | size | seeded in this run | load average at start |`,
    `|---|---|---|---|---|---|`,
  );
  for (const r of results) {
    const d = r.dataset;
    lines.push(
      row([
        r.engine,
        d.serverVersion,
        d.listings,
        d.sizeBytes ? `${(d.sizeBytes / 2 ** 20).toFixed(0)} MiB` : "?",
        d.seededSeconds === null ? "no (reused)" : `${d.seededSeconds.toFixed(0)} s`,
        r.machine.loadAverage.join(" / "),
      ]),
    );
  }
  lines.push("", `## In-process: searchListings, the complete response`, "");
  lines.push(
    `${queries.length} distinct queries (seed ${SEED}), replayed one after the other after ${warmup.length} warm-up queries, viewer tier ${VIEWER.tier}. ` +
      `"Page" and "facets" are the two SQL statements searchListings sends (cards page; total + all facet counts); on PostgreSQL they run concurrently ` +
      `on two connections, PGlite runs them one after the other.`,
    "",
    SUM_HEAD,
  );
  for (const r of results) {
    lines.push(sumRow(`**${r.engine}: complete response**`, r.inProcess?.summary));
    lines.push(sumRow(`${r.engine}: page query`, r.inProcess?.page));
    lines.push(sumRow(`${r.engine}: facets query`, r.inProcess?.facets));
  }
  lines.push(
    "",
    `Mix: ${Object.entries(categories)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}.`,
    "",
  );
  lines.push(
    `### By category (p50 / p95 / max)`,
    "",
    `| category | ${results.map((r) => r.engine).join(" | ")} |`,
    `|---|${results.map(() => "---").join("|")}|`,
  );
  for (const category of Object.keys(categories).sort()) {
    lines.push(row([category, ...results.map((r) => fmt3(r.inProcess?.byCategory[category]))]));
  }
  lines.push(
    "",
    `### By page size (p50 / p95 / max)`,
    "",
    `| page size | ${results.map((r) => r.engine).join(" | ")} |`,
    `|---|${results.map(() => "---").join("|")}|`,
  );
  for (const size of ["25", "50", "100"]) lines.push(row([size, ...results.map((r) => fmt3(r.inProcess?.byPageSize[size]))]));
  for (const r of results) {
    if (!r.inProcess) continue;
    lines.push(
      "",
      `### Slowest queries, ${r.engine}`,
      "",
      `| ms | page | facets | category | total | query |`,
      `|---|---|---|---|---|---|`,
    );
    for (const s of r.inProcess.slowest)
      lines.push(
        row([
          s.ms.toFixed(1),
          s.pageMs?.toFixed(1) ?? "-",
          s.facetsMs?.toFixed(1) ?? "-",
          s.category,
          s.total,
          `\`${s.params || "(none)"}\``,
        ]),
      );
  }
  lines.push("", `## HTTP: production server (\`node server/index.ts\`, NODE_ENV=production, 127.0.0.1)`, "");
  lines.push(
    `GET /api/listings: the same ${queries.length} queries, one pass, one at a time. They are all distinct, so every request misses the ` +
      `server's 2-minute result cache (a second pass within 2 minutes would measure the cache, so there is none). Latency is measured by the client and includes JSON encoding and compression.`,
    "",
    SUM_HEAD,
  );
  for (const r of results) {
    if (!r.http) continue;
    const j = r.http.jsonReplay;
    lines.push(sumRow(`${r.engine}: /api/listings${j.errors ? ` (${j.errors} errors: ${JSON.stringify(j.statuses)})` : ""}`, j.summary));
  }
  lines.push(
    "",
    `/listings HTML under load: autocannon, ${CONNECTIONS} concurrent connections, ${DURATION_S} s, browser-like Accept-Encoding. ` +
      `"Popular" cycles over ${POPULAR_DIRECTORY_URLS.length} common directory URLs (after a warm-up, each is a cache hit: server rendering is what is measured); ` +
      `"distinct" sends a new query every request (every request runs the search).`,
    "",
    `| engine | load | req/s | p50 | p90 | p99 | max | non-2xx | errors |`,
    `|---|---|---|---|---|---|---|---|---|`,
  );
  for (const r of results) {
    for (const l of [r.http?.htmlCached, r.http?.htmlUncached]) {
      if (!l) continue;
      lines.push(
        row([
          r.engine,
          l.label + (l.note ? ` (${l.note})` : ""),
          l.requestsPerSecond,
          `${l.latencyMs.p50} ms`,
          `${l.latencyMs.p90} ms`,
          `${l.latencyMs.p99} ms`,
          `${l.latencyMs.max} ms`,
          l.non2xx,
          l.errors,
        ]),
      );
    }
  }
  lines.push("", `Popular URLs: ${POPULAR_DIRECTORY_URLS.map((u) => `\`${u}\``).join(", ")}.`);
  const failures = results.flatMap((r) => r.errors.map((e) => `- ${r.engine}: ${e.split("\n")[0]}`));
  if (failures.length) lines.push("", `## Errors`, "", ...failures);
  lines.push(
    "",
    `Raw samples: bench/results/directory-<engine>-${LISTINGS}-${dateStamp()}.json.${EXPLAIN_N > 0 ? ` Query plans of the slowest queries: bench/results/directory-explain-latest.md.` : ""}`,
    "",
  );
  return lines.join("\n");
}

function fmt3(s: LatencySummary | undefined): string {
  return s ? `${s.p50.toFixed(1)} / ${s.p95.toFixed(1)} / ${s.max.toFixed(1)} ms (n=${s.count})` : "-";
}

/** Engines not measured in this run keep their most recent result in the summary, marked as such. */
function addEarlierResults(): string[] {
  const notes: string[] = [];
  for (const engine of ["pglite", "postgres"] as const) {
    if (results.some((r) => r.engine === engine)) continue;
    const files = existsSync(RESULTS_DIR)
      ? readdirSync(RESULTS_DIR).filter((f) => new RegExp(`^directory-${engine}-${LISTINGS}-\\d{4}-\\d{2}-\\d{2}\\.json$`).test(f))
      : [];
    const latest = files.sort().at(-1);
    if (!latest) continue;
    const earlier = JSON.parse(readFileSync(path.join(RESULTS_DIR, latest), "utf8")) as EngineResult;
    if (earlier.queries?.seed !== SEED || earlier.queries.count !== queries.length) continue;
    results.push(earlier);
    notes.push(`${engine}: from an earlier run (${latest}, measured ${earlier.machine.measuredAt}).`);
  }
  results.sort((a, b) => a.engine.localeCompare(b.engine));
  return notes;
}

if (results.length) {
  const earlierNotes = addEarlierResults();
  const report =
    markdown() +
    (earlierNotes.length
      ? `\nNot measured in this run, shown from the latest earlier result:\n\n${earlierNotes.map((n) => `- ${n}`).join("\n")}\n`
      : "");
  // The latest run, and the latest run at this size (so a 100k run does not replace the 1M summary).
  log(`wrote ${writeResult("directory-latest.md", report)}`);
  log(`wrote ${writeResult(`directory-${LISTINGS}-latest.md`, report)}`);
  results.splice(0, results.length, ...results.filter((r) => !earlierNotes.some((n) => n.startsWith(`${r.engine}:`))));
  if (explains.length)
    log(
      `wrote ${writeResult("directory-explain-latest.md", `# Query plans of the slowest directory queries\n\n${machineMarkdown(machine)}\n\n${explains.join("\n")}`)}`,
    );
}
console.log("\nDirectory benchmark");
for (const r of results) {
  const s = r.inProcess?.summary;
  console.log(
    `  ${r.engine}: in-process p50 ${ms(s?.p50 ?? NaN)}, p95 ${ms(s?.p95 ?? NaN)}, p99 ${ms(s?.p99 ?? NaN)}, max ${ms(s?.max ?? NaN)}`,
  );
  if (r.http) {
    const j = r.http.jsonReplay.summary;
    console.log(
      `  ${r.engine}: /api/listings p50 ${ms(j.p50)}, p95 ${ms(j.p95)}; /listings ${r.http.htmlCached.requestsPerSecond} req/s popular, ${r.http.htmlUncached?.requestsPerSecond ?? "-"} req/s distinct`,
    );
  }
  for (const t of issueRows(issueMeasurements(r)))
    console.log(`  [${t.met === null ? "not measured" : t.met ? "met" : "NOT MET"}] ${t.row}: ${t.measured} (target ${t.target})`);
  for (const t of r.targets) console.log(`  [${verdict(t.pass)}] ${t.name}: ${t.measured} (target ${t.target})`);
  for (const e of r.errors) console.log(`  [ERROR] ${e.split("\n")[0]}`);
}
const errored = results.length === 0 || results.some((r) => r.errors.length);
const missed = results.some((r) => r.targets.some((t) => t.pass === false));
process.exitCode = errored || (args.strict && missed) ? 1 : 0;
