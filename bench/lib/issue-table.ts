/**
 * Issue 17's table ("a million listings"): its rows, measured by bench/directory.ts at whatever size it ran, each
 * with the issue's target and whether it is met. The targets are the issue's (set for 1,000,000 listings); at a
 * smaller size they are the same bars, so a miss there is a miss at 1M too.
 */
import type { MaintenanceResult } from "./maintenance.ts";
import type { ProcessMemory } from "./process-memory.ts";
import type { StartTimes } from "./server.ts";
import { ms, type LatencySummary } from "./stats.ts";

const ISSUE_TARGETS = {
  p95Ms: 100,
  p99Ms: 250,
  textP95Ms: 150,
  textMaxMs: 1000,
  htmlDistinctRps: 60,
  maintenanceRatio: 2,
  processMiB: 600,
  firstListingsS: 5,
  allReadyS: 10,
  seedS: 300,
} as const;

export interface TextSearchResult {
  summary: LatencySummary;
  slowest: { ms: number; params: string } | null;
  overOneSecond: number;
}

export interface PeerResult {
  summary: LatencySummary;
  text: LatencySummary;
  /** Queries without text whose total equals the app's, of how many compared. */
  totalsAgree: number;
  totalsCompared: number;
  truncated: boolean;
}

export interface IndexBuildResult {
  /** getDirectoryIndex on a fresh process: the narrow query and the index's construction. */
  coldS: number;
  /** The next build after a listings change was announced (the database's cache now warm). */
  rebuildS: number;
  /** The first text search after a build (the search index is made by the build since decision 0101). */
  firstSearchS: number;
  /**
   * Reading the description index after the build (0 when it came with the build): the in-process replay starts after
   * it, as a serving process answers once it has its snapshot (decision 0101). Older results have none.
   */
  descriptionsS?: number;
  heapDeltaMiB: number;
}

export interface IssueMeasurements {
  listings: number;
  seededSeconds: number | null;
  inProcess: LatencySummary | null;
  text: TextSearchResult | null;
  htmlDistinctRps: number | null;
  htmlConnections: number;
  indexBuild: IndexBuildResult | null;
  maintenance: MaintenanceResult | null;
  start: StartTimes | null;
  memoryAfterStart: ProcessMemory[];
  memoryAtEnd: ProcessMemory[];
}

export interface IssueRow {
  row: string;
  measured: string;
  target: string;
  met: boolean | null;
}

const s = (n: number | null | undefined) => (n === null || n === undefined ? "not measured" : `${n.toFixed(1)} s`);
const both = (a: boolean | null, b: boolean | null) => (a === null || b === null ? null : a && b);
const mib = (n: number) => `${Math.round(n)} MB`;

export function issueRows(m: IssueMeasurements): IssueRow[] {
  const rows: IssueRow[] = [];
  const p = m.inProcess;
  rows.push({
    row: "complete response (page, total, every facet) p95 / p99",
    measured: p ? `${ms(p.p95)} / ${ms(p.p99)}` : "not measured",
    target: `<= ${ISSUE_TARGETS.p95Ms} ms / <= ${ISSUE_TARGETS.p99Ms} ms`,
    met: p ? p.p95 <= ISSUE_TARGETS.p95Ms && p.p99 <= ISSUE_TARGETS.p99Ms : null,
  });
  const t = m.text;
  rows.push({
    row: "text-search responses p95",
    measured: t
      ? `${ms(t.summary.p95)} (n=${t.summary.count}); slowest ${ms(t.slowest?.ms ?? NaN)} \`${t.slowest?.params ?? ""}\`; ${t.overOneSecond} over 1 s`
      : "not measured",
    target: `<= ${ISSUE_TARGETS.textP95Ms} ms, no query over 1 s`,
    met: t ? t.summary.p95 <= ISSUE_TARGETS.textP95Ms && t.overOneSecond === 0 : null,
  });
  rows.push({
    row: `\`/listings\` HTML req/s, ${m.htmlConnections} clients, every request a new query`,
    measured: m.htmlDistinctRps === null ? "not measured" : `${m.htmlDistinctRps} req/s`,
    target: `>= ${ISSUE_TARGETS.htmlDistinctRps}`,
    met: m.htmlDistinctRps === null ? null : m.htmlDistinctRps >= ISSUE_TARGETS.htmlDistinctRps,
  });
  const b = m.indexBuild;
  const w = m.maintenance;
  const buildText = b
    ? `build ${s(b.coldS)} cold, ${s(b.rebuildS)} rebuilt, first search after it ${s(b.firstSearchS)}${b.descriptionsS === undefined ? "" : `, descriptions read after it ${s(b.descriptionsS)}`} (in-process, heap +${Math.round(b.heapDeltaMiB)} MB)`
    : "build not measured";
  const windowText = w
    ? `; during ${w.announcements} rebuilds (${w.windowS} s windows, ${w.clients} clients): p99 ${ms(w.window.p99)}, max ${ms(w.window.max)} (n=${w.window.count}) vs steady p99 ${ms(w.steady.p99)} (n=${w.steady.count}): ${w.p99Ratio}x${w.errors ? `, ${w.errors} errors` : ""}`
    : "; tail during rebuilds not measured";
  rows.push({
    row: "index build / periodic rebuild",
    measured: buildText + windowText,
    target: `no stall: the tail during index maintenance within ${ISSUE_TARGETS.maintenanceRatio}x the steady tail`,
    met: w && w.window.count && w.steady.count ? w.p99Ratio <= ISSUE_TARGETS.maintenanceRatio && w.errors === 0 : null,
  });
  const servers = (list: ProcessMemory[]) => list.filter((x) => x.role === "server");
  const after = servers(m.memoryAfterStart);
  const end = servers(m.memoryAtEnd);
  const maxAfter = after.length ? Math.max(...after.map((x) => x.rssMiB)) : null;
  const maxPeak = end.length ? Math.max(...end.map((x) => x.peakMiB)) : null;
  const primary = m.memoryAtEnd.find((x) => x.role === "primary");
  rows.push({
    row: "memory per server process",
    measured:
      maxAfter === null
        ? "not measured"
        : `${mib(maxAfter)} after start, ${maxPeak === null ? "?" : mib(maxPeak)} peak (largest of ${after.length} server processes, RSS / VmHWM${primary ? `; primary ${mib(primary.peakMiB)} peak` : ""})`,
    target: `<= ${ISSUE_TARGETS.processMiB} MB`,
    met: maxAfter === null || maxPeak === null ? null : Math.max(maxAfter, maxPeak) <= ISSUE_TARGETS.processMiB,
  });
  const st = m.start;
  rows.push({
    row: "cold start to first 200 / all workers ready",
    measured: st ? `${s(st.firstListingsS)} / ${s(st.allReadyS)} (/readyz ${s(st.readyzS)}, ${st.processes} processes)` : "not measured",
    target: `<= ${ISSUE_TARGETS.firstListingsS} s / <= ${ISSUE_TARGETS.allReadyS} s`,
    met: st
      ? both(
          st.firstListingsS === null ? false : st.firstListingsS <= ISSUE_TARGETS.firstListingsS,
          st.allReadyS === null ? false : st.allReadyS <= ISSUE_TARGETS.allReadyS,
        )
      : null,
  });
  rows.push({
    row: `\`npm run db:seed -- --listings ${m.listings}\` (the benchmark's seed)`,
    measured:
      m.seededSeconds === null
        ? "not measured: the seeded database was reused (run with a fresh --pg-dir, or --reset)"
        : `${s(m.seededSeconds)}, ${Math.round(m.listings / m.seededSeconds)} listings/s (with VACUUM ANALYZE)`,
    target: `<= 5 minutes`,
    met: m.seededSeconds === null ? null : m.seededSeconds <= ISSUE_TARGETS.seedS,
  });
  return rows;
}

