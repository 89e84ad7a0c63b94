/**
 * How many listings a member may follow, by tier (decision 0063). Every signed-in tier may follow: following is
 * the habit that brings a member back, and a free member's few follows show what the paid plans widen. The digest
 * tells a follower only what their tier may see, so a larger cap never reveals more, it only covers more listings.
 */
import { plural } from "~/lib/wording.ts";
import { normalizeLevel, type AccessLevel } from "../access/tiers.ts";

export const FOLLOW_CAP: Readonly<Record<AccessLevel, number>> = Object.freeze({ public: 5, subscriber: 50, premium: 500 });

export function followCap(tier: string): number {
  return FOLLOW_CAP[normalizeLevel(tier)];
}

/** The refusal at the cap: says the cap, and how to make room or get more. */
export function followCapMessage(tier: string): string {
  const level = normalizeLevel(tier);
  const more = level === "premium" ? "Unfollow one to follow another." : "Unfollow one, or upgrade your plan to follow more.";
  return `You follow ${plural(FOLLOW_CAP[level], "listing")}, the most your plan allows. ${more}`;
}

export const LOCKED_FOLLOW_MESSAGE = "This listing is not open on your plan. Upgrade to follow it.";
