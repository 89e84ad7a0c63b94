/**
 * The plain-SQL peer of the directory's complete response, for the ratios issue 17 asks for: what the same page,
 * total and every facet count cost when PostgreSQL answers them with ordinary queries and the listings table's own
 * indexes, without the app's in-memory index. Written here, independent of the app's engine:
 * - filters: the same reference ids (resolveFilterValues), as array overlap / equality;
 * - facets: one GROUP BY per dimension over the listings matching every other filter (disjunctive faceting, as
 *   the app counts them), all sent at once;
 * - text: every word as an English prefix over search_vector (name, tagline, description), ranked by ts_rank_cd;
 *   it has no typo tolerance and no gating of descriptions, so text totals may differ from the app's;
 * - no viewer gating: it answers as for a viewer who may open everything.
 * Totals are compared with the app's for the queries without text, so a ratio is never against a wrong answer.
 */
import { sql, type SQL } from "drizzle-orm";
import { getReferenceData, type ReferenceData } from "~/features/catalog/reference-data.server.ts";
import { effectiveSort, LIST_FILTERS, type DirectoryQuery, type ListFilter } from "~/features/directory/directory-filters.ts";
import { resolveFilterValues } from "~/features/directory/filter-values.ts";
import type { Database } from "~/lib/db.server.ts";

const ARRAY_COLUMNS: Partial<Record<ListFilter, string>> = {
  industries: "industry_ids",
  geographies: "geography_ids",
  countries: "country_ids",
  personas: "persona_ids",
};
const SCALAR_COLUMNS: Partial<Record<ListFilter, string>> = {
  fundingStages: "funding_stage_id",
  businessModels: "business_model_id",
  revenueRanges: "revenue_range_id",
};

type Dimension = "entityType" | "featured" | ListFilter | "search";

export interface PeerAnswer {
  total: number;
  ids: string[];
  facetCounts: number;
}

function intList(keys: string[]): SQL {
  return sql.raw(`ARRAY[${keys.map((k) => String(Number(k))).join(",")}]::int[]`);
}

/** Words of the search as an English prefix tsquery ("seed fund" -> 'seed':* & 'fund':*); null when nothing is left. */
export function prefixQuery(text: string): string | null {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return words.length ? words.map((w) => `${w}:*`).join(" & ") : null;
}

function conditions(query: DirectoryQuery, ref: ReferenceData): Map<Dimension, SQL> {
  const out = new Map<Dimension, SQL>();
  if (query.entityType) out.set("entityType", sql`type = ${query.entityType}`);
  if (query.featuredOnly) out.set("featured", sql`featured`);
  const { keys } = resolveFilterValues(query, ref);
  for (const filter of LIST_FILTERS) {
    if (!query[filter].length) continue;
    const ids = keys[filter];
    // A value that stands for nothing matches nothing (the app answers 400; the bench only sends known values).
    if (!ids.length) out.set(filter, sql`FALSE`);
    else if (ARRAY_COLUMNS[filter]) out.set(filter, sql`${sql.raw(ARRAY_COLUMNS[filter])} && ${intList(ids)}`);
    else out.set(filter, sql`${sql.raw(SCALAR_COLUMNS[filter]!)} = ANY(${intList(ids)})`);
  }
  const text = query.searchQuery ? prefixQuery(query.searchQuery) : null;
  if (text) out.set("search", sql`search_vector @@ to_tsquery('english', ${text})`);
  return out;
}

function where(all: Map<Dimension, SQL>, except?: Dimension): SQL {
  const parts = [sql`processing_status = 'published'`];
  for (const [dimension, condition] of all) if (dimension !== except) parts.push(condition);
  return sql.join(parts, sql` AND `);
}

function orderBy(query: DirectoryQuery): SQL {
  const sort = effectiveSort(query);
  const text = query.searchQuery ? prefixQuery(query.searchQuery) : null;
  if (sort === "relevance" && text)
    return sql`ts_rank_cd(search_vector, to_tsquery('english', ${text})) DESC, featured DESC, name ASC, id ASC`;
  if (sort === "newest") return sql`created_at DESC NULLS LAST, id ASC`;
  if (sort === "most-raised") return sql`total_funding_raised DESC NULLS LAST, id ASC`;
  if (sort === "recently-funded") return sql`latest_round_date DESC NULLS LAST, id ASC`;
  return sql`featured DESC NULLS LAST, name ASC, id ASC`;
}

/** The facet queries: one per dimension, each over the listings that match every other active filter. */
function facetQueries(all: Map<Dimension, SQL>): SQL[] {
  const queries = [
    sql`SELECT type::text AS key, count(*)::int AS n FROM listings WHERE ${where(all, "entityType")} GROUP BY 1`,
    sql`SELECT 'true' AS key, count(*)::int AS n FROM listings WHERE ${where(all, "featured")} AND featured`,
  ];
  for (const filter of LIST_FILTERS) {
    const array = ARRAY_COLUMNS[filter];
    queries.push(
      array
        ? sql`SELECT k::text AS key, count(*)::int AS n FROM listings, unnest(${sql.raw(array)}) AS k WHERE ${where(all, filter)} GROUP BY 1`
        : sql`SELECT ${sql.raw(SCALAR_COLUMNS[filter]!)}::text AS key, count(*)::int AS n FROM listings WHERE ${where(all, filter)} AND ${sql.raw(SCALAR_COLUMNS[filter]!)} IS NOT NULL GROUP BY 1`,
    );
  }
  return queries;
}

/** The complete response in plain SQL: page ids, total and every facet, sent concurrently over the pool. */
export async function plainSqlResponse(database: Database, query: DirectoryQuery): Promise<PeerAnswer> {
  const ref = await getReferenceData(database);
  const all = conditions(query, ref);
  const offset = (query.page - 1) * query.pageSize;
  const [page, total, ...facets] = await Promise.all([
    database.rows<{ id: string }>(
      sql`SELECT id FROM listings WHERE ${where(all)} ORDER BY ${orderBy(query)} LIMIT ${query.pageSize} OFFSET ${offset}`,
    ),
    database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM listings WHERE ${where(all)}`),
    ...facetQueries(all).map((q) => database.rows<{ key: string; n: number }>(q)),
  ]);
  return { total: total[0]?.n ?? 0, ids: page.map((r) => r.id), facetCounts: facets.reduce((sum, rows) => sum + rows.length, 0) };
}
