import type { Database } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import { getFieldRules } from "../access/field-rules.server.ts";
import { gateDirectoryItem, redactListing, toTeaser, type Viewer } from "../access/redact-listing.ts";
import { recordCompanyView, type QuotaState, type UsageSubject } from "../access/usage.server.ts";
import type { ListingCard, ListingDetail, ListingType, LockedTeaser, VisibleListing } from "../catalog/listing-types.ts";
import { getListingDetail } from "./get-listing.server.ts";

export type ProfileView =
  | { status: "ok"; listing: VisibleListing; views?: QuotaState }
  | { status: "locked"; teaser: LockedTeaser }
  | { status: "quota_exceeded"; teaser: LockedTeaser; views: QuotaState }
  | { status: "not_found" };

/**
 * A profile as this viewer may see it (DESIGN D6): the full listing with restricted fields replaced by
 * placeholders, a teaser when the whole listing is above the viewer's tier, or not found.
 */
export async function viewProfile(
  database: Database,
  type: ListingType,
  slug: string,
  viewer: Viewer,
  meter?: UsageSubject,
): Promise<ProfileView> {
  const [detail, rules] = await Promise.all([getListingDetail(database, type, slug), getFieldRules(database)]);
  if (!detail) return { status: "not_found" };
  const listing = redactListing(detail, viewer, rules);
  if (listing) {
    if (!meter) return { status: "ok", listing };
    // A signed-in viewer spends a company view (once per listing a month); with none left, the details stay here.
    const { allowed, ...views } = await recordCompanyView(database, meter, detail.id);
    return allowed ? { status: "ok", listing, views } : { status: "quota_exceeded", teaser: toTeaser(cardOf(detail)), views };
  }
  const teaser = gateDirectoryItem(cardOf(detail), viewer);
  // Both gates read the same listing level; disagreeing would mean a bug, and the safe answer is no data.
  if (!teaser.locked) throw new AppError("internal", "Listing and field gates disagree about a listing's visibility.");
  return { status: "locked", teaser };
}

const CARD_FIELDS = [
  "id",
  "slug",
  "type",
  "name",
  "logo",
  "tagline",
  "industry",
  "geography",
  "fundingStage",
  "featured",
  "businessModel",
  "countries",
  "targetPersonas",
  "listingVisibility",
] as const satisfies ReadonlyArray<keyof Omit<ListingCard, "locked">>;

/** Only the card fields go to the teaser gate, so nothing of the profile can slip into a teaser. */
function cardOf(detail: ListingDetail): Omit<ListingCard, "locked"> {
  return Object.fromEntries(CARD_FIELDS.map((field) => [field, detail[field]])) as Omit<ListingCard, "locked">;
}
