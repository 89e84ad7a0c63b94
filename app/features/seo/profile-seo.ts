import type { MetaDescriptor } from "react-router";
import { TYPE_LABEL, type LockedTeaser, type VisibleListing } from "../catalog/listing-types.ts";
import { PAYWALLED_SELECTOR, paywalledSections } from "../profiles/gated-sections.ts";
import { profilePath } from "./canonical.ts";
import type { JsonLdNode } from "./json-ld.ts";
import { pageMeta } from "./meta-tags.ts";
import type { SocialImage } from "./social-card.ts";
import { profileJsonLd } from "./structured-data.ts";

/** What the profile route sent: the gated listing, a teaser (locked, or views used up), or nothing. */
export type ProfileSeoInput =
  | { status: "ok"; listing: VisibleListing; noindex?: boolean; socialImage?: SocialImage }
  | { status: "locked" | "quota_exceeded"; teaser: LockedTeaser; noindex?: boolean; socialImage?: SocialImage }
  | { status: "not_found" };

const NOT_FOUND_DESCRIPTION = "The profile you are looking for does not exist or might have been removed.";

/** The snippet: the tagline, then as much of the description as fits; only what this viewer was sent. */
function profileDescription(card: Pick<VisibleListing, "name" | "type" | "tagline"> & { description?: string | null }): string {
  const parts = [card.tagline?.trim(), card.description?.trim()].filter((p): p is string => Boolean(p));
  if (!parts.length) return `${card.name}: ${TYPE_LABEL[card.type].toLowerCase()} profile in the Introbase partner directory.`;
  return parts.map((p) => (/[.!?…]$/.test(p) ? p : `${p}.`)).join(" ");
}

/** Title, description, canonical and Open Graph tags of a profile; noindex for a listing kept out of search engines. */
export function profileMeta(origin: string | undefined, data: ProfileSeoInput | undefined): MetaDescriptor[] {
  if (!data || data.status === "not_found")
    return pageMeta({ origin, path: null, title: "Profile Not Found", description: NOT_FOUND_DESCRIPTION, robots: "noindex" });
  const card = data.status === "ok" ? data.listing : data.teaser;
  return pageMeta({
    origin,
    path: profilePath(card.type, card.slug),
    title: `${card.name} – ${TYPE_LABEL[card.type]}`,
    description: profileDescription(data.status === "ok" ? data.listing : data.teaser),
    // The listing's own card (its address made on the server, social-card.server.ts); the site's without one.
    image: data.socialImage,
    robots: data.noindex ? "noindex" : undefined,
  });
}

/** The profile's JSON-LD: paywalled when it draws any gated section as a placeholder, or is a teaser. */
export function profileStructuredData(origin: string, data: ProfileSeoInput): JsonLdNode[] {
  if (data.status === "not_found") return [];
  if (data.status === "ok") {
    const paywalled = paywalledSections(data.listing).length > 0;
    return profileJsonLd(origin, { status: "ok", listing: data.listing }, { paywalled, paywallSelector: PAYWALLED_SELECTOR });
  }
  return profileJsonLd(origin, { status: "locked", teaser: data.teaser }, { paywalled: true, paywallSelector: PAYWALLED_SELECTOR });
}
