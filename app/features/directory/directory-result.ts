import type { DirectoryItem } from "../catalog/listing-types.ts";

/** Counts per filter option, each computed with every other active filter applied (spec: facet counts). */
export interface Facets {
  entityType: Record<string, number>;
  featured: number;
  industries: Record<string, number>;
  geographies: Record<string, number>;
  countries: Record<string, number>;
  /** Headquarters cities: the 100 with most listings, and any chosen (CITY_FACETS). */
  cities: Record<string, number>;
  personas: Record<string, number>;
  fundingStages: Record<string, number>;
  businessModels: Record<string, number>;
  revenueRanges: Record<string, number>;
  /** Per band code (investor-filters.ts). */
  raised: Record<string, number>;
  teamSize: Record<string, number>;
  ticketSize: Record<string, number>;
}

export interface Pagination {
  currentPage: number;
  totalPages: number;
  totalRecords: number;
  pageSize: number;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  nextOffset?: string;
}

/** For a search that found nothing: a search that finds something (decision 0082). */
export interface SearchSuggestion {
  /** The search text to try instead, with the same filters. */
  searchQuery: string;
  /** "spelling": words respelled as listings use them; "fewer-words": one word of the search left out. */
  reason: "spelling" | "fewer-words";
  /** How many listings it finds for this viewer. */
  totalRecords: number;
}

/** The facet counts the filter panel reads directly; every other count travels with its option (filter-options.ts). */
export type PanelCounts = Pick<Facets, "entityType" | "featured">;

/** The page's result as the directory route sends it: the facet counts beyond the panel's own are left out. */
export type DirectoryPageResult = Omit<DirectoryResult, "facets"> & { facets: PanelCounts };

export interface DirectoryResult {
  data: DirectoryItem[];
  pagination: Pagination;
  facets: Facets;
  /** Only when a search found nothing and another finds something. */
  suggestion?: SearchSuggestion;
}
