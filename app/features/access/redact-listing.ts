import type {
  DirectoryItem,
  GatedField,
  ListingCard,
  ListingDetail,
  LockedField,
  LockedTeaser,
  VisibleListing,
} from "../catalog/listing-types.ts";
import { GATED_FIELDS } from "../catalog/listing-types.ts";
import { placeholderFor } from "./placeholders.ts";
import { canSee, normalizeLevel, type AccessLevel } from "./tiers.ts";

/** Global field rules: field name → the level needed to see it. Missing fields are public. */
export type FieldRules = Partial<Record<GatedField, AccessLevel>>;

export interface Viewer {
  tier: AccessLevel;
}

/** How many industries and geographies a locked teaser shows; the directory's filters for locked listings match only these. */
export const TEASER_INDUSTRIES = 2;
export const TEASER_GEOGRAPHIES = 1;

/**
 * The one gate every page and API goes through (DESIGN D6). A listing above the viewer's tier becomes a
 * teaser holding only what the teaser shows; anything else is returned in full.
 */
export function gateDirectoryItem(card: Omit<ListingCard, "locked">, viewer: Viewer): DirectoryItem {
  if (canSee(viewer.tier, normalizeLevel(card.listingVisibility))) return { ...card, locked: false };
  return toTeaser(card);
}

/** Only what a locked teaser shows (also what a profile shows once the viewer's views quota is used up). */
export function toTeaser(card: Omit<ListingCard, "locked">): LockedTeaser {
  return {
    locked: true,
    id: card.id,
    slug: card.slug,
    type: card.type,
    name: card.name,
    logo: card.logo,
    tagline: card.tagline,
    industry: card.industry.slice(0, TEASER_INDUSTRIES),
    geography: card.geography.slice(0, TEASER_GEOGRAPHIES),
    fundingStage: card.fundingStage,
    featured: card.featured,
    listingVisibility: card.listingVisibility,
  };
}

/**
 * Levels for fields no global rule names (decision 0066). The contact and street fields are closed until an
 * operator opens them: they arrived after sites had their rules, and "missing means public" would publish every
 * listing's phone number the day the columns were filled. These hold even when the rules cannot be read.
 */
const DEFAULT_FIELD_LEVELS: FieldRules = {
  hqStreet: "subscriber",
  hqPostalCode: "subscriber",
  phone: "premium",
  contactEmail: "premium",
};

/** The level a field needs: the listing's own setting wins over the global rule, then the default; otherwise public. */
export function requiredLevel(field: GatedField, listing: Pick<ListingDetail, "fieldVisibility">, rules: FieldRules): AccessLevel {
  return normalizeLevel(listing.fieldVisibility[field] ?? rules[field] ?? DEFAULT_FIELD_LEVELS[field]);
}

const EMPTY: { [K in GatedField]: ListingDetail[K] } = {
  revenueRange: null,
  problem: null,
  solution: null,
  timing: null,
  howItWorks: [],
  keyUseCases: [],
  team: [],
  faqs: [],
  hqStreet: null,
  hqCity: null,
  hqRegion: null,
  hqPostalCode: null,
  phone: null,
  contactEmail: null,
};

/** Whether the viewer's tier may see this gated field of this listing. */
export function maySeeField(
  field: GatedField,
  listing: Pick<ListingDetail, "fieldVisibility">,
  viewer: Viewer,
  rules: FieldRules,
): boolean {
  return canSee(viewer.tier, requiredLevel(field, listing, rules));
}

/**
 * A profile as the viewer may see it: every restricted field is emptied and described by a placeholder.
 * Returns null when the whole listing is above the viewer's tier (the caller shows the teaser instead).
 *
 * A restricted field is locked whether it holds a value or not, with the same placeholder (decision 0070): a lock
 * drawn only over filled fields told a visitor which hidden fields were empty, and so when one was emptied or set.
 */
export function redactListing(listing: ListingDetail, viewer: Viewer, rules: FieldRules): VisibleListing | null {
  if (!canSee(viewer.tier, normalizeLevel(listing.listingVisibility))) return null;
  const visible: VisibleListing = { ...listing, lockedFields: {} };
  for (const field of GATED_FIELDS) {
    if (maySeeField(field, listing, viewer, rules)) continue;
    (visible as unknown as Record<GatedField, unknown>)[field] = EMPTY[field];
    const locked: LockedField = { requiredTier: requiredLevel(field, listing, rules), ...placeholderFor(field, listing[field]) };
    visible.lockedFields[field] = locked;
  }
  return visible;
}
