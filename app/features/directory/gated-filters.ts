/**
 * Which filters of the directory are on a value the viewer's plan is not shown (decision 0085). Their options are
 * narrowed to the listings that show the viewer the value (viewer-options.ts, decision 0030): under a global field rule
 * above the viewer's tier that is almost none, and a column of zero counts read as "no listing has revenue". So the
 * panel says instead whose plan shows the value, and offers the upgrade. Only the rule's level is said: it is the same
 * for every listing, so it tells nothing about any one listing.
 */
import { requiredLevel, type FieldRules } from "../access/redact-listing.ts";
import { canSee, type AccessLevel } from "../access/tiers.ts";
import { GATED_FIELD_DIMENSIONS, type GatedFieldDimension } from "./viewer-options.ts";

export interface GatedFilter {
  filter: GatedFieldDimension;
  /** The tier the global field rule shows the value to. */
  requiredTier: AccessLevel;
}

/** What each gated filter is about, as the sentence names it: "Revenue is shown to Subscriber members". */
export const GATED_FILTER_SUBJECTS: Record<GatedFieldDimension, string> = { revenueRanges: "Revenue", cities: "Headquarters city" };

/** The filters whose value the global field rules keep from a viewer of this tier. */
export function gatedFiltersFor(tier: AccessLevel, rules: FieldRules): GatedFilter[] {
  const gated: GatedFilter[] = [];
  for (const [filter, field] of Object.entries(GATED_FIELD_DIMENSIONS) as Array<
    [GatedFieldDimension, (typeof GATED_FIELD_DIMENSIONS)[GatedFieldDimension]]
  >) {
    // No listing's own setting: the global rule (or the field's default) is what a listing follows unless it says otherwise.
    const level = requiredLevel(field, { fieldVisibility: {} }, rules);
    if (!canSee(tier, level)) gated.push({ filter, requiredTier: level });
  }
  return gated;
}

/** "Revenue is shown to Subscriber members", with the plan named as the catalogue sells it (decision 0080). */
export function gatedFilterSentence(filter: GatedFieldDimension, planName: string): string {
  return `${GATED_FILTER_SUBJECTS[filter]} is shown to ${planName} members`;
}
