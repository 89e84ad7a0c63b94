/**
 * Lighthouse 13 against the production server: `npm run bench:lighthouse -- [options]` (through tsx: it seeds the
 * benchmark database with the app's own generator when it is empty).
 *
 * Pages: home (/), the directory (/listings) and one public startup profile (the first unlocked startup that
 * GET /api/listings?type=startup returns). Mobile form factor and simulated throttling (Lighthouse's defaults),
 * Chromium from Debian, headless. A run that fails (Lighthouse's NO_NAVSTART, mostly) is retried once.
 * Results: bench/results/lighthouse-latest.{json,md} (+ a dated JSON); full reports in bench/.data/lighthouse/.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { prepareDatabase } from "./lib/databases.ts";
import { DATA_DIR, dateStamp, log, machineInfo, machineMarkdown, REPO_ROOT, writeResult } from "./lib/machine.ts";
import { startLocalPostgres, type LocalPostgres } from "./lib/postgres.ts";
import { buildApp, onInterrupt, startServer, type RunningServer } from "./lib/server.ts";

const { values: args } = parseArgs({
  options: {
    engine: { type: "string", default: "" },
    "start-postgres": { type: "boolean", default: false },
    "pg-port": { type: "string", default: process.env.BENCH_PG_PORT || "55432" },
    "pg-dir": { type: "string", default: process.env.BENCH_PG_DIR || "/tmp/introbase-bench-pg15" },
    "pglite-dir": { type: "string", default: path.join(DATA_DIR, "pglite-100k") },
    listings: { type: "string", default: "100000" },
    port: { type: "string", default: "3320" },
    "skip-build": { type: "boolean", default: false },
    pages: { type: "string", default: "home,directory,profile" },
    runs: { type: "string", default: "3" },
    strict: { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});

if (args.help) {
  console.log(`npm run bench:lighthouse -- [options]      (npm run audit:lighthouse is the same)
  --engine pglite|postgres   the database the server uses (default: PostgreSQL when BENCH_DATABASE_URL or --start-postgres, else PGlite)
  --start-postgres           initdb/start a PostgreSQL 15 on 127.0.0.1:--pg-port with data in --pg-dir, stop it afterwards
  --pglite-dir DIR           the embedded database (default bench/.data/pglite-100k), seeded when empty
  --listings 100000          listings seeded into an empty database
  --port 3320                port of the production server it starts on 127.0.0.1
  --skip-build               reuse the build in build-bench
  --pages home,directory,profile   --runs 3 (the median run is reported)
  --strict                   exit 1 when a target is missed (setup errors always exit 1)`);
  process.exit(0);
}

const TARGETS: Record<string, number> = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };
const CATEGORIES = Object.keys(TARGETS);
const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";
const CHROME_FLAGS = "--headless --no-sandbox --disable-gpu";
const RUN_TIMEOUT_MS = 240_000;
const REPORT_DIR = path.join(DATA_DIR, "lighthouse");

interface AuditRef {
  id: string;
  weight: number;
}
interface Lhr {
  finalDisplayedUrl?: string;
  lighthouseVersion: string;
  runtimeError?: { code: string; message: string };
  runWarnings?: string[];
  categories: Record<string, { score: number | null; auditRefs: AuditRef[] }>;
  audits: Record<
    string,
    {
      id: string;
      title: string;
      score: number | null;
      scoreDisplayMode: string;
      displayValue?: string;
      numericValue?: number;
      metricSavings?: Record<string, number | undefined>;
      details?: { type?: string; items?: Array<Record<string, unknown>> };
    }
  >;
}

interface FailingAudit {
  id: string;
  title: string;
  score: number | null;
  displayValue?: string;
  /** Elements or resources the audit points at: CSS selector, HTML snippet or URL. */
  items: string[];
}

interface PageResult {
  name: string;
  url: string;
  attempts: number;
  error?: string;
  lighthouseVersion?: string;
  scores: Record<string, number | null>;
  metrics: Record<string, string | undefined>;
  failing: Record<string, FailingAudit[]>;
  warnings: string[];
  report?: string;
  /** Performance scores of every run; the page's result is the run with the median score. */
  performanceRuns?: number[];
}

