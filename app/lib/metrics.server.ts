/**
 * The process's Prometheus metrics (issue 34, decision 0104): one registry per server process, and a one-line
 * function for each place that has something to count. Every label takes a bounded set of values (route patterns,
 * job kinds, cache and limit names, tiers, outcomes), never a raw path, an id or a user's text, so the number of
 * series stays fixed however the site is used. What is read from the database (the job queue, the outbox) is read at
 * scrape time (metrics-database.server.ts). Served at /metrics (server/metrics-endpoint.ts).
 */
import cluster from "node:cluster";
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

export const registry = new Registry();
let processMetricsStarted = false;

/**
 * Event-loop lag, heap and resident memory, garbage collection, open handles: prom-client's process metrics. Started by
 * the server's start (server/app.ts prepare), not when this module loads: each start adds an event-loop monitor and a GC
 * observer that live as long as the process, and the tests load the app's modules afresh for every file.
 */
export function startProcessMetrics(): void {
  if (processMetricsStarted) return;
  processMetricsStarted = true;
  collectDefaultMetrics({ register: registry });
}
// Under the cluster the primary asks each process for its metrics and adds them up (server/index.ts); this answers it.
if (cluster.isWorker) {
  AggregatorRegistry.setRegistries([registry]);
  new AggregatorRegistry();
}

