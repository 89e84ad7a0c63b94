import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import { gateDirectoryItem, type Viewer } from "../access/redact-listing.ts";
import { normalizeLevel } from "../access/tiers.ts";
import type { DirectoryItem, ListingType } from "../catalog/listing-types.ts";
import {
  getReferenceData,
  indexReferenceData,
  namesOf,
  type ReferenceData,
  type ReferenceIndex,
} from "../catalog/reference-data.server.ts";
import type { DirectoryQuery, ListFilter } from "./directory-filters.ts";
import type { DirectoryResult, Facets } from "./directory-result.ts";

export type { DirectoryResult, Facets, Pagination } from "./directory-result.ts";

type Dimension = "entityType" | "featured" | ListFilter;

/** Each filter dimension as a SQL condition over the listings row `l`; the ids come from our own tables. */
interface Condition {
  dimension: Dimension;
  sql: SQL;
}

const ARRAY_COLUMNS = {
  industries: "industry_ids",
  geographies: "geography_ids",
  countries: "country_ids",
  personas: "persona_ids",
} as const;
const SCALAR_COLUMNS = {
  fundingStages: "funding_stage_id",
  businessModels: "business_model_id",
  revenueRanges: "revenue_range_id",
} as const;

function intArray(ids: number[]): SQL {
  return sql.raw(`'{${ids.map((id) => Math.trunc(id)).join(",")}}'::int[]`);
}

/** Filter values are names (codes for revenue ranges and business models); unknown ones are a 400. */
function resolveIds(filter: ListFilter, values: string[], ref: ReferenceData): number[] {
  const pools: Record<ListFilter, Array<{ id: number; keys: string[] }>> = {
    industries: ref.industries.map((x) => ({ id: x.id, keys: [x.name] })),
    geographies: ref.geographies.map((x) => ({ id: x.id, keys: [x.name] })),
    countries: ref.countries.map((x) => ({ id: x.id, keys: [x.name, x.isoCode] })),
    personas: ref.targetPersonas.map((x) => ({ id: x.id, keys: [x.name] })),
    fundingStages: ref.fundingStages.map((x) => ({ id: x.id, keys: [x.name] })),
    businessModels: ref.businessModels.map((x) => ({ id: x.id, keys: [x.code] })),
    revenueRanges: ref.revenueRanges.map((x) => ({ id: x.id, keys: [x.code] })),
  };
  return values.map((value) => {
    const wanted = value.toLowerCase();
    const hit = pools[filter].find((item) => item.keys.some((k) => k.toLowerCase() === wanted));
    if (!hit) throw new AppError("bad_request", `Unknown ${filter} value "${value.slice(0, 60)}".`);
    return hit.id;
  });
}

/** Words of the search text as a prefix tsquery ("fin pay" → "fin:* & pay:*"); letters and digits only. */
export function toPrefixTsquery(search: string): string | null {
  const words = search
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu)
    ?.slice(0, 12);
  return words?.length ? words.map((w) => `${w}:*`).join(" & ") : null;
}

function searchCondition(search: string): SQL {
  const tsquery = toPrefixTsquery(search);
  // Typo tolerance on names (pg_trgm, both operators use the GIN index): similar to the whole name, or to a
  // word inside it ("nimbsu" finds "Nimbus AI" and "Nimbus Stack").
  const needle = search.toLowerCase();
  const trigram = sql`(lower(l.name) % ${needle} OR ${needle} <% lower(l.name))`;
  return tsquery ? sql`(l.search_vector @@ to_tsquery('english', ${tsquery}) OR ${trigram})` : trigram;
}

function buildConditions(query: DirectoryQuery, ref: ReferenceData): Condition[] {
  const conditions: Condition[] = [];
  if (query.entityType) conditions.push({ dimension: "entityType", sql: sql`l.type = ${query.entityType}` });
  if (query.featuredOnly) conditions.push({ dimension: "featured", sql: sql`l.featured` });
  for (const [filter, column] of Object.entries(ARRAY_COLUMNS) as Array<[ListFilter, string]>) {
    if (query[filter].length)
      conditions.push({ dimension: filter, sql: sql`l.${sql.raw(column)} && ${intArray(resolveIds(filter, query[filter], ref))}` });
  }
  for (const [filter, column] of Object.entries(SCALAR_COLUMNS) as Array<[ListFilter, string]>) {
    if (query[filter].length)
      conditions.push({ dimension: filter, sql: sql`l.${sql.raw(column)} = ANY(${intArray(resolveIds(filter, query[filter], ref))})` });
  }
  return conditions;
}