function describeItem(item: Record<string, unknown>): string | null {
  const node = (item.type === "node" ? item : (item.node ?? item.element ?? item.relatedNode)) as
    { selector?: string; snippet?: string; nodeLabel?: string } | undefined;
  if (item.type === "table") {
    const rows = (item.items as Array<Record<string, unknown>> | undefined) ?? [];
    return rows.map((r) => `${String(r.label ?? r.subpart ?? "")} ${Math.round(Number(r.duration ?? 0))} ms`).join(", ") || null;
  }
  if (node?.selector || node?.snippet)
    return [node.selector, node.snippet?.slice(0, 200), node.nodeLabel && `"${node.nodeLabel.slice(0, 80)}"`].filter(Boolean).join("  ");
  for (const key of ["url", "source", "description", "label"]) {
    const value = item[key];
    if (typeof value === "string") return value.slice(0, 200);
    if (value && typeof value === "object" && "url" in value) return String((value as { url: string }).url).slice(0, 200);
  }
  // Nested tables (e.g. color-contrast groups sub-items)
  const sub = item.subItems as { items?: Array<Record<string, unknown>> } | undefined;
  const first = sub?.items?.[0];
  return first ? describeItem(first) : null;
}

function failingAudits(lhr: Lhr, category: string): FailingAudit[] {
  const out: FailingAudit[] = [];
  const describe = (id: string, limit = 6): string[] =>
    [...new Set((lhr.audits[id]?.details?.items ?? []).map(describeItem).filter((x): x is string => Boolean(x)))].slice(0, limit);
  for (const ref of lhr.categories[category]?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 1) continue;
    if (["informative", "notApplicable", "manual", "error"].includes(audit.scoreDisplayMode)) continue;
    if (category === "performance") {
      // Points are lost on the weighted metrics; other audits matter when Lighthouse says they would move one.
      const savings = Object.values(audit.metricSavings ?? {}).reduce<number>((sum, n) => sum + (n ?? 0), 0);
      if (ref.weight > 0 ? audit.score >= 0.9 : audit.score >= 0.9 || savings <= 0) continue;
    }
    out.push({ id: audit.id, title: audit.title, score: audit.score, displayValue: audit.displayValue, items: describe(audit.id) });
  }
  if (category === "performance") {
    const metric = (id: string) => lhr.audits[id]?.score ?? 1;
    // Where the time goes, for the page owners: the longest main-thread tasks and the LCP element.
    if (metric("total-blocking-time") < 0.9 || metric("first-contentful-paint") < 0.9 || metric("largest-contentful-paint") < 0.9) {
      const tasks = (lhr.audits["long-tasks"]?.details?.items ?? [])
        .slice(0, 4)
        .map((t) => `${String(t.url)} ${Math.round(Number(t.duration))} ms at ${Math.round(Number(t.startTime))} ms`);
      if (tasks.length) out.push({ id: "long-tasks", title: "Longest main-thread tasks (context)", score: null, items: tasks });
      const work = (lhr.audits["mainthread-work-breakdown"]?.details?.items ?? [])
        .slice(0, 4)
        .map((t) => `${String(t.groupLabel ?? t.group)} ${Math.round(Number(t.duration))} ms`);
      if (work.length) out.push({ id: "mainthread-work-breakdown", title: "Main-thread work by kind (context)", score: null, items: work });
      const lcp = describe("lcp-breakdown-insight", 8);
      if (lcp.length)
        out.push({ id: "lcp-breakdown-insight", title: "Largest Contentful Paint element (context)", score: null, items: lcp });
    }
  }
  return out;
}

/** Lighthouse's advice: scores vary between runs, report the median of several. */
function runMedian(name: string, url: string, runs: number): PageResult {
  const results = Array.from({ length: runs }, (_, i) => runLighthouse(name, url, runs > 1 ? `${name}-${i + 1}` : name));
  const ok = results.filter((r) => !r.error).sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
  if (!ok.length) return results[0]!;
  const median = ok[Math.floor((ok.length - 1) / 2)]!;
  return { ...median, performanceRuns: results.map((r) => r.scores.performance ?? NaN) };
}

