import type { Viewer } from "../access/redact-listing.ts";
import { canSee, normalizeLevel } from "../access/tiers.ts";
import { formatAmount, formatRoundDate, MISSING, roundTypeLabel } from "../catalog/format.ts";

/** A featured startup as read from the database, before gating. Never sent to the browser as is. */
export interface FeaturedStartup {
  slug: string;
  name: string;
  logoUrl: string | null;
  visibility: string;
  latestRoundType: string | null;
  /** "2024-03-15": the table's Date column and its order. */
  latestRoundDate: string | null;
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
  /** The latest round's month ("Mar 2024"), and the date itself for the `<time>` element (null when unknown). */
  date: string;
  dateTime: string | null;
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
const FUNDING_TABLE_ROWS = 10;

/** Spec 01 §9: the home table loads at most 8 featured startups. */
export const FEATURED_STARTUP_LIMIT = 8;

/**
 * Locked rows kept in the table even when there are enough open ones to fill it: the specification shows
 * non-public listings to visitors as locked rows (its invitation to subscribe), and these slots do not depend on
 * any hidden value, unlike picking the eight latest rounds of all listings would (decision 0038).
 */
const LOCKED_ROWS_KEPT = 2;

function text(value: string | null | undefined): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed : MISSING;
}

function latestFirst(a: FeaturedStartup, b: FeaturedStartup): number {
  const x = a.latestRoundDate || null;
  const y = b.latestRoundDate || null;
  if (x !== y) {
    if (x === null) return 1;
    if (y === null) return -1;
    return x < y ? 1 : -1;
  }
  return a.name.localeCompare(b.name) || a.slug.localeCompare(b.slug);
}

/**
 * The home "Latest Funding Rounds" rows, holding only what this viewer may see, display-ready: at most eight, the
 * rows the viewer may open first, most recent round first, then up to LOCKED_ROWS_KEPT locked rows (more when too
 * few open rows fill the table). Where a locked row sits, and whether it is shown, depends on no hidden value: its
 * place among the others would tell when its company raised (DESIGN D14). `startups` may hold more than eight.
 */
export function buildFundingRows(startups: readonly FeaturedStartup[], viewer: Viewer): FundingRow[] {
  const visible = (startup: FeaturedStartup) => canSee(viewer.tier, normalizeLevel(startup.visibility));
  const open = startups.filter(visible).sort(latestFirst);
  const locked = startups.filter((startup) => !visible(startup));
  const lockedShown = Math.min(locked.length, Math.max(LOCKED_ROWS_KEPT, FEATURED_STARTUP_LIMIT - open.length));
  const openShown = Math.min(open.length, FEATURED_STARTUP_LIMIT - lockedShown);
  const chosen = [...open.slice(0, openShown), ...locked.slice(0, lockedShown)];
  return chosen.slice(0, FUNDING_TABLE_ROWS).map((startup, index): FundingRow => {
    if (!visible(startup)) return { locked: true, key: `locked-${index}` };
    return {
      locked: false,
      key: startup.slug,
      slug: startup.slug,
      name: startup.name,
      logo: startup.logoUrl?.trim() || null,
      round: roundTypeLabel(startup.latestRoundType),
      date: formatRoundDate(startup.latestRoundDate),
      dateTime: startup.latestRoundDate?.trim() || null,
      amount: formatAmount(startup.amountRaised),
      category: text(startup.industries[0]),
      teamSize: text(startup.teamSize),
      founded: startup.foundedYear === null ? MISSING : String(startup.foundedYear),
    };
  });
}