/** Seconds, from 5 ms to 10 s: a page at the 99th percentile sits well inside. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds, from 0.1 ms: most queries take a millisecond or less on the embedded database. */
const QUERY_BUCKETS = [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

const httpRequests = new Counter({
  name: "introbase_http_requests_total",
  help: "HTTP requests answered, by route pattern, method and status class.",
  labelNames: ["route", "method", "status_class"] as const,
  registers: [registry],
});
const httpDuration = new Histogram({
  name: "introbase_http_request_duration_seconds",
  help: "Time from the request's arrival to the end of its answer, by route pattern, method and status class.",
  labelNames: ["route", "method", "status_class"] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

/** The label of a request no route of ours matched (any unknown path): one value, whatever the path was. */
export const NO_ROUTE = "(no route)";
/** The label of a request answered before its route was known (a malformed URL) or by no route (the demo provider). */
export const OTHER_ROUTE = "(other)";
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** One answered request. `route` is a route pattern or one of the two labels above; never the path as sent. */
export function countHttpRequest(route: string, method: string, status: number, seconds: number): void {
  const labels = {
    route,
    method: METHODS.has(method) ? method : "other",
    status_class: status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : "other",
  };
  httpRequests.inc(labels);
  httpDuration.observe(labels, seconds);
}

const queryDuration = new Histogram({
  name: "introbase_db_query_duration_seconds",
  help: "Database statement latency (statements outside transactions), by engine.",
  labelNames: ["engine"] as const,
  buckets: QUERY_BUCKETS,
  registers: [registry],
});
const queriesInFlight = new Gauge({
  name: "introbase_db_queries_in_flight",
  help: "Statements running now (outside transactions): pool connections in use, up to the pool's size.",
  labelNames: ["engine"] as const,
  registers: [registry],
});
const poolSize = new Gauge({
  name: "introbase_db_pool_max_connections",
  help: "The size of the database connection pool (1 for the embedded database).",
  labelNames: ["engine"] as const,
  registers: [registry],
});

export function setPoolSize(engine: "pglite" | "postgres", size: number): void {
  poolSize.set({ engine }, size);
}

/** Times one statement: the returned function is called once when it has settled. */
export function startQuery(engine: "pglite" | "postgres"): () => void {
  const end = queryDuration.startTimer({ engine });
  queriesInFlight.inc({ engine });
  return () => {
    end();
    queriesInFlight.dec({ engine });
  };
}

const jobRuns = new Counter({
  name: "introbase_job_runs_total",
  help: "Job runs that ended in this process, by kind and outcome (completed, failed, interrupted).",
  labelNames: ["kind", "outcome"] as const,
  registers: [registry],
});
const jobDuration = new Histogram({
  name: "introbase_job_run_duration_seconds",
  help: "How long a job run took, by kind.",
  labelNames: ["kind"] as const,
  buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600],
  registers: [registry],
});

export function countJobRun(kind: string, outcome: "completed" | "failed" | "interrupted", seconds: number): void {
  jobRuns.inc({ kind, outcome });
  jobDuration.observe({ kind }, seconds);
}

const emails = new Counter({
  name: "introbase_emails_total",
  help: "E-mails recorded in the outbox, by outcome: sent (SMTP accepted), stored (no SMTP), failed (SMTP refused).",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

export function countEmail(outcome: "sent" | "stored" | "failed"): void {
  emails.inc({ outcome });
}

const webhooks = new Counter({
  name: "introbase_webhooks_received_total",
  help: "Webhook deliveries received from a provider, by provider and outcome.",
  labelNames: ["provider", "outcome"] as const,
  registers: [registry],
});

export function countWebhook(provider: "stripe", outcome: "accepted" | "duplicate" | "refused"): void {
  webhooks.inc({ provider, outcome });
}

const indexBuilds = new Counter({
  name: "introbase_directory_index_builds_total",
  help: "Full builds of the directory index, by where it came from (database, snapshot) and outcome (ok, failed).",
  labelNames: ["source", "outcome"] as const,
  registers: [registry],
});
const indexBuildDuration = new Histogram({
  name: "introbase_directory_index_build_duration_seconds",
  help: "How long a full build of the directory index took, by source.",
  labelNames: ["source"] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
  registers: [registry],
});
const indexGeneration = new Gauge({
  name: "introbase_directory_index_generation",
  help: "How many times this process has replaced the directory index it serves (a build or a catch-up).",
  registers: [registry],
  aggregator: "max",
});
const indexListings = new Gauge({
  name: "introbase_directory_index_listings",
  help: "Listings in the directory index this process serves.",
  registers: [registry],
  aggregator: "max",
});
const indexBuiltAt = new Gauge({
  name: "introbase_directory_index_last_build_timestamp_seconds",
  help: "When the last full build of the directory index ended (Unix time).",
  registers: [registry],
  aggregator: "max",
});

export function countIndexBuild(
  source: "database" | "snapshot" | "unknown",
  outcome: "ok" | "failed",
  seconds: number,
  endedAtMs: number,
): void {
  indexBuilds.inc({ source, outcome });
  if (outcome === "ok") {
    indexBuildDuration.observe({ source }, seconds);
    indexBuiltAt.set(endedAtMs / 1000);
  }
}

/** A new index is served: after a build, or after a catch-up applied changes to it. */
export function servedIndex(listings: number): void {
  indexGeneration.inc();
  indexListings.set(listings);
}

const cacheLookups = new Counter({
  name: "introbase_cache_lookups_total",
  help: "Lookups in the in-process caches, by cache and result (hit, miss).",
  labelNames: ["cache", "result"] as const,
  registers: [registry],
});

export type CacheName = "directory_page" | "text_search_ranked" | "text_search_descriptions" | "facet_counts";

/** A lookup counter for one cache, to hand to the cache (TtlCache's onLookup). */
export function cacheLookupCounter(cache: CacheName): (hit: boolean) => void {
  const hits = cacheLookups.labels({ cache, result: "hit" });
  const misses = cacheLookups.labels({ cache, result: "miss" });
  return (hit) => (hit ? hits : misses).inc();
}

const rateLimitRefusals = new Counter({
  name: "introbase_rate_limit_refusals_total",
  help: "Attempts refused by a rate limit, by the limit's name.",
  labelNames: ["limit"] as const,
  registers: [registry],
});

export function countRateLimitRefusal(limit: string): void {
  rateLimitRefusals.inc({ limit });
}

const apiCalls = new Counter({
  name: "introbase_api_calls_total",
  help: "JSON API calls made with an API key, by the key owner's tier and outcome (allowed, refused).",
  labelNames: ["tier", "outcome"] as const,
  registers: [registry],
});

export function countApiCall(tier: string, outcome: "allowed" | "refused"): void {
  apiCalls.inc({ tier, outcome });
}

/** The text format Prometheus scrapes. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: registry.contentType, body: await registry.metrics() };
}
