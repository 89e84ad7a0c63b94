import { parseListingType, type ListingType } from "../catalog/listing-types.ts";

/** Spec 01 §3 filter and pagination parameters, after validation. */
export interface DirectoryQuery {
  searchQuery?: string;
  entityType?: ListingType;
  featuredOnly?: boolean;
  industries: string[];
  geographies: string[];
  fundingStages: string[];
  businessModels: string[];
  countries: string[];
  revenueRanges: string[];
  personas: string[];
  page: number;
  pageSize: PageSize;
}

export const PAGE_SIZES = [25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;
export const MAX_SEARCH_LENGTH = 200;
const MAX_VALUES_PER_FILTER = 50;
const MAX_VALUE_LENGTH = 100;

export const LIST_FILTERS = [
  "industries",
  "geographies",
  "fundingStages",
  "businessModels",
  "countries",
  "revenueRanges",
  "personas",
] as const;
export type ListFilter = (typeof LIST_FILTERS)[number];

export const BUSINESS_MODEL_CODES = ["retainer", "retainer_plus_success", "success_only"] as const;

export type ParseResult = { ok: true; query: DirectoryQuery } | { ok: false; error: string };

const SCALARS = ["searchQuery", "q", "entityType", "type", "featuredOnly", "featured", "page", "pageSize", "offset"];

/**
 * Reads the directory state from URL parameters, for the /listings page and GET /api/listings alike. List
 * filters may repeat (industries=AI&industries=FinTech); every other parameter must appear at most once.
 */
export function parseDirectoryQuery(params: URLSearchParams): ParseResult {
  for (const name of SCALARS) {
    if (params.getAll(name).length > 1) return { ok: false, error: `Parameter "${name}" must appear at most once.` };
  }
  const rawSearch = params.get("searchQuery") ?? params.get("q") ?? "";
  if (rawSearch.length > MAX_SEARCH_LENGTH) return { ok: false, error: `searchQuery must be at most ${MAX_SEARCH_LENGTH} characters.` };
  const searchQuery = rawSearch.trim() || undefined;

  let entityType: ListingType | undefined;
  const rawType = params.get("entityType") ?? params.get("type");
  if (rawType !== null && rawType.trim().toLowerCase() !== "all" && rawType.trim() !== "") {
    const parsed = parseListingType(rawType);
    if (!parsed) return { ok: false, error: `entityType must be one of all, startup, investor, partner (got "${rawType.slice(0, 40)}").` };
    entityType = parsed;
  }

  const rawFeatured = params.get("featuredOnly") ?? params.get("featured");
  let featuredOnly: boolean | undefined;
  if (rawFeatured !== null && rawFeatured !== "") {
    const v = rawFeatured.toLowerCase();
    if (v !== "true" && v !== "false" && v !== "on" && v !== "1" && v !== "0")
      return { ok: false, error: "featuredOnly must be true or false." };
    featuredOnly = v === "true" || v === "on" || v === "1" ? true : undefined;
  }

  const page = parsePositiveInt(params.get("page"), 1);
  if (page === null) return { ok: false, error: "page must be a whole number of at least 1." };
  if (page > 100_000) return { ok: false, error: "page must be at most 100000." };
  const rawSize = params.get("pageSize");
  const pageSize = rawSize === null || rawSize === "" ? DEFAULT_PAGE_SIZE : Number(rawSize);
  if (!(PAGE_SIZES as readonly number[]).includes(pageSize)) return { ok: false, error: "pageSize must be 25, 50 or 100." };

  const lists = {} as Record<ListFilter, string[]>;
  for (const name of LIST_FILTERS) {
    const values = [
      ...new Set(
        params
          .getAll(name)
          .flatMap((v) => v.split(","))
          .map((v) => v.trim())
          .filter(Boolean),
      ),
    ];
    if (values.length > MAX_VALUES_PER_FILTER) return { ok: false, error: `${name} accepts at most ${MAX_VALUES_PER_FILTER} values.` };
    if (values.some((v) => v.length > MAX_VALUE_LENGTH))
      return { ok: false, error: `${name} values must be at most ${MAX_VALUE_LENGTH} characters.` };
    lists[name] = values;
  }
  const badModel = lists.businessModels.find((m) => !(BUSINESS_MODEL_CODES as readonly string[]).includes(m));
  if (badModel)
    return {
      ok: false,
      error: `businessModels accepts only retainer, retainer_plus_success, success_only (got "${badModel.slice(0, 40)}").`,
    };

  return { ok: true, query: { searchQuery, entityType, featuredOnly, ...lists, page, pageSize: pageSize as PageSize } };
}

function parsePositiveInt(raw: string | null, fallback: number): number | null {
  if (raw === null || raw === "") return fallback;
  if (!/^\d{1,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 ? n : null;
}

/** The URL parameters of a directory state, omitting defaults, so shared links stay short. */
export function directoryQueryToParams(query: Partial<DirectoryQuery>): URLSearchParams {
  const params = new URLSearchParams();
  if (query.searchQuery) params.set("searchQuery", query.searchQuery);
  if (query.entityType) params.set("type", query.entityType);
  if (query.featuredOnly) params.set("featured", "true");
  for (const name of LIST_FILTERS) for (const v of query[name] ?? []) params.append(name, v);
  if (query.pageSize && query.pageSize !== DEFAULT_PAGE_SIZE) params.set("pageSize", String(query.pageSize));
  if (query.page && query.page > 1) params.set("page", String(query.page));
  return params;
}

export function hasActiveFilters(query: DirectoryQuery): boolean {
  return Boolean(query.searchQuery || query.entityType || query.featuredOnly || LIST_FILTERS.some((n) => query[n].length));
}

/** What a submitted directory form means as URL parameters: empty values, "all" and the default page size dropped. */
export function formToDirectoryParams(form: FormData | URLSearchParams): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of form.entries()) {
    if (typeof value !== "string" || value.trim() === "" || name === "page") continue;
    if (name === "type" && value === "all") continue;
    if (name === "pageSize" && Number(value) === DEFAULT_PAGE_SIZE) continue;
    params.append(name, value);
  }
  return params;
}
