/**
 * Spec 02 §3 "Crawler page data", counted on what an anonymous crawler receives: every listing passes through the
 * same gate as the pages (DESIGN D6), so a gated field is empty and its placeholder does not count as content.
 */
import type { FieldRules, Viewer } from "../access/redact-listing.ts";
import { redactListing, toTeaser } from "../access/redact-listing.ts";
import type { ListingDetail, LockedTeaser, VisibleListing } from "../catalog/listing-types.ts";

/** A crawler is a visitor: no cookie, no session, the public tier. Nothing is opened for it (no cloaking). */
export const CRAWLER_VIEWER: Viewer = { tier: "public" };

/** What a profile sends a crawler: the gated listing, or the teaser of a listing above the public tier. */
export type CrawlerView = { status: "ok"; listing: VisibleListing } | { status: "locked"; teaser: LockedTeaser };

/** The listing fields the crawler page reads (spec 02 §3), as the crawler received them. */
export interface CrawlerFields {
  tagline: string | null;
  problem: string | null;
  solution: string | null;
  revenueRange: string | null;
  team: string[];
  industry: string[];
}

export interface CoverageStats {
  totalListings: number;
  /** Listings with any of problem, solution, team or revenue range visible. */
  listingsWithContent: number;
  /** Present fields among problem, solution, team, revenue range, tagline and industry, over all listings. */
  fieldsVisible: number;
}

/** The profile gate with the crawler's viewer: the same function every page and API uses. */
export function crawlerViewOf(detail: ListingDetail, rules: FieldRules): CrawlerView {
  const listing = redactListing(detail, CRAWLER_VIEWER, rules);
  return listing ? { status: "ok", listing } : { status: "locked", teaser: toTeaser(detail) };
}

export function crawlerFields(view: CrawlerView): CrawlerFields {
  if (view.status === "locked") {
    const { tagline, industry } = view.teaser;
    return { tagline, industry, problem: null, solution: null, revenueRange: null, team: [] };
  }
  const { tagline, industry, problem, solution, revenueRange, team } = view.listing;
  return { tagline, industry, problem, solution, revenueRange, team: team.map((member) => member.name) };
}

const present = (value: string | null | undefined) => typeof value === "string" && value.trim().length > 0;

export function hasContent(fields: CrawlerFields): boolean {
  return present(fields.problem) || present(fields.solution) || fields.team.length > 0 || present(fields.revenueRange);
}

export function visibleFieldCount(fields: CrawlerFields): number {
  return [
    present(fields.problem),
    present(fields.solution),
    fields.team.length > 0,
    present(fields.revenueRange),
    present(fields.tagline),
    fields.industry.length > 0,
  ].filter(Boolean).length;
}

export function emptyCoverage(): CoverageStats {
  return { totalListings: 0, listingsWithContent: 0, fieldsVisible: 0 };
}

/** Adds one listing to running totals (the listings are read in batches, never all at once). */
export function addToCoverage(stats: CoverageStats, fields: CrawlerFields): CoverageStats {
  return {
    totalListings: stats.totalListings + 1,
    listingsWithContent: stats.listingsWithContent + (hasContent(fields) ? 1 : 0),
    fieldsVisible: stats.fieldsVisible + visibleFieldCount(fields),
  };
}

/** SEO coverage: listings with content over all listings, in percent (0 when there are none). */
export function coveragePercent(stats: CoverageStats): number {
  return stats.totalListings ? (stats.listingsWithContent / stats.totalListings) * 100 : 0;
}

/** One decimal, as the stat card shows it: "83.3%". */
export function formatPercent(percent: number): string {
  return `${percent.toFixed(1)}%`;
}
