import { sql } from "drizzle-orm";
import { uuidArray, type Database } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import { getFieldRules } from "../access/field-rules.server.ts";
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
import { LIST_FILTERS, type DirectoryQuery, type ListFilter } from "./directory-filters.ts";
import {
  anyOf,
  countFacets,
  getDirectoryIndex,
  pageIds,
  type ActiveFilter,
  type Counts,
  type DirectoryIndex,
  type Dimension,
  type TextMatches,
} from "./directory-index.server.ts";
import { intersectInto, uniteInto } from "./bitset.ts";
import type { ViewerOptions } from "./viewer-options.ts";
import type { DirectoryResult, Facets } from "./directory-result.ts";

export type { DirectoryResult, Facets, Pagination } from "./directory-result.ts";

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
export function toPrefixTsquery(search: string, weights = ""): string | null {
  const words = search
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu)
    ?.slice(0, 12);
  return words?.length ? words.map((w) => `${w}:*${weights}`).join(" & ") : null;
}

/**
 * Listings matching the search text, in the database: full-text with prefixes over name, tagline and
 * description, plus typo tolerance on names (pg_trgm: similar to the whole name, or to a word inside it, so
 * "nimbsu" finds "Nimbus AI"). A match in the name or tagline (weights A and B of search_vector) or a name
 * typo is strong and ranks first; description-only matches follow. Cached with the index for its lifetime.
 */
function matchText(database: Database, index: DirectoryIndex, search: string): Promise<TextMatches> {
  const needle = search.toLowerCase();
  return index.textMatches.get(needle, async () => {
    const tsquery = toPrefixTsquery(search);
    const trigram = sql`(lower(name) % ${needle} OR ${needle} <% lower(name))`;
    const strong = tsquery ? sql`(search_vector @@ to_tsquery('english', ${toPrefixTsquery(search, "AB")}) OR ${trigram})` : trigram;
    const matches = tsquery ? sql`(search_vector @@ to_tsquery('english', ${tsquery}) OR ${trigram})` : trigram;
    const rows = await database.rows<{ id: string; strong: boolean }>(sql`
      SELECT id, ${strong} AS strong FROM listings WHERE processing_status = 'published' AND ${matches}`);
    return { matches: index.bitsetOf(rows.map((r) => r.id)), strong: index.bitsetOf(rows.filter((r) => r.strong).map((r) => r.id)) };
  });
}

const FILTER_KEYS: Record<ListFilter, (ref: ReferenceData, values: string[]) => string[]> = Object.fromEntries(
  LIST_FILTERS.map((filter) => [filter, (ref: ReferenceData, values: string[]) => resolveIds(filter, values, ref).map(String)]),
) as Record<ListFilter, (ref: ReferenceData, values: string[]) => string[]>;

/**
 * What the search text may match for this viewer: name and tagline are on every card, locked teasers
 * included, so strong matches always count; a match found only in the description counts only for listings
 * the viewer may open (DESIGN D14), or a search would reveal a locked listing's hidden text.
 */
function visibleText(text: TextMatches, viewer: ViewerOptions): TextMatches {
  const matches = uniteInto(intersectInto(text.matches.slice(), viewer.open), text.strong);
  return { matches, strong: text.strong };
}

function activeFilters(
  query: DirectoryQuery,
  ref: ReferenceData,
  index: DirectoryIndex,
  viewer: ViewerOptions,
  text?: TextMatches,
): ActiveFilter[] {
  const filters: ActiveFilter[] = [];
  const admits = (dimension: Dimension, keys: string[]) => anyOf(index, viewer.options, dimension, keys);
  if (query.entityType) filters.push({ dimension: "entityType", admits: admits("entityType", [query.entityType]) });
  if (query.featuredOnly) filters.push({ dimension: "featured", admits: admits("featured", ["true"]) });
  for (const filter of LIST_FILTERS) {
    if (query[filter].length) filters.push({ dimension: filter, admits: admits(filter, FILTER_KEYS[filter](ref, query[filter])) });
  }
  if (text) filters.push({ dimension: "search", admits: text.matches });
  return filters;
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

/** The cards of one page by primary key, in the page's order; a listing deleted since the index build drops out. */
async function fetchCards(database: Database, ids: string[]): Promise<CardRow[]> {
  if (!ids.length) return [];
  const rows = await database.rows<CardRow>(sql`
    SELECT id, slug, type, name, logo_url, tagline, featured, industry_ids, geography_ids,
           country_ids, persona_ids, funding_stage_id, business_model_id, visibility
    FROM listings
    WHERE id = ANY(${uuidArray(ids)}) AND processing_status = 'published'`);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

function toFacets(counts: Counts, index: ReferenceIndex): Facets {
  const names: Record<ListFilter, Map<number, string>> = {
    industries: index.industry,
    geographies: index.geography,
    countries: index.country,
    personas: index.persona,
    fundingStages: index.fundingStage,
    businessModels: index.businessModel,
    revenueRanges: index.revenueRange,
  };
  const named = (filter: ListFilter): Record<string, number> => {
    const out: Record<string, number> = {};
    for (const [key, n] of counts.facets[filter]) {
      const name = names[filter].get(Number(key));
      if (name !== undefined) out[name] = n;
    }
    return out;
  };
  return {
    entityType: Object.fromEntries(counts.facets.entityType),
    featured: counts.facets.featured.get("true") ?? 0,
    industries: named("industries"),
    geographies: named("geographies"),
    countries: named("countries"),
    personas: named("personas"),
    fundingStages: named("fundingStages"),
    businessModels: named("businessModels"),
    revenueRanges: named("revenueRanges"),
  };
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
  const [ref, directory, rules] = await Promise.all([getReferenceData(database), getDirectoryIndex(database), getFieldRules(database)]);
  const index = indexReferenceData(ref);
  const options = directory.forViewer(viewer.tier, rules);
  const text = query.searchQuery ? visibleText(await matchText(database, directory, query.searchQuery), options) : undefined;
  const counts = countFacets(directory, options.options, activeFilters(query, ref, directory, options, text));
  const ids = pageIds(directory, counts.matching, (query.page - 1) * query.pageSize, query.pageSize, text?.strong);
  const rows = await fetchCards(database, ids);
  const total = counts.total;
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
    facets: toFacets(counts, index),
  };
}
