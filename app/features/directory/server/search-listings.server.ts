import { sql } from "drizzle-orm";
import { latestRoundDateColumn } from "../../catalog/funding-summary-columns.server.ts";
import { uuidArray, type Database } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import { getFieldRules } from "../../access/field-rules.server.ts";
import { gateDirectoryItem, type Viewer } from "../../access/redact-listing.ts";
import { normalizeLevel } from "../../access/tiers.ts";
import type { DirectoryItem, ListingType } from "../../catalog/listing-types.ts";
import {
  getReferenceData,
  indexReferenceData,
  namesOf,
  type ReferenceData,
  type ReferenceIndex,
} from "../../catalog/reference-data.server.ts";
import { effectiveSort, LIST_FILTERS, type DirectoryQuery, type ListFilter } from "../directory-filters.ts";
import { anyOf, type DirectoryIndex, type Dimension, type RangeValue } from "../search-index/directory-index.ts";
import { countFacets, type ActiveFilter, type Counts, type RangeDimension } from "../search-index/facet-counts.ts";
import { getDirectoryIndex } from "../search-index/directory-index.server.ts";
import { intersectInto } from "../search-index/bitset.ts";
import { resolveFilterValues } from "../filter-values.ts";
import { pagePositions, type PagePlan } from "../search-index/page-order.ts";
import { suggestSearch } from "./search-suggestion.server.ts";
import { searchText, type TextResult } from "./text-search.server.ts";
import type { ViewerOptions } from "../viewer-options.ts";
import { BAND_CODES, windowStart } from "../investor-filters.ts";
import type { CityColumn } from "../search-index/city-column.ts";
import type { DirectoryResult, Facets } from "../directory-result.ts";

export type { DirectoryResult, Facets, Pagination } from "../directory-result.ts";

/** Filter values to index keys; a value that stands for nothing we have is a 400 (pages drop them first). */
function filterKeys(query: DirectoryQuery, ref: ReferenceData): Record<ListFilter, string[]> {
  const { keys, unknown } = resolveFilterValues(query, ref);
  const [first] = unknown;
  if (first) throw new AppError("bad_request", `Unknown ${first.filter} value "${first.value.slice(0, 60)}".`);
  return keys;
}

/** The active filters of a query over a viewer's option sets (exported for matching-listings.server.ts). */
export function activeFilters(
  query: DirectoryQuery,
  ref: ReferenceData,
  index: DirectoryIndex,
  viewer: ViewerOptions,
  text?: TextResult,
  now: Date = new Date(),
): ActiveFilter[] {
  const filters: ActiveFilter[] = [];
  const add = (dimension: Dimension, keys: string[]) => {
    const key = [...new Set(keys)].sort().join(",");
    filters.push({ dimension, key, admits: anyOf(index, viewer.options, dimension, keys) });
  };
  if (query.entityType) add("entityType", [query.entityType]);
  if (query.featuredOnly) add("featured", ["true"]);
  const keys = filterKeys(query, ref);
  for (const filter of LIST_FILTERS) if (filter !== "cities" && query[filter].length) add(filter, keys[filter]);
  if (query.cities.length) {
    // Only the listings that show this viewer their city (viewer-options.ts): a hidden headquarters never matches.
    const codes = [...new Set(query.cities.flatMap((city) => index.cities.codeOf(city) ?? []))].sort((a, b) => a - b);
    filters.push({ dimension: "cities", key: codes.join(","), admits: index.cities.matching(codes, viewer.fieldVisible.cities) });
  }
  // Range filters: last round, last investment, founded year. Their values are on the profile, not the teaser: a
  // locked listing never matches (as the band filters, viewer-options.ts), so a filter reveals nothing locked.
  const range = (dimension: RangeDimension, value: RangeValue, low: number, high: number) =>
    filters.push({ dimension, key: `${low}..${high}`, admits: intersectInto(index.within(value, low, high).slice(), viewer.open) });
  if (query.lastRound) range("lastRound", "latest_round_ms", windowStart(query.lastRound, now), Infinity);
  if (query.lastInvestment) range("lastInvestment", "last_investment_ms", windowStart(query.lastInvestment, now), Infinity);
  if (query.foundedFrom !== undefined || query.foundedTo !== undefined)
    range("founded", "founded_year", query.foundedFrom ?? -Infinity, query.foundedTo ?? Infinity);
  if (text) filters.push({ dimension: "search", key: text.key, admits: text.matches });
  return filters;
}

/**
 * How the page is ordered: relevance groups (of the search, or of the ranking words over listings they do not narrow),
 * a value order (funding values only where the viewer sees them), or the default.
 */
function pagePlan(query: DirectoryQuery, index: DirectoryIndex, viewer: ViewerOptions, text?: TextResult, ranking?: TextResult): PagePlan {
  const sort = effectiveSort(query);
  if (sort === "relevance" && text) return { kind: "groups", groups: text.groups, tail: text.partial };
  if (sort === "relevance" && ranking) return { kind: "groups", groups: ranking.groups, tail: ranking.partial, within: ranking.matches };
  if (sort === "newest") return { kind: "value", ...index.orderBy("created_ms") };
  if (sort === "recently-funded" || sort === "most-raised" || sort === "recently-founded") {
    const value = sort === "most-raised" ? "total_raised" : sort === "recently-funded" ? "latest_round_ms" : "founded_year";
    const { order, known } = index.orderBy(value);
    // Funding figures and the founded year are on the profile, not the teaser: a locked listing sorts as if it had none.
    return { kind: "value", order, known: intersectInto(known.slice(), viewer.open) };
  }
  return { kind: "default" };
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
  total_raised: number | null;
  latest_round_type: string | null;
  latest_round_date: string | null;
}

