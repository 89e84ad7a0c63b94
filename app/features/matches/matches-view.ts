import type { AccessLevel } from "../access/tiers.ts";
import { canSee } from "../access/tiers.ts";
import type { ListingType } from "../catalog/listing-types.ts";
import type { MatchReason, MatchSide } from "./match-score.ts";

/** One suggested listing as it leaves the server: its card's face, its score and the reasons in words. */
export interface MatchSuggestion {
  slug: string;
  type: ListingType;
  name: string;
  logo: string | null;
  tagline: string | null;
  /** 0 to 100 (match-score.ts). */
  score: number;
  reasons: MatchReason[];
  /** The reasons as one line: "Invests in Seed, FinTech, Europe". */
  summary: string;
}

/**
 * What a profile's match section shows (decision 0064): the suggestions; a teaser when the viewer's tier is below
 * the feature's or below the subject listing's (nothing of any suggestion is sent then, not even how many); or
 * nothing for a listing type without matches (partners).
 */
export type MatchesView =
  | { status: "ok"; side: MatchSide; items: MatchSuggestion[] }
  | { status: "locked"; side: MatchSide; requiredTier: AccessLevel }
  | { status: "none" };

/** Match suggestions are what a subscription buys: members from Subscriber up see them; visitors see a teaser. */
export const MATCHES_TIER: AccessLevel = "subscriber";

export function canSeeMatches(tier: AccessLevel): boolean {
  return canSee(tier, MATCHES_TIER);
}

/** Which listings a type is matched with: investors for a startup, startups for an investor, none for a partner. */
export function matchSideOf(type: ListingType): MatchSide | null {
  return type === "startup" ? "investors" : type === "investor" ? "startups" : null;
}

/** The teaser's words: "Subscribe to see investors that fit Acme", or "Upgrade to ..." when Premium is needed. */
export function lockedMatchesMessage(side: MatchSide, name: string, requiredTier: AccessLevel = MATCHES_TIER): string {
  const verb = requiredTier === "premium" ? "Upgrade" : "Subscribe";
  return `${verb} to see ${side === "investors" ? "investors" : "startups"} that fit ${name}`;
}
