import type { Viewer } from "../access/redact-listing.ts";
import { canSee, normalizeLevel } from "../access/tiers.ts";
import type { ListingType } from "../catalog/listing-types.ts";

/** One company-round link of an investor, as read from the database: never sent to the browser as is. */
export interface PortfolioLink {
  companyId: string;
  slug: string;
  type: ListingType;
  name: string;
  logo: string | null;
  visibility: string;
  /** The round this investor took part in; null when the link names no round. */
  roundType: string | null;
  fundingDate: string | null;
}

export interface PortfolioRound {
  roundType: string;
  fundingDate: string | null;
}

/** A company in an investor's portfolio, as the viewer may see it: a link to a profile they may open. */
export interface PortfolioCompany {
  slug: string;
  type: ListingType;
  name: string;
  logo: string | null;
  /** The rounds this investor joined, latest first. */
  rounds: PortfolioRound[];
}

export interface Portfolio {
  companies: PortfolioCompany[];
  /** How many companies the viewer may see in all (more than `companies` when the list was cut). */
  total: number;
}

export const NO_PORTFOLIO: Portfolio = Object.freeze({ companies: [], total: 0 }) as Portfolio;

/** Enough for a profile page; an investor with more shows "and N more". */
const PORTFOLIO_LIMIT = 24;

/** Latest first; undated last; then by name so the order is stable. */
function byRecency(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? 1 : -1;
}

/**
 * An investor's portfolio for one viewer: the companies whose rounds the investor took part in, grouped per company,
 * most recent round first. A company above the viewer's tier is left out entirely, with no count and no hint
 * (decision 0038): its teaser shows name, tagline and a few facts, never who invested in it, so even its name here
 * would tell the viewer more than the teaser does. Ordering uses the round dates of visible companies only (D14).
 */
export function buildPortfolio(links: readonly PortfolioLink[], viewer: Viewer, limit = PORTFOLIO_LIMIT): Portfolio {
  const companies = new Map<string, PortfolioCompany & { latest: string | null; seen: Set<string> }>();
  for (const link of links) {
    if (!canSee(viewer.tier, normalizeLevel(link.visibility))) continue;
    let company = companies.get(link.companyId);
    if (!company) {
      company = { slug: link.slug, type: link.type, name: link.name, logo: link.logo, rounds: [], latest: null, seen: new Set() };
      companies.set(link.companyId, company);
    }
    if (!link.roundType) continue;
    const key = `${link.roundType}|${link.fundingDate ?? ""}`;
    if (company.seen.has(key)) continue;
    company.seen.add(key);
    company.rounds.push({ roundType: link.roundType, fundingDate: link.fundingDate });
    if (link.fundingDate && (company.latest === null || link.fundingDate > company.latest)) company.latest = link.fundingDate;
  }
  const sorted = [...companies.values()].sort(
    (a, b) => byRecency(a.latest, b.latest) || a.name.localeCompare(b.name) || a.slug.localeCompare(b.slug),
  );
  return {
    total: sorted.length,
    companies: sorted.slice(0, limit).map(({ slug, type, name, logo, rounds }) => ({
      slug,
      type,
      name,
      logo,
      rounds: [...rounds].sort((a, b) => byRecency(a.fundingDate, b.fundingDate)),
    })),
  };
}
