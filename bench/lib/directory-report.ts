/**
 * The directory benchmark's report (bench/directory.ts): the targets of earlier issues each engine's result is
 * judged by, the Markdown summary (issue 17's table, datasets, the in-process and HTTP measurements), the explain
 * file and the console summary. Everything it reads comes in as arguments: the run's results and settings.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { DatasetInfo, Engine } from "./databases.ts";
import type { HttpReplayResult, LoadResult } from "./directory-http.ts";
import type { InProcessResult } from "./directory-in-process.ts";
import {
  issueMarkdown,
  issueRows,
  type IndexBuildResult,
  type IssueMeasurements,
  type PeerResult,
  type TextSearchResult,
} from "./issue-table.ts";
import type { ChangeVisibilityResult } from "./change-visibility.ts";
import type { FairPeerResult } from "./fair-peer-replay.ts";
import { issue33Markdown, issue33Rows, type Issue33Measurements } from "./issue33-table.ts";
import { dateStamp, log, machineMarkdown, RESULTS_DIR, writeResult, type MachineInfo } from "./machine.ts";
import type { MaintenanceResult } from "./maintenance.ts";
import type { ProcessMemory } from "./process-memory.ts";
import { POPULAR_DIRECTORY_URLS } from "./queries.ts";
import type { StartTimes } from "./server.ts";
import { ms, type LatencySummary } from "./stats.ts";

const TARGETS = { postgresP95Ms: 50, pgliteP95Ms: 150, htmlRps: 150 } as const;

export interface Target {
  name: string;
  target: string;
  measured: string;
  pass: boolean | null;
}

/** One engine's measurements: written as bench/results/directory-<engine>-<listings>-<date>.json and read back. */
export interface EngineResult {
  engine: Engine;
  machine: MachineInfo;
  dataset: DatasetInfo;
  settings: Record<string, unknown>;
  queries: { count: number; seed: number; warmup: number; categories: Record<string, number> };
  inProcess: InProcessResult | null;
  http: { jsonReplay: HttpReplayResult; htmlCached: LoadResult; htmlUncached: LoadResult | null; loadAverageAfter: number[] } | null;
  targets: Target[];
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
  /** Issue 33's rows beyond issue 17's (bench/lib/issue33-table.ts). */
  issue33: {
    changeVisibility: ChangeVisibilityResult | null;
    fairPeer: FairPeerResult | null;
    /** Whether issue 17's naive plain-SQL peer ran too (its result is issue17.peer). */
    naivePeer: boolean;
    /** GET /api/listings over the queries whose only filter is their search text. */
    apiTextOnly: LatencySummary | null;
  };
  errors: string[];
}

/** The run the results come from: what the report says about how they were measured. */
export interface RunSettings {
  machine: MachineInfo;
  listings: number;
  seed: number;
  queryCount: number;
  warmupCount: number;
  categories: Record<string, number>;
  tier: string;
  connections: number;
  durationS: number;
  /** How many of the slowest queries per engine were explained (0: none, no explain file). */
  explainN: number;
}

/** The targets of the issues before 17, judged on one engine's result (also stored in its JSON). */
export function targetsFor(r: EngineResult, run: RunSettings): Target[] {
  const out: Target[] = [];
  const bound = r.engine === "postgres" ? TARGETS.postgresP95Ms : TARGETS.pgliteP95Ms;
  const p95 = r.inProcess?.summary.p95;
  out.push({
    name: `complete response p95 (in-process, ${r.engine})`,
    target: `<= ${bound} ms`,
    measured:
      p95 === undefined
        ? "not measured"
        : `${ms(p95)}${r.inProcess?.truncated ? ` (time limit: ${r.inProcess.samples.length} of ${run.queryCount} queries)` : ""}`,
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
    name: `/listings HTML throughput, ${run.connections} clients (${r.engine}${r.engine === "pglite" ? ", informational" : ""})`,
    target: `>= ${TARGETS.htmlRps} req/s`,
    measured: rps === undefined ? "not measured" : `${rps} req/s`,
    pass: rps === undefined || r.engine !== "postgres" ? null : rps >= TARGETS.htmlRps && (r.http?.htmlCached.failed ?? 0) === 0,
  });
  return out;
}

/** Issue 17's measurements out of one engine's result. */
function issueMeasurements(r: EngineResult, run: RunSettings): IssueMeasurements {
  return {
    listings: r.dataset.listings,
    seededSeconds: r.dataset.seededSeconds,
    inProcess: r.inProcess?.summary ?? null,
    text: r.issue17?.text ?? null,
    htmlDistinctRps: r.http?.htmlUncached?.requestsPerSecond ?? null,
    htmlConnections: run.connections,
    indexBuild: r.issue17?.indexBuild ?? null,
    maintenance: r.issue17?.maintenance ?? null,
    start: r.issue17?.start ?? null,
    memoryAfterStart: r.issue17?.memoryAfterStart ?? [],
    memoryAtEnd: r.issue17?.memoryAtEnd ?? [],
  };
}

