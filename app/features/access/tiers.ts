import { ACCESS_LEVELS, type AccessLevel } from "#db/values/listings.ts";

export { ACCESS_LEVELS, type AccessLevel };

/** Tier order of spec 01 §4: public < subscriber < premium, ranks 1, 2, 3. */
export const TIER_RANK: Record<AccessLevel, number> = { public: 1, subscriber: 2, premium: 3 };

/** Unknown or missing access values fall back to public. */
export function normalizeLevel(value: unknown): AccessLevel {
  const v = typeof value === "string" ? value.trim().toLowerCase() : "";
  return (ACCESS_LEVELS as readonly string[]).includes(v) ? (v as AccessLevel) : "public";
}

/** A viewer may see anything requiring a level when their tier is at or above it. */
export function canSee(viewerTier: AccessLevel, required: AccessLevel): boolean {
  return TIER_RANK[viewerTier] >= TIER_RANK[required];
}

export function higherLevel(a: AccessLevel, b: AccessLevel): AccessLevel {
  return TIER_RANK[a] >= TIER_RANK[b] ? a : b;
}
