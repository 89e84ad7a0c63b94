/**
 * A profile's `<lastmod>` in the sitemap (issue 29 §3): the newest change a visitor can see on the page, from the
 * fields' provenance (decision 0068), never the row's updated_at. That moves with every save, a hidden field's too,
 * and so dated a change to, say, a premium-only phone for anyone reading the sitemap. A field above the public tier
 * takes no part, set, changed or emptied; a listing above it shows only its teaser, so only the teaser's fields count.
 */
import { maySeeField, type FieldRules } from "../access/redact-listing.ts";
import { canSee, normalizeLevel } from "../access/tiers.ts";
import { gatedFieldOf, isProvenanceField, type FieldSources } from "../catalog/field-provenance.ts";

const VISITOR = { tier: "public" } as const;

/**
 * What a teaser shows of a listing a visitor may not open (access/redact-listing.ts, toTeaser). Its industries and
 * geographies are only the first few of each: a change further down the list is not seen, so the lists take no part.
 */
const TEASER_FIELDS: ReadonlySet<string> = new Set(["name", "tagline", "logoUrl", "fundingStageId"]);

export interface ListingForLastChange {
  visibility: unknown;
  fieldVisibility: Record<string, string>;
}

export function visitorLastChange(sources: FieldSources, listing: ListingForLastChange, rules: FieldRules): Date | null {
  const opens = canSee(VISITOR.tier, normalizeLevel(listing.visibility));
  let newest: string | null = null;
  for (const [field, entry] of Object.entries(sources)) {
    if (!entry.setAt || !isProvenanceField(field)) continue;
    if (!opens && !TEASER_FIELDS.has(field)) continue;
    const gated = gatedFieldOf(field);
    if (gated && !maySeeField(gated, listing as Parameters<typeof maySeeField>[1], VISITOR, rules)) continue;
    if (newest === null || entry.setAt > newest) newest = entry.setAt;
  }
  return newest === null ? null : new Date(newest);
}
