import type { GatedField, ListingType, VisibleListing } from "../catalog/listing-types.ts";

/**
 * The class on every gated section as drawn for a viewer who may not see it (a placeholder, never the value). The
 * profile's JSON-LD names it in `hasPart.cssSelector`, which is how search engines learn that the section is
 * paywalled rather than cloaked.
 */
export const PAYWALLED_CLASS = "paywalled-section";
export const PAYWALLED_SELECTOR = `.${PAYWALLED_CLASS}`;

/**
 * The gated fields each profile view draws. Key use cases are left out everywhere: a locked list of use cases is
 * hidden rather than drawn (spec 01 §2), so no element could carry the class.
 */
// The contact block (contact-section.tsx) draws one locked section per locked field, on every profile.
const CONTACT: readonly GatedField[] = ["hqStreet", "hqCity", "hqRegion", "hqPostalCode", "phone", "contactEmail"];

const DRAWN: Record<ListingType, readonly GatedField[]> = {
  startup: ["problem", "solution", "timing", "howItWorks", "revenueRange", "team", "faqs", ...CONTACT],
  // An investor's revenue range is not shown at all (a fund's revenue tells a founder nothing; decision 0038).
  investor: ["team", ...CONTACT],
  partner: ["team", ...CONTACT],
};

/** The sections this profile draws as placeholders for its viewer: each one carries PAYWALLED_CLASS. */
export function paywalledSections(listing: Pick<VisibleListing, "type" | "lockedFields">): GatedField[] {
  return DRAWN[listing.type].filter((field) => listing.lockedFields[field] !== undefined);
}
