import type { Database } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import { getFieldRules } from "../access/field-rules.server.ts";
import { gateDirectoryItem, maySeeField, redactListing, toTeaser, type Viewer } from "../access/redact-listing.ts";
import { recordCompanyView, type QuotaState, type UsageSubject } from "../access/usage.server.ts";
import { getFieldSources } from "../catalog/field-provenance.server.ts";
import { gatedFieldOf, sectionProvenance } from "../catalog/field-provenance.ts";
import {
  GATED_FIELDS,
  type GatedField,
  type ListingCard,
  type ListingDetail,
  type ListingType,
  type LockedTeaser,
  type VisibleListing,
} from "../catalog/listing-types.ts";
import { getListingRecord } from "./get-listing.server.ts";

/** Who reads a profile without signing in: the floor no member ever drops below. */
const VISITOR: Viewer = { tier: "public" };

/**
 * `noindex`: the listing is kept out of search engines (its page says so; the sitemap leaves it out). `viewsUsedUp`:
 * the member's views are spent, so `listing` is what a visitor sees of it (decision 0080).
 */
export type ProfileView =
  | { status: "ok"; listing: VisibleListing; views?: QuotaState; noindex: boolean; viewsUsedUp?: true }
  | { status: "locked"; teaser: LockedTeaser; noindex: boolean }
  | { status: "quota_exceeded"; teaser: LockedTeaser; views: QuotaState; noindex: boolean }
  | { status: "not_found" };

/**
 * A profile as this viewer may see it (DESIGN D6): the full listing with restricted fields replaced by
 * placeholders, a teaser when the whole listing is above the viewer's tier, or not found. The listing is read from
 * `reader` (the replica when the request may use it, decision 0053); the spent view is written to `database`.
 */
export async function viewProfile(
  database: Database,
  type: ListingType,
  slug: string,
  viewer: Viewer,
  meter?: UsageSubject,
  reader = database,
): Promise<ProfileView> {
  const [record, rules] = await Promise.all([getListingRecord(database, type, slug, reader), getFieldRules(database)]);
  if (!record) return { status: "not_found" };
  const { detail, noindex } = record;
  const redacted = redactListing(detail, viewer, rules);
  if (redacted) {
    const seen = (who: Viewer) => (field: GatedField) => maySeeField(field, detail, who, rules);
    const listing = await withProvenance(reader, redacted, seen(viewer));
    // A view is counted only when it shows a field a visitor may not see (decision 0080): what anyone may read
    // costs a member nothing, so a free member, who sees exactly what a visitor sees, never spends one.
    const asVisitor = redactListing(detail, VISITOR, rules);
    const beyondVisitor = !asVisitor || GATED_FIELDS.some((field) => seen(viewer)(field) && !seen(VISITOR)(field));
    if (!meter || !beyondVisitor) return { status: "ok", listing, noindex };
    // A signed-in viewer spends a company view (once per listing a month). With none left they still see what a
    // visitor sees: the visitor's profile of a listing visitors may open, else the teaser.
    const { allowed, ...views } = await recordCompanyView(database, meter, detail.id);
    if (allowed) return { status: "ok", listing, views, noindex };
    if (asVisitor)
      return { status: "ok", listing: await withProvenance(reader, asVisitor, seen(VISITOR)), views, noindex, viewsUsedUp: true };
    return { status: "quota_exceeded", teaser: toTeaser(cardOf(detail)), views, noindex };
  }
  const teaser = gateDirectoryItem(cardOf(detail), viewer);
  // Both gates read the same listing level; disagreeing would mean a bug, and the safe answer is no data.
  if (!teaser.locked) throw new AppError("internal", "Listing and field gates disagree about a listing's visibility.");
  return { status: "locked", teaser, noindex };
}

/**
 * The profile's "Updated" lines, made here from the fields this viewer may see (decisions 0068, 0070): a field above
 * their tier takes no part, empty or not (its record says when it was set or emptied), so a hidden change moves no
 * line. Decided by the field's level, never by what else was sent. Read only for a listing the viewer may open.
 */
async function withProvenance(reader: Database, listing: VisibleListing, maySee: (field: GatedField) => boolean): Promise<VisibleListing> {
  const fields = (await getFieldSources(reader.db, [listing.id])).get(listing.id) ?? {};
  const provenance = sectionProvenance(fields, (field) => {
    const gated = gatedFieldOf(field);
    return !gated || maySee(gated);
  });
  return Object.keys(provenance).length ? { ...listing, provenance } : listing;
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