/** Issue 33's measurements out of one engine's result (results written before issue 33 have none of its own). */
function issue33Of(r: EngineResult, run: RunSettings): Issue33Measurements {
  const u = r.http?.htmlUncached;
  return {
    listings: r.dataset.listings,
    engine: r.engine,
    changeVisibility: r.issue33?.changeVisibility ?? null,
    api: r.http ? { summary: r.http.jsonReplay.summary, textOnly: r.issue33?.apiTextOnly ?? r.http.jsonReplay.summary } : null,
    fairPeer: r.issue33?.fairPeer ?? null,
    html: u
      ? { rps: u.requestsPerSecond, p99Ms: u.latencyMs.p99, connections: run.connections, redirects: u.redirects, failed: u.failed }
      : null,
    memoryAfterStart: r.issue17?.memoryAfterStart ?? [],
    memoryAtEnd: r.issue17?.memoryAtEnd ?? [],
    start: r.issue17?.start ?? null,
    maintenance: r.issue17?.maintenance ?? null,
  };
}

const verdict = (pass: boolean | null) => (pass === null ? "info" : pass ? "PASS" : "FAIL");
const row = (cells: Array<string | number>) => `| ${cells.join(" | ")} |`;
const sumRow = (label: string, s: LatencySummary | undefined) =>
  s ? row([label, s.count, ms(s.p50), ms(s.p95), ms(s.p99), ms(s.max), ms(s.mean)]) : row([label, "-", "-", "-", "-", "-", "-"]);
const SUM_HEAD = `| | n | p50 | p95 | p99 | max | mean |\n|---|---|---|---|---|---|---|`;

/** The report: the issues' tables, the datasets, the in-process search and the HTTP measurements, in that order. */
function markdown(results: EngineResult[], run: RunSettings): string {
  return [
    ...issueTablesMarkdown(results, run),
    ...datasetsMarkdown(results),
    ...inProcessMarkdown(results, run),
    ...httpMarkdown(results, run),
  ].join("\n");
}

/** The header and the tables of issues 33 and 17, and the earlier issues' targets. */
function issueTablesMarkdown(results: EngineResult[], run: RunSettings): string[] {
  const lines: string[] = [];
  lines.push(`# Directory benchmark (latest run)`, "");
  lines.push(`Generated by \`npm run bench:directory\` (bench/directory.ts). ${machineMarkdown(run.machine)}`, "");
  lines.push(
    `The machine is shared with other work; load averages are recorded per engine. Re-run on a quiet machine before drawing fine conclusions.`,
    "",
  );
  lines.push(
    `## Issue 33's table`,
    "",
    `The issue's rows and targets (set for 1,000,000 listings, the maintenance tail's at 100,000; none above 1M). Change: two ` +
      `one-process production servers on two ports against the same PostgreSQL, each polled directly after a rename through ` +
      `the editor's save; JSON API: one pass of distinct queries (every one a cache miss) against the cluster (one process ` +
      `per core); HTML: autocannon, every request a new query; memory: /proc VmRSS after start and VmHWM at the end; cold ` +
      `start: from spawning \`node server/index.ts\`; maintenance tail: 4 clients while 3 listings are renamed.`,
    "",
  );
  for (const r of results) lines.push(...issue33Markdown(issue33Of(r, run)), "");
  lines.push(
    `## Issue 17's table`,
    "",
    `An earlier issue's rows, kept for the in-process complete response, the text search, the index build and the seed; ` +
      `its HTML, memory and start rows are issue 33's with other bars. The issue's rows and targets (set for 1,000,000 listings; the same bars at any size). Complete response and text search: ` +
      `in-process searchListings over the replayed queries; HTML req/s: autocannon, every request a distinct query; index ` +
      `build: in-process, then the server's request tail while each of its processes rebuilds after a listings change ` +
      `announced through the change feed; memory: /proc VmRSS after start and VmHWM at the end, per server process; cold ` +
      `start: from spawning \`node server/index.ts\`.`,
    "",
  );
  for (const r of results) {
    lines.push(
      ...issueMarkdown(r.engine, run.tier, issueMeasurements(r, run), r.issue17?.peer ?? null, r.issue17?.text?.summary ?? null),
      "",
    );
  }
  lines.push(`## Targets of earlier issues`, "", `| target | bound | measured | result |`, `|---|---|---|---|`);
  for (const r of results) for (const t of r.targets) lines.push(row([t.name, t.target, t.measured, verdict(t.pass)]));
  return lines;
}

/** What each engine ran on. */
function datasetsMarkdown(results: EngineResult[]): string[] {
  const lines: string[] = [];
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
  return lines;
}

