import type { Viewer } from "./redact-listing.ts";
import { normalizeLevel } from "./tiers.ts";

/** The viewer a request's user makes: their tier when signed in (checked again on every request), else public. */
export function viewerFor(user: { tier: string } | null | undefined): Viewer {
  return { tier: user ? normalizeLevel(user.tier) : "public" };
}
