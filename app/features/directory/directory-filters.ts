import { parseListingType, type ListingType } from "../catalog/listing-types.ts";
import { BAND_CODES, RANGE_PARAMS, readRangeFilters, type BandFilter, type RangeFilters } from "./investor-filters.ts";

/** Spec 01 §3 filter and pagination parameters, after validation. */
export interface DirectoryQuery extends RangeFilters {
  searchQuery?: string;
  entityType?: ListingType;
  featuredOnly?: boolean;
  industries: string[];
  geographies: string[];
  fundingStages: string[];
  businessModels: string[];
  countries: string[];
  /** Headquarters cities, as written (compared without case or accents: city-column.ts). */
  cities: string[];
  revenueRanges: string[];
  personas: string[];
  /** Bands of total raised, team size and investors' ticket size (investor-filters.ts). */
  raised: string[];
  teamSize: string[];
  ticketSize: string[];
  page: number;
  pageSize: PageSize;
  /** Absent: the default order for the query (see effectiveSort). */
  sort?: Sort;
  /**
   * Words that order the results without narrowing them: a search whose every word became a filter ("angel
   * investors") is still ranked by those words, as Algolia's optional words are (decision 0088). Not a URL parameter
   * of its own: the page takes it from `interpreted`, the API from its own reading of the search.
   */
  rankBy?: string;
}