function runLighthouse(name: string, url: string, file: string): PageResult {
  const result: PageResult = { name, url, attempts: 0, scores: {}, metrics: {}, failing: {}, warnings: [] };
  mkdirSync(REPORT_DIR, { recursive: true });
  const output = path.join(REPORT_DIR, `${file}.json`);
  for (let attempt = 1; attempt <= 2; attempt++) {
    result.attempts = attempt;
    rmSync(output, { force: true });
    log(`lighthouse ${name}: ${url}${attempt > 1 ? " (retry)" : ""}`);
    const run = spawnSync(
      process.execPath,
      [
        path.join(REPO_ROOT, "node_modules/lighthouse/cli/index.js"),
        url,
        "--output=json",
        `--output-path=${output}`,
        `--chrome-flags=${CHROME_FLAGS}`,
        `--only-categories=${CATEGORIES.join(",")}`,
        "--quiet",
      ],
      { cwd: REPO_ROOT, env: { ...process.env, CHROME_PATH }, encoding: "utf8", timeout: RUN_TIMEOUT_MS },
    );
    let lhr: Lhr | undefined;
    try {
      lhr = JSON.parse(readFileSync(output, "utf8")) as Lhr;
    } catch {
      lhr = undefined;
    }
    const runtime = lhr?.runtimeError?.code;
    if (!lhr || runtime) {
      result.error = runtime
        ? `${runtime}: ${lhr?.runtimeError?.message}`
        : `lighthouse exited ${run.status ?? run.signal}: ${(run.stderr || run.stdout || "").trim().split("\n").slice(-3).join(" ")}`;
      log(`lighthouse ${name}: ${result.error}`);
      continue; // one retry: NO_NAVSTART and similar failures are intermittent under headless Chromium
    }
    delete result.error;
    result.lighthouseVersion = lhr.lighthouseVersion;
    result.report = path.relative(REPO_ROOT, output);
    result.warnings = lhr.runWarnings ?? [];
    for (const category of CATEGORIES) {
      const score = lhr.categories[category]?.score;
      result.scores[category] = score === null || score === undefined ? null : Math.round(score * 100);
      result.failing[category] = failingAudits(lhr, category);
    }
    for (const id of [
      "first-contentful-paint",
      "largest-contentful-paint",
      "total-blocking-time",
      "cumulative-layout-shift",
      "speed-index",
      "server-response-time",
    ]) {
      result.metrics[id] = lhr.audits[id]?.displayValue;
    }
    return result;
  }
  return result;
}

let server: RunningServer | undefined;
let localPg: LocalPostgres | undefined;
onInterrupt(async () => {
  await server?.stop();
  localPg?.stop();
});

const machine = machineInfo();
const engine = args.engine || (args["start-postgres"] || process.env.BENCH_DATABASE_URL ? "postgres" : "pglite");
if (engine !== "pglite" && engine !== "postgres") throw new Error(`--engine must be pglite or postgres`);
const results: PageResult[] = [];
let setupError: string | null = null;
try {
  let url: string | undefined;
  if (engine === "postgres") {
    if (args["start-postgres"]) {
      localPg = await startLocalPostgres({ dataDir: args["pg-dir"], port: Number(args["pg-port"]), database: "introbase_bench", log });
      url = localPg.url;
    } else {
      url = process.env.BENCH_DATABASE_URL;
    }
    if (!url) throw new Error("--engine postgres needs BENCH_DATABASE_URL or --start-postgres");
  }
  const prepared = await prepareDatabase({
    engine,
    url,
    dir: args["pglite-dir"],
    listings: Number(args.listings),
    allowReset: engine === "pglite" || Boolean(localPg),
    log,
  });
  await prepared.database.close();
  buildApp(log, { skip: args["skip-build"] });
  server = await startServer({
    port: Number(args.port),
    name: `lighthouse-${engine}`,
    databaseUrl: url,
    pgliteDir: engine === "pglite" ? args["pglite-dir"] : undefined,
    log,
  });
  const origin = server.origin;
  const pages: Array<[string, string]> = [];
  const wanted = args.pages.split(",").map((p) => p.trim());
  if (wanted.includes("home")) pages.push(["home", `${origin}/`]);
  if (wanted.includes("directory")) pages.push(["directory", `${origin}/listings`]);
  if (wanted.includes("profile")) {
    const list = (await (await fetch(`${origin}/api/listings?type=startup`, { signal: AbortSignal.timeout(30_000) })).json()) as {
      data?: Array<{ slug: string; type: string; locked: boolean }>;
    };
    const pick = list.data?.find((item) => !item.locked);
    if (pick) pages.push(["profile", `${origin}/profile/${pick.type}/${pick.slug}`]);
    else
      results.push({
        name: "profile",
        url: "",
        attempts: 0,
        error: "no public startup in GET /api/listings?type=startup",
        scores: {},
        metrics: {},
        failing: {},
        warnings: [],
      });
  }
  // Warm the server (first render of each route, the 2-minute result cache) so Lighthouse sees steady state.
  for (const [, pageUrl] of pages)
    await fetch(pageUrl, { signal: AbortSignal.timeout(30_000) })
      .then((r) => r.arrayBuffer())
      .catch(() => {});
  for (const [name, pageUrl] of pages) results.push(runMedian(name, pageUrl, Math.max(1, Number(args.runs) || 1)));
} catch (error) {
  setupError = (error as Error).message;
  log(`lighthouse setup failed: ${setupError}`);
} finally {
  await server?.stop();
  localPg?.stop();
}