/** The cards of one page by primary key, in the page's order; a listing deleted since the index build drops out. */
async function fetchCards(database: Database, ids: string[]): Promise<CardRow[]> {
  if (!ids.length) return [];
  const rows = await database.rows<CardRow>(sql`
    SELECT id, slug, type, name, logo_url, tagline, featured, industry_ids, geography_ids,
           country_ids, persona_ids, funding_stage_id, business_model_id, visibility,
           total_funding_raised::float8 AS total_raised, latest_round_type, ${latestRoundDateColumn} AS latest_round_date
    FROM listings
    WHERE id = ANY(${uuidArray(ids)}) AND processing_status = 'published'`);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Cities in the facet: the most common ones, and any chosen (a panel of thousands helps nobody; the API says so). */
const CITY_FACETS = 100;

/** The city counts by name: the CITY_FACETS cities with most listings, then those chosen that are not among them. */
function cityFacets(counts: Map<string, number>, cities: CityColumn, chosen: string[]): Record<string, number> {
  const ranked = [...counts].sort((a, b) => b[1] - a[1] || Number(a[0]) - Number(b[0]));
  const out: Record<string, number> = {};
  for (const [code, n] of ranked.slice(0, CITY_FACETS)) out[cities.nameOf(Number(code))!] = n;
  for (const city of chosen) {
    const code = cities.codeOf(city);
    const name = code === undefined ? city : cities.nameOf(code)!;
    out[name] ??= code === undefined ? 0 : (counts.get(String(code)) ?? 0);
  }
  return out;
}

function toFacets(counts: Counts, index: ReferenceIndex, cities: CityColumn, chosenCities: string[]): Facets {
  const names: Record<Exclude<ListFilter, "cities">, Map<number, string>> = {
    industries: index.industry,
    geographies: index.geography,
    countries: index.country,
    personas: index.persona,
    fundingStages: index.fundingStage,
    businessModels: index.businessModel,
    revenueRanges: index.revenueRange,
    raised: new Map(),
    teamSize: new Map(),
    ticketSize: new Map(),
  };
  const named = (filter: Exclude<ListFilter, "cities">): Record<string, number> => {
    const out: Record<string, number> = {};
    for (const [key, n] of counts.facets[filter]) {
      // Bands are keyed by their codes; the reference lists by their ids.
      const name = filter in BAND_CODES ? key : names[filter].get(Number(key));
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
    cities: cityFacets(counts.facets.cities, cities, chosenCities),
    personas: named("personas"),
    fundingStages: named("fundingStages"),
    businessModels: named("businessModels"),
    revenueRanges: named("revenueRanges"),
    raised: named("raised"),
    teamSize: named("teamSize"),
    ticketSize: named("ticketSize"),
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
      totalFundingRaised: row.total_raised,
      latestRoundType: row.latest_round_type,
      latestRoundDate: row.latest_round_date,
    },
    viewer,
  );
}

/**
 * The cards of these listings as the viewer may see them, in the order of `ids`, published only: the directory's own
 * card and gate, for every other place that shows listings as cards (a list's board and table, issue 37).
 */
export async function gatedCardsByIds(database: Database, ids: readonly string[], viewer: Viewer): Promise<DirectoryItem[]> {
  const [rows, ref] = await Promise.all([fetchCards(database, [...ids]), getReferenceData(database)]);
  const index = indexReferenceData(ref);
  return rows.map((row) => toCard(row, index, viewer));
}

/**
 * One directory page for a viewer: gated cards, spec 01 §3 pagination, and facet counts. What this process caches
 * (reference lists, the index, field rules) comes from `database`; the page's own reads, the description search and
 * the cards, from `reader`: the replica when the request may use it (lib/read-database.server.ts, decision 0053).
 */
export async function searchListings(
  database: Database,
  query: DirectoryQuery,
  viewer: Viewer,
  reader = database,
  inHand?: DirectoryIndex,
  now: Date = new Date(),
): Promise<DirectoryResult> {
  const [ref, directory, rules] = await Promise.all([
    getReferenceData(database),
    inHand ?? getDirectoryIndex(database),
    getFieldRules(database),
  ]);
  const index = indexReferenceData(ref);
  const options = directory.forViewer(viewer.tier, rules);
  // The partial tier (decision 0082) only where the page is ordered by relevance: other orders would mix it in.
  const relevance = effectiveSort(query) === "relevance";
  const text = query.searchQuery ? await searchText(reader, directory, query.searchQuery, options.open, relevance) : undefined;
  const ranking =
    !query.searchQuery && query.rankBy && relevance ? await searchText(reader, directory, query.rankBy, options.open, "always") : undefined;
  const counts = countFacets(
    directory.all,
    options.options,
    activeFilters(query, ref, directory, options, text, now),
    options.counts,
    (base) => directory.cities.count(base, options.fieldVisible.cities),
  );
  const positions = pagePositions(
    pagePlan(query, directory, options, text, ranking),
    counts.matching,
    (query.page - 1) * query.pageSize,
    query.pageSize,
    directory.order,
  );
  const rows = await fetchCards(
    reader,
    positions.map((position) => directory.idAt(position)),
  );
  const total = counts.total;
  const suggestion =
    total === 0 && query.searchQuery
      ? await suggestSearch(reader, directory, query, options, (next, nextText) =>
          activeFilters(next, ref, directory, options, nextText, now),
        )
      : undefined;
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
    facets: toFacets(counts, index, directory.cities, query.cities),
    ...(suggestion ? { suggestion } : {}),
  };
}
