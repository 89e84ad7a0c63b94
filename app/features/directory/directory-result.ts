import type { DirectoryItem } from "../catalog/listing-types.ts";

/** Counts per filter option, each computed with every other active filter applied (spec: facet counts). */
export interface Facets {
  entityType: Record<string, number>;
  featured: number;
  industries: Record<string, number>;
  geographies: Record<string, number>;
  countries: Record<string, number>;
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

export interface DirectoryResult {
  data: DirectoryItem[];
  pagination: Pagination;
  facets: Facets;
}
