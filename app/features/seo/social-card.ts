/**
 * Social preview cards (decision 0072): the picture Open Graph and Twitter show when a page is shared. Pure, so the
 * meta functions (which also run in the browser) can name them; drawn by render-social-card.server.ts.
 */
import { TYPE_LABEL, type ListingType } from "../catalog/listing-types.ts";

/** The size Open Graph and Twitter's large summary card show without cropping (1.91:1). */
export const SOCIAL_CARD_WIDTH = 1200;
export const SOCIAL_CARD_HEIGHT = 630;

/**
 * The drawing's version, part of every card's address: raise it when the drawing changes, so that caches holding
 * the old picture (a year, immutable) are passed by.
 */
export const CARD_DESIGN = "1";

/** What a profile's card shows: only fields a visitor sees on the listing's teaser (name, type, tagline, logo). */
export interface SocialCard {
  type: ListingType;
  slug: string;
  name: string;
  tagline: string | null;
  logo: string | null;
}

export interface SocialImage {
  /** The picture's path on our origin. */
  path: string;
  alt: string;
}

export const SITE_CARD_PATH = `/og/site/${CARD_DESIGN}.png`;
export const SITE_CARD_ALT = "Introbase: a directory of startups, investors and local partners, with warm introductions";
export const SITE_CARD: SocialImage = { path: SITE_CARD_PATH, alt: SITE_CARD_ALT };

/** /og/{type}/{slug}/{version}.png: the version is a hash of what the card shows, so a renamed listing gets a new address. */
export function profileCardPath(type: ListingType, slug: string, version: string): string {
  return `/og/${type}/${encodeURIComponent(slug)}/${version}.png`;
}

/** The card's alt text says what the picture says: name, type and tagline. */
export function profileCardAlt(card: Pick<SocialCard, "name" | "type" | "tagline">): string {
  const label = TYPE_LABEL[card.type].toLowerCase();
  const what = `${card.name}, ${/^[aeiou]/.test(label) ? "an" : "a"} ${label} on Introbase`;
  return card.tagline?.trim() ? `${what}: ${card.tagline.trim()}` : what;
}
