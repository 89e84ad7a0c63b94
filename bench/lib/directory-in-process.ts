/**
 * The directory benchmark's in-process phase (bench/directory.ts): searchListings replayed on a prepared database,
 * each query's complete response timed with its page and facets SQL apart; EXPLAIN of the slowest; issue 17's
 * text-search row; and the plain-SQL peer over the same queries on the same database.
 */
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Viewer } from "~/features/access/redact-listing.ts";
import { parseDirectoryQuery } from "~/features/directory/directory-filters.ts";
import { getDirectoryIndex } from "~/features/directory/search-index/directory-index.server.ts";
import { searchListings } from "~/features/directory/server/search-listings.server.ts";
import { warmDescriptionIndex } from "~/features/directory/search-index/text-indexes.server.ts";
import type { Database } from "~/lib/db.server.ts";
import type { Engine } from "./databases.ts";
import type { PeerResult, TextSearchResult } from "./issue-table.ts";
import { log } from "./machine.ts";
import { plainSqlResponse } from "./plain-sql-peer.ts";
import type { BenchQuery } from "./queries.ts";
import { ms, round, summarize, summarizeBy, type LatencySummary } from "./stats.ts";

export interface QuerySample {
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

export interface InProcessResult {
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

/** What every replay of a run shares: whose view it searches as, and how long a replay may take. */
export interface ReplayLimits {
  viewer: Viewer;
  timeLimitMs: number;
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

export async function replayInProcess(
  engine: Engine,
  raw: Database,
  queries: BenchQuery[],
  warmup: BenchQuery[],
  limits: ReplayLimits,
): Promise<InProcessResult> {
  const probe = instrument(raw);
  // The probe is a database handle of its own, so this process holds an index for it apart from the one the build
  // was timed on: made now, with its description index read, as a serving process has it (decision 0101).
  log(`${engine}: the replay's directory index and its description index`);
  await warmDescriptionIndex(probe.database, await getDirectoryIndex(probe.database));
  const run = async (q: BenchQuery) => {
    const parsed = parseDirectoryQuery(new URLSearchParams(q.params));
    if (!parsed.ok) throw new Error(`Invalid query ${q.params}: ${parsed.error}`);
    probe.take();
    const start = performance.now();
    const result = await searchListings(probe.database, parsed.query, limits.viewer);
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
    if (performance.now() - started > limits.timeLimitMs) {
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

/** EXPLAIN (ANALYZE, BUFFERS) of the page and facets queries of the `count` slowest queries: where the time goes. */
export async function explainSlowest(
  engine: Engine,
  raw: Database,
  slowest: QuerySample[],
  count: number,
  viewer: Viewer,
): Promise<string> {
  const probe = instrument(raw);
  const sections: string[] = [];
  for (const sample of slowest.slice(0, count)) {
    const parsed = parseDirectoryQuery(new URLSearchParams(sample.params));
    if (!parsed.ok) continue;
    probe.take();
    await searchListings(probe.database, parsed.query, viewer);
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
export function textSearchOf(samples: QuerySample[]): TextSearchResult {
  const text = samples.filter((s) => new URLSearchParams(s.params).get("searchQuery"));
  const slowest = [...text].sort((a, b) => b.ms - a.ms)[0];
  return {
    summary: summarize(text.map((s) => s.ms)),
    slowest: slowest ? { ms: slowest.ms, params: slowest.params } : null,
    overOneSecond: text.filter((s) => s.ms > 1000).length,
  };
}

/** The plain-SQL peer over the same queries, right after the app's replay on the same database. */
export async function replayPeer(
  engine: Engine,
  database: Database,
  app: QuerySample[],
  warmup: BenchQuery[],
  limits: Pick<ReplayLimits, "timeLimitMs">,
): Promise<PeerResult> {
  log(`${engine}: plain-SQL peer, ${app.length} queries`);
  const times: number[] = [];
  const textTimes: number[] = [];
  let totalsAgree = 0;
  let totalsCompared = 0;
  let truncated = false;
  const started = performance.now();
  for (const q of warmup) {
    const parsed = parseDirectoryQuery(new URLSearchParams(q.params));
    if (parsed.ok) await plainSqlResponse(database, parsed.query);
  }
  for (const sample of app) {
    if (performance.now() - started > limits.timeLimitMs) {
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
