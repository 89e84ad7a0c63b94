/**
 * Directory benchmark: `npm run bench:directory -- [options]` (runs through tsx: it calls the app's own search).
 *
 * For each engine (embedded PGlite, PostgreSQL) it prepares a 100,000-listing database (seeded once, reused
 * afterwards), replays several hundred distinct, realistic directory queries in-process through searchListings
 * (the complete response: page of cards, pagination totals and facet counts), then starts the production server
 * on that database and replays the same queries over GET /api/listings, and measures /listings HTML throughput
 * with autocannon. Results: bench/results/directory-<engine>-<listings>-<date>.json and
 * bench/results/directory-latest.md. Only 127.0.0.1 is ever contacted; every loop has a count and a time limit.
 * This file parses the options and runs the phases in order; the phases and the report are in bench/lib/directory-*.ts.
 */
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import type { Database } from "~/lib/db.server.ts";
import { prepareDatabase, type DatasetInfo, type Engine } from "./lib/databases.ts";
import { changeVisibilityPhase, stopChangeServers } from "./lib/change-visibility.ts";
import { maintenancePhase, measureHtml, replayHttp } from "./lib/directory-http.ts";
import { explainSlowest, replayInProcess, replayPeer, textSearchOf } from "./lib/directory-in-process.ts";
import { printSummary, targetsFor, writeReport, type EngineResult, type RunSettings } from "./lib/directory-report.ts";
import { measureIndexBuild } from "./lib/index-build.ts";
import { isTextOnly, replayFairPeer } from "./lib/fair-peer-replay.ts";
import { DATA_DIR, dateStamp, log, machineInfo, writeResult } from "./lib/machine.ts";
import { PG_SETTINGS, startLocalPostgres, type LocalPostgres } from "./lib/postgres.ts";
import { serverMemory } from "./lib/process-memory.ts";
import { cacheKey, generateQueries } from "./lib/queries.ts";
import { buildApp, onInterrupt, startServer, type RunningServer } from "./lib/server.ts";
import { round, summarize } from "./lib/stats.ts";

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
    "naive-peer": { type: "boolean", default: false },
    "rebuild-peer": { type: "boolean", default: false },
    "api-queries": { type: "string", default: "0" },
    renames: { type: "string", default: "3" },
    "change-timeout": { type: "string", default: "120" },
    "start-timeout": { type: "string", default: "300" },
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
  --no-peer                   skip the fair SQL peer (PostgreSQL; its tables are built once per dataset in schema fair_peer)
  --rebuild-peer              build the fair peer's tables again   --naive-peer   also run issue 17's naive plain-SQL peer
  --api-queries N             replay only the first N queries over GET /api/listings (default: all of --queries)
  --renames 3                 renames idle and as many under load (0: skip; two one-process servers on --port +2, +3)
  --change-timeout 120        seconds a rename may take to be visible   --no-maintenance   skip the tail during index maintenance
  --start-timeout 300         seconds a server may take to be ready (5M listings: more)
  --reset                     allow emptying a BENCH_DATABASE_URL database that holds another number of listings`);
  process.exit(0);
}

const LISTINGS = positiveInt("listings");
const QUERY_COUNT = positiveInt("queries");
const SEED = positiveInt("seed");
const PORT = positiveInt("port");
const CONNECTIONS = positiveInt("connections");
const DURATION_S = positiveInt("duration");
const EXPLAIN_N = Number(args.explain);
const TIME_LIMIT_MS = positiveInt("time-limit") * 1000;
const API_QUERIES = Number(args["api-queries"]);
const RENAMES = Number(args.renames);
const CHANGE_TIMEOUT_S = positiveInt("change-timeout");
const START_TIMEOUT_MS = positiveInt("start-timeout") * 1000;
if (!Number.isInteger(API_QUERIES) || API_QUERIES < 0 || !Number.isInteger(RENAMES) || RENAMES < 0) {
  console.error("--api-queries and --renames must be whole numbers (0: all queries, no renames)");
  process.exit(2);
}
const WARMUP_QUERIES = 40;
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
  await stopChangeServers();
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
maintenancePool.forEach((q) => used.add(cacheKey(q.params)));
const changeLoadPool = generateQueries(4000, SEED + 4, used);
const categories: Record<string, number> = {};
for (const q of queries) categories[q.category] = (categories[q.category] ?? 0) + 1;
log(
  `${queries.length} distinct queries (seed ${SEED}): ${Object.entries(categories)
    .map(([k, v]) => `${k} ${v}`)
    .join(", ")}`,
);

const run: RunSettings = {
  machine,
  listings: LISTINGS,
  seed: SEED,
  queryCount: queries.length,
  warmupCount: warmup.length,
  categories,
  tier: VIEWER.tier,
  connections: CONNECTIONS,
  durationS: DURATION_S,
  explainN: EXPLAIN_N,
};
const limits = { viewer: VIEWER, timeLimitMs: TIME_LIMIT_MS };

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
      issue33: { changeVisibility: null, fairPeer: null, naivePeer: false, apiTextOnly: null },
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
      result.inProcess = await replayInProcess(engine, prepared.database, queries, warmup, limits);
      result.issue17.text = textSearchOf(result.inProcess.samples);
      if (args.peer && engine === "postgres" && url) {
        result.issue33.fairPeer = await replayFairPeer(prepared.database, url, result.inProcess.samples, warmup.slice(0, 10), {
          tier: VIEWER.tier,
          timeLimitMs: TIME_LIMIT_MS,
          rebuild: args["rebuild-peer"],
        });
      }
      if (args["naive-peer"]) {
        result.issue17.peer = await replayPeer(engine, prepared.database, result.inProcess.samples, warmup.slice(0, 10), limits);
        result.issue33.naivePeer = true;
      }
      if (EXPLAIN_N > 0) explains.push(await explainSlowest(engine, prepared.database, result.inProcess.slowest, EXPLAIN_N, VIEWER));
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
          startTimeoutMs: START_TIMEOUT_MS,
          log,
        });
        result.issue17.start = server.start;
        result.issue17.memoryAfterStart = serverMemory(server.process.pid);
        log(
          `${engine}: first /listings 200 after ${server.start.firstListingsS} s, /readyz ${server.start.readyzS} s, all ${server.start.processes} processes ready ${server.start.allReadyS} s`,
        );
        const apiQueries = API_QUERIES ? queries.slice(0, API_QUERIES) : queries;
        const jsonReplay = await replayHttp(engine, server, apiQueries, warmup.slice(0, 10), TIME_LIMIT_MS);
        const textOnlyIds = new Set(apiQueries.filter((q) => isTextOnly(q.params)).map((q) => q.id));
        result.issue33.apiTextOnly = summarize(
          jsonReplay.samples.filter((s) => s.status === 200 && textOnlyIds.has(s.id)).map((s) => s.ms),
        );
        const html = await measureHtml(engine, server.origin, args.uncached ? uncachedPool : null, {
          connections: CONNECTIONS,
          durationS: DURATION_S,
        });
        result.http = { jsonReplay, ...html, loadAverageAfter: os.loadavg().map(round) };
        if (args.maintenance && engine === "postgres" && url) {
          result.issue17.maintenance = await maintenancePhase(engine, server, url, result.issue17.indexBuild, maintenancePool, DURATION_S);
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
      if (RENAMES > 0 && engine === "postgres" && url) {
        try {
          result.issue33.changeVisibility = await changeVisibilityPhase({
            url,
            ports: [PORT + 2, PORT + 3],
            renames: RENAMES,
            clients: CONNECTIONS,
            timeoutS: CHANGE_TIMEOUT_S,
            loadPaths: changeLoadPool.map((q) => `/listings?${q.params}`),
            startTimeoutMs: START_TIMEOUT_MS,
            log,
          });
        } catch (error) {
          result.errors.push(`change visibility: ${(error as Error).stack ?? error}`);
          log(`${engine}: change visibility failed: ${(error as Error).message}`);
        }
      }
    }
    if (engine === "postgres") {
      localPg?.stop();
      localPg = undefined;
    }
    result.targets = targetsFor(result, run);
    const file = writeResult(`directory-${engine}-${LISTINGS}-${dateStamp()}.json`, result);
    log(`${engine}: wrote ${file}`);
    results.push(result);
  }
} finally {
  await server?.stop();
  localPg?.stop();
}

writeReport(results, explains, run);
printSummary(results, run);
const errored = results.length === 0 || results.some((r) => r.errors.length);
const missed = results.some((r) => r.targets.some((t) => t.pass === false));
process.exitCode = errored || (args.strict && missed) ? 1 : 0;
