import { CONTACT_FIELDS, type GatedField, type ListingType, type LockedField, type VisibleListing } from "../catalog/listing-types.ts";

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
const DRAWN: Record<ListingType, readonly GatedField[]> = {
  startup: ["problem", "solution", "timing", "howItWorks", "revenueRange", "team", "faqs"],
  // An investor's revenue range is not shown at all (a fund's revenue tells a founder nothing; decision 0038).
  investor: ["team"],
  partner: ["team"],
};

export interface ContactLock {
  fields: (typeof CONTACT_FIELDS)[number][];
  lock: LockedField;
}

/**
 * The contact block's locked sections, on every profile: fields locked alike (the same message, tier and
 * placeholder) share one, so a locked street and postal code are one "Subscribe to see the full address".
 */
export function contactLocks(lockedFields: VisibleListing["lockedFields"]): ContactLock[] {
  const groups = new Map<string, ContactLock>();
  for (const field of CONTACT_FIELDS) {
    const lock = lockedFields[field];
    if (!lock) continue;
    const key = JSON.stringify([lock.message, lock.requiredTier, lock.placeholder]);
    const group = groups.get(key);
    if (group) group.fields.push(field);
    else groups.set(key, { fields: [field], lock });
  }
  return [...groups.values()];
}

/** The sections this profile draws as placeholders for its viewer: each one carries PAYWALLED_CLASS. */
export function paywalledSections(listing: Pick<VisibleListing, "type" | "lockedFields">): GatedField[] {
  const sections = DRAWN[listing.type].filter((field) => listing.lockedFields[field] !== undefined);
  return [...sections, ...contactLocks(listing.lockedFields).map(({ fields }) => fields[0]!)];
}