export function issueMarkdown(
  engine: string,
  tier: string,
  m: IssueMeasurements,
  peer: PeerResult | null,
  appText: LatencySummary | null,
): string[] {
  const met = (x: boolean | null) => (x === null ? "not measured" : x ? "met" : "**not met**");
  const lines = [
    `| at ${m.listings.toLocaleString("en")} listings (${engine}) | measured | target | met |`,
    `|---|---|---|---|`,
    ...issueRows(m).map((r) => `| ${r.row} | ${r.measured} | ${r.target} | ${met(r.met)} |`),
  ];
  if (peer && m.inProcess) {
    const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(1)}x` : "n/a");
    lines.push(
      "",
      `Naive plain-SQL peer (bench/lib/plain-sql-peer.ts, \`--naive-peer\`: one GROUP BY per facet over the listings table, no gating; issue 33's fair peer is above), the same ${peer.summary.count} queries in the same run, one after the other on the same database:`,
      "",
      `| ${engine} | p50 | p95 | p99 | max |`,
      `|---|---|---|---|---|`,
      `| app: complete response | ${ms(m.inProcess.p50)} | ${ms(m.inProcess.p95)} | ${ms(m.inProcess.p99)} | ${ms(m.inProcess.max)} |`,
      `| plain SQL: complete response | ${ms(peer.summary.p50)} | ${ms(peer.summary.p95)} | ${ms(peer.summary.p99)} | ${ms(peer.summary.max)} |`,
      `| plain SQL / app | ${ratio(peer.summary.p50, m.inProcess.p50)} | ${ratio(peer.summary.p95, m.inProcess.p95)} | ${ratio(peer.summary.p99, m.inProcess.p99)} | ${ratio(peer.summary.max, m.inProcess.max)} |`,
    );
    if (appText && peer.text.count) {
      lines.push(
        `| app: text search | ${ms(appText.p50)} | ${ms(appText.p95)} | ${ms(appText.p99)} | ${ms(appText.max)} |`,
        `| plain SQL: text search | ${ms(peer.text.p50)} | ${ms(peer.text.p95)} | ${ms(peer.text.p99)} | ${ms(peer.text.max)} |`,
        `| plain SQL / app, text search | ${ratio(peer.text.p50, appText.p50)} | ${ratio(peer.text.p95, appText.p95)} | ${ratio(peer.text.p99, appText.p99)} | ${ratio(peer.text.max, appText.max)} |`,
      );
    }
    lines.push(
      "",
      `Totals of the ${peer.totalsCompared} queries without text: the peer's equal the app's in ${peer.totalsAgree}` +
        `${peer.totalsAgree === peer.totalsCompared ? "" : ` (the app gates by the viewer's tier, ${tier}; the peer answers as for a viewer who may open everything: run with --tier premium to compare totals one to one)`}. ` +
        `The peer's text search is a plain English prefix match (no typo tolerance, no gating), so text totals are not compared.` +
        `${peer.truncated ? " The peer's replay reached the time limit: it covers fewer queries than the app's." : ""}`,
    );
  }
  return lines;
}