/** searchListings in the process: the complete response, by category, by page size, the slowest queries. */
function inProcessMarkdown(results: EngineResult[], run: RunSettings): string[] {
  const lines: string[] = [];
  lines.push("", `## In-process: searchListings, the complete response`, "");
  lines.push(
    `${run.queryCount} distinct queries (seed ${run.seed}), replayed one after the other after ${run.warmupCount} warm-up queries, viewer tier ${run.tier}. ` +
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
    `Mix: ${Object.entries(run.categories)
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
  for (const category of Object.keys(run.categories).sort()) {
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
  return lines;
}

/** The production server: the JSON API replay, the HTML under load, errors and where the raw samples are. */
function httpMarkdown(results: EngineResult[], run: RunSettings): string[] {
  const lines: string[] = [];
  lines.push("", `## HTTP: production server (\`node server/index.ts\`, NODE_ENV=production, 127.0.0.1)`, "");
  lines.push(
    `GET /api/listings: the same ${run.queryCount} queries, one pass, one at a time. They are all distinct, so every request misses the ` +
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
    `/listings HTML under load: autocannon, ${run.connections} concurrent connections, ${run.durationS} s, browser-like Accept-Encoding. ` +
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
    `Raw samples: bench/results/directory-<engine>-${run.listings}-${dateStamp()}.json.${run.explainN > 0 ? ` Query plans of the slowest queries: bench/results/directory-explain-latest.md.` : ""}`,
    "",
  );
  return lines;
}

function fmt3(s: LatencySummary | undefined): string {
  return s ? `${s.p50.toFixed(1)} / ${s.p95.toFixed(1)} / ${s.max.toFixed(1)} ms (n=${s.count})` : "-";
}

/** Engines not measured in this run keep their most recent result in the summary, marked as such. */
function withEarlierResults(measured: EngineResult[], run: RunSettings): { results: EngineResult[]; notes: string[] } {
  const results = [...measured];
  const notes: string[] = [];
  for (const engine of ["pglite", "postgres"] as const) {
    if (results.some((r) => r.engine === engine)) continue;
    const files = existsSync(RESULTS_DIR)
      ? readdirSync(RESULTS_DIR).filter((f) => new RegExp(`^directory-${engine}-${run.listings}-\\d{4}-\\d{2}-\\d{2}\\.json$`).test(f))
      : [];
    const latest = files.sort().at(-1);
    if (!latest) continue;
    const earlier = JSON.parse(readFileSync(path.join(RESULTS_DIR, latest), "utf8")) as EngineResult;
    if (earlier.queries?.seed !== run.seed || earlier.queries.count !== run.queryCount) continue;
    results.push(earlier);
    notes.push(`${engine}: from an earlier run (${latest}, measured ${earlier.machine.measuredAt}).`);
  }
  results.sort((a, b) => a.engine.localeCompare(b.engine));
  return { results, notes };
}

/**
 * Writes the summary of this run's results (with the latest earlier result of an engine it did not measure) as
 * directory-latest.md and directory-<listings>-latest.md, and the query plans as directory-explain-latest.md.
 */
export function writeReport(measured: EngineResult[], explains: string[], run: RunSettings): void {
  if (!measured.length) return;
  const { results, notes } = withEarlierResults(measured, run);
  const report =
    markdown(results, run) +
    (notes.length ? `\nNot measured in this run, shown from the latest earlier result:\n\n${notes.map((n) => `- ${n}`).join("\n")}\n` : "");
  // The latest run, and the latest run at this size (so a 100k run does not replace the 1M summary).
  log(`wrote ${writeResult("directory-latest.md", report)}`);
  log(`wrote ${writeResult(`directory-${run.listings}-latest.md`, report)}`);
  if (explains.length)
    log(
      `wrote ${writeResult("directory-explain-latest.md", `# Query plans of the slowest directory queries\n\n${machineMarkdown(run.machine)}\n\n${explains.join("\n")}`)}`,
    );
}

/** This run's results on the console, engines in name order: the numbers, issue 17's rows, the targets, the errors. */
export function printSummary(measured: EngineResult[], run: RunSettings): void {
  console.log("\nDirectory benchmark");
  for (const r of [...measured].sort((a, b) => a.engine.localeCompare(b.engine))) {
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
    for (const t of issue33Rows(issue33Of(r, run)))
      console.log(
        `  [${t.met === null ? "no verdict" : t.met ? "met" : "NOT MET"}] issue 33: ${t.row}: ${t.measured} (target ${t.target})`,
      );
    for (const t of issueRows(issueMeasurements(r, run)))
      console.log(`  [${t.met === null ? "not measured" : t.met ? "met" : "NOT MET"}] ${t.row}: ${t.measured} (target ${t.target})`);
    for (const t of r.targets) console.log(`  [${verdict(t.pass)}] ${t.name}: ${t.measured} (target ${t.target})`);
    for (const e of r.errors) console.log(`  [ERROR] ${e.split("\n")[0]}`);
  }
}
