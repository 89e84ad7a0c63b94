/**
 * The fair SQL peer (fair-sql-peer.ts) replayed over the app's in-process queries, right after the app's replay on the
 * same database and for the same viewer tier, and compared with it: latencies, the text-only queries apart, and in how
 * many queries the peer's total equals the app's.
 */
import { getFieldRules } from "~/features/access/field-rules.server.ts";
import type { AccessLevel } from "~/features/access/tiers.ts";
import { getReferenceData } from "~/features/catalog/reference-data.server.ts";
import { parseDirectoryQuery } from "~/features/directory/directory-filters.ts";
import type { Database } from "~/lib/db.server.ts";
import type { QuerySample } from "./directory-in-process.ts";
import type { FairPeerBuild } from "./fair-peer-build.ts";
import { FAIR_PEER_CONNECTIONS, fairResponse, openFairPeer } from "./fair-sql-peer.ts";
import { log } from "./machine.ts";
import type { BenchQuery } from "./queries.ts";
import { round, summarize, type LatencySummary } from "./stats.ts";

export interface FairPeerResult {
  build: FairPeerBuild;
  connections: number;
  summary: LatencySummary;
  /** Queries with search text, and those with nothing but search text (and page, size, sort). */
  text: LatencySummary;
  textOnly: LatencySummary;
  /** The app's in-process times of the same queries the peer answered, for the ratios. */
  app: { summary: LatencySummary; text: LatencySummary; textOnly: LatencySummary };
  totals: { agree: number; compared: number; textAgree: number; textCompared: number };
  statementsMean: number;
  truncated: boolean;
}

const SHAPE_PARAMS = new Set(["searchQuery", "page", "pageSize", "sort"]);
/** A query whose only filter is its search text. */
export function isTextOnly(params: string): boolean {
  const p = new URLSearchParams(params);
  return Boolean(p.get("searchQuery")) && [...p.keys()].every((k) => SHAPE_PARAMS.has(k));
}

export async function replayFairPeer(
  database: Database,
  url: string,
  app: QuerySample[],
  warmup: BenchQuery[],
  options: { tier: AccessLevel; timeLimitMs: number; rebuild: boolean },
): Promise<FairPeerResult> {
  const [ref, rules] = await Promise.all([getReferenceData(database), getFieldRules(database)]);
  const peer = await openFairPeer(url, { tier: options.tier, rules, rebuild: options.rebuild, log });
  try {
    const now = new Date();
    for (const q of warmup) {
      const parsed = parseDirectoryQuery(new URLSearchParams(q.params));
      if (parsed.ok) await fairResponse(peer, parsed.query, ref, now);
    }
    log(`postgres: fair SQL peer, ${app.length} queries (${FAIR_PEER_CONNECTIONS} connections, JIT off, tier ${options.tier})`);
    const done: Array<{ app: QuerySample; ms: number }> = [];
    const totals = { agree: 0, compared: 0, textAgree: 0, textCompared: 0 };
    let statements = 0;
    let truncated = false;
    const started = performance.now();
    for (const sample of app) {
      if (performance.now() - started > options.timeLimitMs) {
        truncated = true;
        log(`postgres: fair peer time limit reached after ${done.length} queries`);
        break;
      }
      const parsed = parseDirectoryQuery(new URLSearchParams(sample.params));
      if (!parsed.ok) continue;
      const start = performance.now();
      const answer = await fairResponse(peer, parsed.query, ref, now);
      done.push({ app: sample, ms: round(performance.now() - start) });
      statements += answer.statements;
      const same = answer.total === sample.total ? 1 : 0;
      if (parsed.query.searchQuery) {
        totals.textCompared++;
        totals.textAgree += same;
      } else {
        totals.compared++;
        totals.agree += same;
      }
    }
    const text = done.filter((d) => new URLSearchParams(d.app.params).get("searchQuery"));
    const textOnly = done.filter((d) => isTextOnly(d.app.params));
    return {
      build: peer.build,
      connections: FAIR_PEER_CONNECTIONS,
      summary: summarize(done.map((d) => d.ms)),
      text: summarize(text.map((d) => d.ms)),
      textOnly: summarize(textOnly.map((d) => d.ms)),
      app: {
        summary: summarize(done.map((d) => d.app.ms)),
        text: summarize(text.map((d) => d.app.ms)),
        textOnly: summarize(textOnly.map((d) => d.app.ms)),
      },
      totals,
      statementsMean: round(statements / (done.length || 1)),
      truncated,
    };
  } finally {
    await peer.close();
  }
}
