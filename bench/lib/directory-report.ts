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
import { issueRows, type IndexBuildResult, type PeerResult, type TextSearchResult } from "./issue-table.ts";
import type { ChangeVisibilityResult } from "./change-visibility.ts";
import type { FairPeerResult } from "./fair-peer-replay.ts";
import { directoryMarkdown, issue33Of, issueMeasurements, verdict } from "./directory-report-markdown.ts";
import { issue33Rows } from "./issue33-table.ts";
import { log, machineMarkdown, RESULTS_DIR, writeResult, type MachineInfo } from "./machine.ts";
import type { MaintenanceResult } from "./maintenance.ts";
import type { ProcessMemory } from "./process-memory.ts";
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
    directoryMarkdown(results, run) +
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