// ---------------------------------------------------------------------------------------------------------------
// Report

const verdict = (category: string, score: number | null | undefined) =>
  score === null || score === undefined ? "n/a" : score >= TARGETS[category]! ? "PASS" : "FAIL";
const summary = {
  machine,
  engine,
  chrome: CHROME_PATH,
  chromeFlags: CHROME_FLAGS,
  formFactor: "mobile (Lighthouse default, simulated throttling)",
  targets: TARGETS,
  setupError,
  pages: results,
};
writeResult("lighthouse-latest.json", summary);
writeResult(`lighthouse-${dateStamp()}.json`, summary);

const md: string[] = [
  `# Lighthouse (latest run)`,
  "",
  `Generated by \`npm run bench:lighthouse\` (bench/lighthouse.ts): Lighthouse ${results.find((r) => r.lighthouseVersion)?.lighthouseVersion ?? "?"}, ` +
    `${summary.formFactor}, Chromium ${CHROME_PATH} (${CHROME_FLAGS}), production server on ${engine}. ${machineMarkdown(machine)}`,
  "",
  `Targets: performance >= 95, accessibility 100, best practices 100, SEO 100. Each page ran ${args.runs} times; the table shows the run with the ` +
    `median performance score (all scores in the last column). The performance score moves with machine load (shared machine).`,
  "",
  `| page | URL | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | server response | performance of each run |`,
  `|---|---|---|---|---|---|---|---|---|---|---|---|`,
];
for (const r of results) {
  const cell = (c: string) => (r.scores[c] === undefined ? "-" : `${r.scores[c] ?? "n/a"} ${verdict(c, r.scores[c])}`);
  md.push(
    `| ${r.name} | \`${r.url.replace(/^https?:\/\/[^/]+/, "")}\` | ${cell("performance")} | ${cell("accessibility")} | ${cell("best-practices")} | ${cell("seo")} | ` +
      `${r.metrics["first-contentful-paint"] ?? "-"} | ${r.metrics["largest-contentful-paint"] ?? "-"} | ${r.metrics["total-blocking-time"] ?? "-"} | ` +
      `${r.metrics["cumulative-layout-shift"] ?? "-"} | ${r.metrics["server-response-time"] ?? "-"} | ${r.performanceRuns?.join(", ") ?? "-"} |`,
  );
}
if (setupError) md.push("", `Setup failed: ${setupError}`);
for (const r of results) {
  md.push("", `## ${r.name}: failing audits`, "");
  if (r.error) md.push(`Run failed after ${r.attempts} attempt(s): ${r.error}`, "");
  let any = false;
  for (const category of CATEGORIES) {
    for (const a of r.failing[category] ?? []) {
      any = true;
      md.push(`- **${category}** \`${a.id}\` (score ${a.score ?? "n/a"}${a.displayValue ? `, ${a.displayValue}` : ""}): ${a.title}`);
      for (const item of a.items) md.push(`  - \`${item.replace(/`/g, "'").replace(/\s+/g, " ")}\``);
    }
  }
  if (!any && !r.error) md.push("None.");
  if (r.warnings.length) md.push("", `Run warnings: ${r.warnings.join(" ")}`);
}
md.push("", `Full reports: bench/.data/lighthouse/<page>-<run>.json (not committed; open with the Lighthouse viewer).`, "");
writeResult("lighthouse-latest.md", md.join("\n"));

console.log(`\nLighthouse (${engine})`);
let missed = false;
for (const r of results) {
  if (r.error) console.log(`  ${r.name}: ERROR ${r.error}`);
  const parts = CATEGORIES.map((c) => {
    const v = verdict(c, r.scores[c]);
    if (v === "FAIL") missed = true;
    return `${c} ${r.scores[c] ?? "-"} ${v}`;
  });
  if (!r.error) console.log(`  ${r.name}: ${parts.join(", ")}`);
}
process.exitCode = setupError || results.some((r) => r.error) || (args.strict && missed) ? 1 : 0;
