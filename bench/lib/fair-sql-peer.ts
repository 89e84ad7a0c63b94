/**
 * The fair SQL peer of the directory's complete response (issue 33), over the tables fair-peer-build.ts keeps: what the
 * same page, total and every facet count cost in PostgreSQL when they are asked for the way a careful SQL implementer
 * would, for the same viewer:
 * - filters: the listing's gated keys (`keys && ARRAY[...]`: any value of a dimension, every dimension), the range
 *   filters on the gated values, the search text as an English prefix query over the viewer's searchable text;
 * - every facet without an active filter counted in ONE aggregate pass over the matching listings' keys (its key 0
 *   is the total), plus one query per active filter over the listings matching every other filter (disjunctive);
 * - the page in the same order as the app's (slot = the default order; value sorts highest first, then the default
 *   order; relevance by ts_rank_cd);
 * - all of them sent at once over its own pool of 4 connections with JIT off.
 * It has no typo tolerance and no partial tier, so text totals may differ from the app's; they are reported apart.
 */
import postgres, { type Sql } from "postgres";
import type { FieldRules } from "~/features/access/redact-listing.ts";
import type { AccessLevel } from "~/features/access/tiers.ts";
import type { ReferenceData } from "~/features/catalog/reference-data.server.ts";
import { cityKey } from "~/features/directory/search-index/city-column.ts";
import { effectiveSort, LIST_FILTERS, type DirectoryQuery } from "~/features/directory/directory-filters.ts";
import { resolveFilterValues } from "~/features/directory/filter-values.ts";
import { BAND_CODES, windowStart } from "~/features/directory/investor-filters.ts";
import { prefixQuery } from "./plain-sql-peer.ts";
import {
  bandValue,
  ensureFairPeer,
  key,
  KEY_DIMENSIONS,
  KEY_SPAN,
  TYPE_CODES,
  type FairPeerBuild,
  type KeyDimension,
} from "./fair-peer-build.ts";

export const FAIR_PEER_CONNECTIONS = 4;

export interface FairPeer {
  sql: Sql;
  tier: AccessLevel;
  build: FairPeerBuild;
  cities: Map<string, number>;
  close(): Promise<void>;
}

export interface FairAnswer {
  total: number;
  ids: string[];
  facetValues: number;
  statements: number;
}

/** Opens the peer's own pool (4 connections, JIT off) and builds or reuses its tables for the viewer tier. */
export async function openFairPeer(
  url: string,
  options: { tier: AccessLevel; rules: FieldRules; rebuild: boolean; log: (line: string) => void },
): Promise<FairPeer> {
  const sql = postgres(url, {
    max: FAIR_PEER_CONNECTIONS,
    connection: { jit: "off", application_name: "introbase-bench-fair-peer" },
    onnotice: () => {},
  });
  try {
    const build = await ensureFairPeer(sql, options);
    const rows = await sql.unsafe<Array<{ code: number; key: string }>>(`SELECT code, key FROM fair_peer.${options.tier}_cities`);
    return { sql, tier: options.tier, build, cities: new Map(rows.map((r) => [r.key, r.code])), close: () => sql.end({ timeout: 5 }) };
  } catch (error) {
    await sql.end({ timeout: 5 });
    throw error;
  }
}

type Condition = { dimension: KeyDimension | "range" | "text"; where: string };

const anyOf = (keys: number[]) => (keys.length ? `k.keys && '{${keys.join(",")}}'::int[]` : "FALSE");