/** Conditions every directory query has: published listings, and the search text when given. */
function baseCondition(query: DirectoryQuery): SQL {
  const published = sql`l.processing_status = 'published'`;
  return query.searchQuery ? sql`${published} AND ${searchCondition(query.searchQuery)}` : published;
}

function and(parts: SQL[]): SQL {
  return parts.length ? sql.join(parts, sql` AND `) : sql`TRUE`;
}

interface CardRow {
  id: string;
  slug: string;
  type: ListingType;
  name: string;
  logo_url: string | null;
  tagline: string | null;
  featured: boolean;
  industry_ids: number[];
  geography_ids: number[];
  country_ids: number[];
  persona_ids: number[];
  funding_stage_id: number | null;
  business_model_id: number | null;
  visibility: string;
}

function orderBy(query: DirectoryQuery): SQL {
  if (!query.searchQuery) return sql`l.featured DESC, l.name ASC, l.id ASC`;
  const tsquery = toPrefixTsquery(query.searchQuery);
  const rank = tsquery ? sql`ts_rank_cd(l.search_vector, to_tsquery('english', ${tsquery}))` : sql`0`;
  return sql`${rank} DESC, word_similarity(${query.searchQuery.toLowerCase()}, lower(l.name)) DESC, l.name ASC, l.id ASC`;
}

async function fetchPage(database: Database, query: DirectoryQuery, where: SQL): Promise<CardRow[]> {
  return database.rows<CardRow>(sql`
    SELECT l.id, l.slug, l.type, l.name, l.logo_url, l.tagline, l.featured, l.industry_ids, l.geography_ids,
           l.country_ids, l.persona_ids, l.funding_stage_id, l.business_model_id, l.visibility
    FROM listings l
    WHERE ${where}
    ORDER BY ${orderBy(query)}
    LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`);
}

interface FacetRow {
  dim: string;
  v: string | null;
  n: number;
}

/**
 * All facet counts and the total in one pass. A row counts towards a dimension's options when it passes
 * every active filter except that dimension's own, so "misses <= 1" bounds the rows read once.
 */
async function fetchFacets(database: Database, query: DirectoryQuery, conditions: Condition[]): Promise<FacetRow[]> {
  const flags = conditions.map((c, i) => sql`(${c.sql}) AS m${sql.raw(String(i))}`);
  const misses = conditions.length
    ? sql.join(
        conditions.map((c) => sql`(NOT (${c.sql}))::int`),
        sql` + `,
      )
    : sql`0`;
  const countsFor = (dimension: Dimension): SQL => {
    const own = conditions.findIndex((c) => c.dimension === dimension);
    return own === -1 ? sql`misses = 0` : sql`(misses = 0 OR NOT m${sql.raw(String(own))})`;
  };
  const arrayFacet = (dimension: ListFilter, column: string) =>
    sql`SELECT ${dimension}::text AS dim, v::text, count(*)::int AS n FROM base, unnest(${sql.raw(column)}) v WHERE ${countsFor(dimension)} GROUP BY v`;
  const scalarFacet = (dimension: Dimension, column: string) =>
    sql`SELECT ${dimension}::text AS dim, ${sql.raw(column)}::text AS v, count(*)::int AS n FROM base WHERE ${countsFor(dimension)} AND ${sql.raw(column)} IS NOT NULL GROUP BY 2`;
  return database.rows<FacetRow>(sql`
    WITH base AS MATERIALIZED (
      SELECT l.type, l.featured, l.industry_ids, l.geography_ids, l.country_ids, l.persona_ids,
             l.funding_stage_id, l.business_model_id, l.revenue_range_id,
             ${misses} AS misses ${flags.length ? sql`, ${sql.join(flags, sql`, `)}` : sql``}
      FROM listings l
      WHERE ${baseCondition(query)} AND ${misses} <= 1
    )
    SELECT 'total' AS dim, NULL AS v, count(*)::int AS n FROM base WHERE misses = 0
    UNION ALL ${scalarFacet("entityType", "type")}
    UNION ALL SELECT 'featured', 'true', count(*)::int FROM base WHERE ${countsFor("featured")} AND featured
    UNION ALL ${arrayFacet("industries", "industry_ids")}
    UNION ALL ${arrayFacet("geographies", "geography_ids")}
    UNION ALL ${arrayFacet("countries", "country_ids")}
    UNION ALL ${arrayFacet("personas", "persona_ids")}
    UNION ALL ${scalarFacet("fundingStages", "funding_stage_id")}
    UNION ALL ${scalarFacet("businessModels", "business_model_id")}
    UNION ALL ${scalarFacet("revenueRanges", "revenue_range_id")}`);
}