export const PAGE_SIZES = [25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;
const MAX_SEARCH_LENGTH = 200;
const MAX_VALUES_PER_FILTER = 50;
const MAX_VALUE_LENGTH = 100;
const MAX_PAGE = 100_000;

export const LIST_FILTERS = [
  "industries",
  "geographies",
  "fundingStages",
  "businessModels",
  "countries",
  "cities",
  "revenueRanges",
  "personas",
  "raised",
  "teamSize",
  "ticketSize",
] as const;
export type ListFilter = (typeof LIST_FILTERS)[number];

const BUSINESS_MODEL_CODES = ["retainer", "retainer_plus_success", "success_only"] as const;

/** The orders a directory page can take (decision 0040). Relevance needs a search text. */
export const SORTS = ["relevance", "featured", "newest", "recently-funded", "most-raised", "recently-founded"] as const;
export type Sort = (typeof SORTS)[number];
export const SORT_LABELS: Record<Sort, string> = {
  relevance: "Best match",
  featured: "Featured first",
  newest: "Newest",
  "recently-funded": "Recently funded",
  "most-raised": "Most raised",
  "recently-founded": "Recently founded",
};

/**
 * The order a query is shown in: the chosen one, else best match when searching (or ranking by the words a search was
 * read from) and featured first otherwise.
 */
export function effectiveSort(query: Pick<DirectoryQuery, "sort" | "searchQuery" | "rankBy">): Sort {
  const ranked = !!(query.searchQuery || query.rankBy);
  if (query.sort && (query.sort !== "relevance" || ranked)) return query.sort;
  return ranked ? "relevance" : "featured";
}

export type ParseResult = { ok: true; query: DirectoryQuery } | { ok: false; error: string };

/** Something in the URL that could not be honoured: `error` for API clients, `notice` for people. */
export interface QueryProblem {
  error: string;
  notice: string;
}

const SCALARS = [
  "searchQuery",
  "q",
  "entityType",
  "type",
  "featuredOnly",
  "featured",
  "page",
  "pageSize",
  "offset",
  "sort",
  ...RANGE_PARAMS,
];

/**
 * Reads the directory state from URL parameters. API clients get a 400 for anything that cannot be honoured
 * (parseDirectoryQuery); pages apply spec 01 §2's defaults instead and say what they dropped
 * (readDirectoryQuery's problems become notices). List filters may repeat (industries=AI&industries=FinTech).
 */
export function parseDirectoryQuery(params: URLSearchParams): ParseResult {
  const { query, problems } = readDirectoryQuery(params);
  return problems.length ? { ok: false, error: problems[0]!.error } : { ok: true, query };
}

/** One parameter's first value; and how a reader says what it could not honour (the API's error, the page's notice). */
type Single = (name: string) => string | null;
type Problem = (error: string, notice: string) => void;

function readSearch(single: Single, problem: Problem): string | undefined {
  let rawSearch = single("searchQuery") ?? single("q") ?? "";
  // Characters as people (and JSON Schema's maxLength) count them: an emoji is one.
  if ([...rawSearch].length > MAX_SEARCH_LENGTH) {
    problem(`searchQuery must be at most ${MAX_SEARCH_LENGTH} characters.`, `The search was shortened to ${MAX_SEARCH_LENGTH} characters.`);
    rawSearch = [...rawSearch].slice(0, MAX_SEARCH_LENGTH).join("");
  }
  return rawSearch.trim() || undefined;
}

function readEntityType(single: Single, problem: Problem): ListingType | undefined {
  const rawType = single("entityType") ?? single("type");
  if (rawType === null || rawType.trim().toLowerCase() === "all" || rawType.trim() === "") return undefined;
  const parsed = parseListingType(rawType);
  if (parsed) return parsed;
  problem(
    `entityType must be one of all, startup, investor, partner (got "${rawType.slice(0, 40)}").`,
    `Showing every type: "${rawType.slice(0, 40)}" is not a type of listing.`,
  );
  return undefined;
}

function readFeatured(single: Single, problem: Problem): boolean | undefined {
  const rawFeatured = single("featuredOnly") ?? single("featured");
  if (rawFeatured === null || rawFeatured === "") return undefined;
  const v = rawFeatured.toLowerCase();
  if (["true", "on", "1"].includes(v)) return true;
  if (!["false", "0"].includes(v)) problem("featuredOnly must be true or false.", "Showing featured and other listings alike.");
  return undefined;
}

function readPaging(single: Single, problem: Problem): { page: number; pageSize: PageSize } {
  let page = parsePositiveInt(single("page"), 1);
  if (page === null || page > MAX_PAGE) {
    problem(
      page === null ? "page must be a whole number of at least 1." : `page must be at most ${MAX_PAGE}.`,
      "That page number does not exist: showing the first page.",
    );
    page = 1;
  }
  const rawSize = single("pageSize");
  let pageSize = rawSize === null || rawSize === "" ? DEFAULT_PAGE_SIZE : Number(rawSize);
  if (!(PAGE_SIZES as readonly number[]).includes(pageSize)) {
    problem("pageSize must be 25, 50 or 100.", `Showing ${DEFAULT_PAGE_SIZE} listings a page: the page size can be 25, 50 or 100.`);
    pageSize = DEFAULT_PAGE_SIZE;
  }
  return { page, pageSize: pageSize as PageSize };
}

function readSort(single: Single, problem: Problem): Sort | undefined {
  const rawSort = single("sort");
  if (rawSort === null || rawSort === "") return undefined;
  const wanted = rawSort.trim().toLowerCase();
  if ((SORTS as readonly string[]).includes(wanted)) return wanted as Sort;
  problem(
    `sort must be one of ${SORTS.join(", ")} (got "${rawSort.slice(0, 40)}").`,
    "Showing the usual order: that sort order is unknown.",
  );
  return undefined;
}

/** Every list filter: repeated or comma-separated values, at most so many and so long, codes where codes are due. */
function readListFilters(params: URLSearchParams, problem: Problem): Record<ListFilter, string[]> {
  const lists = {} as Record<ListFilter, string[]>;
  for (const name of LIST_FILTERS) {
    let values = [
      ...new Set(
        params
          .getAll(name)
          .flatMap((v) => v.split(","))
          .map((v) => v.trim())
          .filter(Boolean),
      ),
    ];
    if (values.length > MAX_VALUES_PER_FILTER) {
      problem(
        `${name} accepts at most ${MAX_VALUES_PER_FILTER} values.`,
        `Only the first ${MAX_VALUES_PER_FILTER} ${FILTER_NOUNS[name].many} were used.`,
      );
      values = values.slice(0, MAX_VALUES_PER_FILTER);
    }
    const tooLong = values.filter((v) => [...v].length > MAX_VALUE_LENGTH);
    if (tooLong.length) {
      problem(
        `${name} values must be at most ${MAX_VALUE_LENGTH} characters.`,
        `No ${FILTER_NOUNS[name].one} has a name that long: it was left out.`,
      );
      values = values.filter((v) => [...v].length <= MAX_VALUE_LENGTH);
    }
    lists[name] = values;
  }
  const badModels = lists.businessModels.filter((m) => !(BUSINESS_MODEL_CODES as readonly string[]).includes(m));
  if (badModels.length) {
    problem(
      `businessModels accepts only retainer, retainer_plus_success, success_only (got "${badModels[0]!.slice(0, 40)}").`,
      `No business model "${badModels[0]!.slice(0, 40)}": it was left out of the filters.`,
    );
    lists.businessModels = lists.businessModels.filter((m) => !badModels.includes(m));
  }
  for (const name of Object.keys(BAND_CODES) as BandFilter[]) {
    const codes: readonly string[] = BAND_CODES[name];
    const bad = lists[name].filter((v) => !codes.includes(v.toLowerCase()));
    if (bad.length) {
      problem(
        `${name} accepts only ${codes.join(", ")} (got "${bad[0]!.slice(0, 40)}").`,
        `No ${FILTER_NOUNS[name].one} "${bad[0]!.slice(0, 40)}": it was left out of the filters.`,
      );
    }
    lists[name] = lists[name].map((v) => v.toLowerCase()).filter((v) => codes.includes(v));
  }
  return lists;
}

/**
 * The directory state with every value that could not be honoured replaced by its default, and why. The readers
 * run in this order, so the first problem (the API's 400) is the first parameter of the address's reading order.
 */
export function readDirectoryQuery(params: URLSearchParams): { query: DirectoryQuery; problems: QueryProblem[] } {
  const problems: QueryProblem[] = [];
  const problem: Problem = (error, notice) => problems.push({ error, notice });
  for (const name of SCALARS) {
    if (params.getAll(name).length > 1)
      problem(`Parameter "${name}" must appear at most once.`, `Only the first "${name}" in the address was used.`);
  }
  const single: Single = (name) => params.get(name);
  const searchQuery = readSearch(single, problem);
  const entityType = readEntityType(single, problem);
  const featuredOnly = readFeatured(single, problem);
  const { page, pageSize } = readPaging(single, problem);
  const sort = readSort(single, problem);
  const lists = readListFilters(params, problem);
  const ranges = readRangeFilters(single);
  problems.push(...ranges.problems);
  return {
    query: { searchQuery, entityType, featuredOnly, ...lists, ...ranges.filters, page, pageSize, ...(sort ? { sort } : {}) },
    problems,
  };
}

/** What one and several of a filter's values are called in a sentence. */
export const FILTER_NOUNS: Record<ListFilter, { one: string; many: string }> = {
  industries: { one: "industry", many: "industries" },
  geographies: { one: "region", many: "regions" },
  fundingStages: { one: "funding stage", many: "funding stages" },
  businessModels: { one: "business model", many: "business models" },
  countries: { one: "country", many: "countries" },
  cities: { one: "city", many: "cities" },
  revenueRanges: { one: "revenue range", many: "revenue ranges" },
  personas: { one: "persona", many: "personas" },
  raised: { one: "amount raised band", many: "amount raised bands" },
  teamSize: { one: "team size band", many: "team size bands" },
  ticketSize: { one: "ticket size band", many: "ticket size bands" },
};

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
  for (const name of RANGE_PARAMS) if (query[name] !== undefined) params.set(name, String(query[name]));
  if (query.sort) params.set("sort", query.sort);
  if (query.pageSize && query.pageSize !== DEFAULT_PAGE_SIZE) params.set("pageSize", String(query.pageSize));
  if (query.page && query.page > 1) params.set("page", String(query.page));
  return params;
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
