import type { ListingType } from "../catalog/listing-types.ts";
import { DEFAULT_PAGE_SIZE, directoryQueryToParams, LIST_FILTERS, type DirectoryQuery } from "../directory/directory-filters.ts";
import { hasRangeFilters } from "../directory/investor-filters.ts";

/** The directory's one address: /directory and /listing-landing-3 show the same page and point here. */
export const DIRECTORY_PATH = "/listings";

/** Spec 01 §2 results headings, used for directory titles and breadcrumbs. */
export const DIRECTORY_HEADINGS: Record<ListingType | "all", string> = {
  all: "All Listings",
  startup: "Startups",
  investor: "Investors",
  partner: "Local Partners",
};

export function profilePath(type: string, slug: string): string {
  return `/profile/${type}/${encodeURIComponent(slug)}`;
}

/** /listings or /listings?type=startup: the address of one entity type's directory. */
export function directoryPath(entityType?: ListingType, page = 1): string {
  const params = directoryQueryToParams({ entityType, page }).toString();
  return params ? `${DIRECTORY_PATH}?${params}` : DIRECTORY_PATH;
}

export interface DirectorySeo {
  path: string;
  /** "noindex, follow" for search and filter combinations; absent for the indexable pages. */
  robots?: string;
}

/**
 * Which directory pages search engines should index. The type pages and their numbered pages (at the default
 * page size) are real landing pages: each is its own canonical. Search text, featured-only, any list filter or
 * another page size makes a combination without end: "noindex, follow" (links still lead to the profiles), and
 * the canonical points at the type's page.
 */
export function directorySeo(query: DirectoryQuery): DirectorySeo {
  const filtered =
    Boolean(query.searchQuery || query.featuredOnly) ||
    LIST_FILTERS.some((name) => query[name].length > 0) ||
    hasRangeFilters(query) ||
    query.pageSize !== DEFAULT_PAGE_SIZE;
  if (filtered) return { path: directoryPath(query.entityType), robots: "noindex, follow" };
  return { path: directoryPath(query.entityType, query.page) };
}