function conditions(peer: FairPeer, query: DirectoryQuery, ref: ReferenceData, now: Date): Condition[] {
  const out: Condition[] = [];
  if (query.entityType) out.push({ dimension: "entityType", where: anyOf([key("entityType", TYPE_CODES[query.entityType] ?? 0)]) });
  if (query.featuredOnly) out.push({ dimension: "featured", where: anyOf([key("featured", 1)]) });
  const { keys } = resolveFilterValues(query, ref);
  for (const filter of LIST_FILTERS) {
    if (!query[filter].length) continue;
    let values: number[];
    if (filter === "cities") values = query.cities.map((c) => peer.cities.get(cityKey(c)) ?? -1).filter((c) => c > 0);
    else if (filter in BAND_CODES)
      values = keys[filter].map((code) => bandValue(filter as keyof typeof BAND_CODES, code)).filter((v) => v > 0);
    else values = keys[filter].map(Number);
    out.push({ dimension: filter, where: anyOf(values.map((v) => key(filter, v))) });
  }
  if (query.lastRound) out.push({ dimension: "range", where: `k.latest_round_ms >= ${windowStart(query.lastRound, now)}` });
  if (query.lastInvestment) out.push({ dimension: "range", where: `k.last_investment_ms >= ${windowStart(query.lastInvestment, now)}` });
  if (query.foundedFrom !== undefined) out.push({ dimension: "range", where: `k.founded_year >= ${Number(query.foundedFrom)}` });
  if (query.foundedTo !== undefined) out.push({ dimension: "range", where: `k.founded_year <= ${Number(query.foundedTo)}` });
  // The text is the statement's one parameter ($1).
  if (query.searchQuery && prefixQuery(query.searchQuery)) out.push({ dimension: "text", where: `t.doc @@ to_tsquery('english', $1)` });
  return out;
}

function where(list: Condition[]): string {
  return list.length ? list.map((c) => c.where).join(" AND ") : "TRUE";
}

function orderBy(query: DirectoryQuery, text: boolean): string {
  const sort = effectiveSort(query);
  if (sort === "relevance" && text) return `ts_rank_cd(t.doc, to_tsquery('english', $1)) DESC, k.slot`;
  const value = {
    newest: "created_ms",
    "recently-funded": "latest_round_ms",
    "most-raised": "total_raised",
    "recently-founded": "founded_year",
  }[sort as string];
  return value ? `k.${value} DESC NULLS LAST, k.slot` : `k.slot`;
}

/** The complete response: page ids, total and every facet, its statements sent at once over the peer's 4 connections. */
export async function fairResponse(peer: FairPeer, query: DirectoryQuery, ref: ReferenceData, now: Date): Promise<FairAnswer> {
  const t = `fair_peer.${peer.tier}`;
  const all = conditions(peer, query, ref, now);
  const text = all.some((c) => c.dimension === "text");
  const params = text ? [prefixQuery(query.searchQuery!)!] : [];
  const from = text ? `${t}_keys k JOIN ${t}_text t ON t.slot = k.slot` : `${t}_keys k`;
  const offset = (query.page - 1) * query.pageSize;
  const page = peer.sql.unsafe<Array<{ id: string }>>(
    `SELECT k.id FROM ${from} WHERE ${where(all)} ORDER BY ${orderBy(query, text)} LIMIT ${query.pageSize} OFFSET ${offset}`,
    params,
  );
  // One pass: every key of every matching listing, and key 0 once per listing (the total).
  const pass = peer.sql.unsafe<Array<{ key: number; n: number }>>(
    `SELECT key, count(*)::int AS n FROM (SELECT k.keys FROM ${from} WHERE ${where(all)}) s, unnest(array_prepend(0, s.keys)) AS key GROUP BY key`,
    params,
  );
  // Per active filter: its own dimension's counts over the listings matching every other filter.
  const active = [...new Set(all.map((c) => c.dimension))].filter((d): d is KeyDimension => d in KEY_DIMENSIONS);
  const perFilter = active.map((dimension) => {
    const low = KEY_DIMENSIONS[dimension] * KEY_SPAN;
    const others = all.filter((c) => c.dimension !== dimension);
    const otherText = others.some((c) => c.dimension === "text");
    const fromOthers = otherText ? from : `${t}_keys k`;
    return peer.sql.unsafe<Array<{ key: number; n: number }>>(
      `SELECT key, count(*)::int AS n FROM (SELECT k.keys FROM ${fromOthers} WHERE ${where(others)}) s, unnest(s.keys) AS key
       WHERE key >= ${low} AND key < ${low + KEY_SPAN} GROUP BY key`,
      otherText ? params : [],
    );
  });
  const [ids, counts, ...facets] = await Promise.all([page, pass, ...perFilter]);
  const total = counts.find((r) => Number(r.key) === 0)?.n ?? 0;
  const facetValues = counts.length - (total ? 1 : 0) + facets.reduce((sum, rows) => sum + rows.length, 0);
  return { total, ids: ids.map((r) => r.id), facetValues, statements: 2 + perFilter.length };
}