function toFacets(rows: FacetRow[], index: ReferenceIndex): { total: number; facets: Facets } {
  const facets: Facets = {
    entityType: {},
    featured: 0,
    industries: {},
    geographies: {},
    countries: {},
    personas: {},
    fundingStages: {},
    businessModels: {},
    revenueRanges: {},
  };
  const names: Record<ListFilter, Map<number, string>> = {
    industries: index.industry,
    geographies: index.geography,
    countries: index.country,
    personas: index.persona,
    fundingStages: index.fundingStage,
    businessModels: index.businessModel,
    revenueRanges: index.revenueRange,
  };
  let total = 0;
  for (const row of rows) {
    if (row.dim === "total") total = row.n;
    else if (row.dim === "featured") facets.featured = row.n;
    else if (row.dim === "entityType") facets.entityType[row.v ?? ""] = row.n;
    else {
      const name = names[row.dim as ListFilter]?.get(Number(row.v));
      if (name !== undefined) facets[row.dim as ListFilter][name] = row.n;
    }
  }
  return { total, facets };
}

function toCard(row: CardRow, index: ReferenceIndex, viewer: Viewer): DirectoryItem {
  return gateDirectoryItem(
    {
      id: row.id,
      slug: row.slug,
      type: row.type,
      name: row.name,
      logo: row.logo_url,
      tagline: row.tagline,
      featured: row.featured,
      industry: namesOf(row.industry_ids, index.industry),
      geography: namesOf(row.geography_ids, index.geography),
      countries: namesOf(row.country_ids, index.country),
      targetPersonas: namesOf(row.persona_ids, index.persona),
      fundingStage: row.funding_stage_id === null ? null : (index.fundingStage.get(row.funding_stage_id) ?? null),
      businessModel: row.business_model_id === null ? null : (index.businessModel.get(row.business_model_id) ?? null),
      listingVisibility: normalizeLevel(row.visibility),
    },
    viewer,
  );
}

/** One directory page for a viewer: gated cards, spec 01 §3 pagination, and facet counts. */
export async function searchListings(database: Database, query: DirectoryQuery, viewer: Viewer): Promise<DirectoryResult> {
  const ref = await getReferenceData(database);
  const index = indexReferenceData(ref);
  const conditions = buildConditions(query, ref);
  const where = and([baseCondition(query), ...conditions.map((c) => c.sql)]);
  const [rows, facetRows] = await Promise.all([fetchPage(database, query, where), fetchFacets(database, query, conditions)]);
  const { total, facets } = toFacets(facetRows, index);
  const totalPages = Math.max(1, Math.ceil(total / query.pageSize));
  const hasNextPage = query.page < totalPages;
  return {
    data: rows.map((row) => toCard(row, index, viewer)),
    pagination: {
      currentPage: query.page,
      totalPages,
      totalRecords: total,
      pageSize: query.pageSize,
      hasNextPage,
      hasPreviousPage: query.page > 1,
      ...(hasNextPage ? { nextOffset: String(query.page * query.pageSize) } : {}),
    },
    facets,
  };
}
