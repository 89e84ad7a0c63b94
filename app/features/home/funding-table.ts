import type { Viewer } from "../access/redact-listing.ts";
import { canSee, normalizeLevel } from "../access/tiers.ts";
import { formatAmount, MISSING, roundTypeLabel } from "../catalog/format.ts";

/** A featured startup as read from the database, before gating. Never sent to the browser as is. */
export interface FeaturedStartup {
  slug: string;
  name: string;
  logoUrl: string | null;
  visibility: string;
  latestRoundType: string | null;
  amountRaised: number | null;
  industries: string[];
  teamSize: string | null;
  foundedYear: number | null;
}

export interface OpenFundingRow {
  locked: false;
  key: string;
  slug: string;
  name: string;
  logo: string | null;
  round: string;
  amount: string;
  category: string;
  teamSize: string;
  founded: string;
}

/**
 * A row above the viewer's tier. It carries nothing about the company: not even its slug, which would
 * name it (DESIGN D6). The key is positional for that reason.
 */
export interface LockedFundingRow {
  locked: true;
  key: string;
}

export type FundingRow = OpenFundingRow | LockedFundingRow;

/** Spec 01 §9: the table shows at most the first 10 rows (the query loads at most 8). */
export const FUNDING_TABLE_ROWS = 10;

function text(value: string | null | undefined): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed : MISSING;
}

/** The home "Latest Funding Rounds" rows, holding only what this viewer may see, display-ready. */
export function buildFundingRows(startups: readonly FeaturedStartup[], viewer: Viewer): FundingRow[] {
  return startups.slice(0, FUNDING_TABLE_ROWS).map((startup, index): FundingRow => {
    if (!canSee(viewer.tier, normalizeLevel(startup.visibility))) return { locked: true, key: `locked-${index}` };
    return {
      locked: false,
      key: startup.slug,
      slug: startup.slug,
      name: startup.name,
      logo: startup.logoUrl?.trim() || null,
      round: roundTypeLabel(startup.latestRoundType),
      amount: formatAmount(startup.amountRaised),
      category: text(startup.industries[0]),
      teamSize: text(startup.teamSize),
      founded: startup.foundedYear === null ? MISSING : String(startup.foundedYear),
    };
  });
}
