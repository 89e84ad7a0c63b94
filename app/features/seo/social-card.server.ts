/**
 * Social cards on the server (decision 0072): what a listing's card shows, its address, and the PNG, cached by the
 * hash of what it shows.
 */
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import * as s from "#db/schema/index.ts";
import type { Database } from "~/lib/db.server.ts";
import { TtlCache } from "~/lib/ttl-cache.ts";
import { toTeaser } from "../access/redact-listing.ts";
import type { ListingType } from "../catalog/listing-types.ts";
import { readFile } from "../media/stored-files.server.ts";
import { renderSocialCard } from "./render-social-card.server.ts";
import { profileCardLayout, siteCardLayout } from "./social-card-layout.server.ts";
import { CARD_DESIGN, profileCardAlt, profileCardPath, type SocialCard, type SocialImage } from "./social-card.ts";

/** A card's version: a hash of the drawing's version and everything the card shows (a renamed listing gets a new one). */
export function profileCardVersion(card: SocialCard): string {
  const shown = JSON.stringify([CARD_DESIGN, card.type, card.slug, card.name, card.tagline, card.logo]);
  return createHash("sha256").update(shown).digest("hex").slice(0, 16);
}

/** The card of a listing or teaser a page was sent, as the page's meta names it. */
export function profileSocialImage(listing: SocialCard): SocialImage {
  const card = socialCardOf(listing);
  return { path: profileCardPath(card.type, card.slug, profileCardVersion(card)), alt: profileCardAlt(card) };
}

function socialCardOf({ type, slug, name, tagline, logo }: SocialCard): SocialCard {
  return { type, slug, name, tagline, logo };
}

/**
 * The card of a published listing as anyone may see it, whoever asks: the card is cached publicly, so it is made
 * from the listing's locked teaser, the least a visitor is ever shown (DESIGN D6), never from the asker's view.
 */
export async function findPublicSocialCard({ db }: Database, type: ListingType, slug: string): Promise<SocialCard | null> {
  const l = s.listings;
  const [row] = await db
    .select({
      id: l.id,
      type: l.type,
      slug: l.slug,
      name: l.name,
      tagline: l.tagline,
      logo: l.logoUrl,
      featured: l.featured,
      listingVisibility: l.visibility,
    })
    .from(l)
    .where(and(eq(l.type, type), eq(l.slug, slug), eq(l.processingStatus, "published")))
    .limit(1);
  if (!row) return null;
  // Through the teaser gate itself, so that the card can never show more than a locked teaser does.
  const teaser = toTeaser({
    ...row,
    industry: [],
    geography: [],
    fundingStage: null,
    businessModel: null,
    countries: [],
    targetPersonas: [],
  });
  return socialCardOf(teaser);
}

const STORED_LOGO = /^\/media\/([0-9a-f-]{36})$/i;
/** Types satori reads the size of and resvg draws. */
const DRAWN_TYPES = new Set(["image/png", "image/jpeg"]);

/**
 * A stored logo as a data: URL for the card; null for none, another type, or a logo on another site (the card is
 * drawn without fetching anything: such a listing's card shows its monogram).
 */
async function logoDataUrl(database: Database, logo: string | null): Promise<string | null> {
  const id = logo?.trim().match(STORED_LOGO)?.[1];
  if (!id) return null;
  const file = await readFile(database, id.toLowerCase());
  if (!file || !DRAWN_TYPES.has(file.contentType)) return null;
  return `data:${file.contentType};base64,${Buffer.from(file.bytes).toString("base64")}`;
}

/** Drawn cards by version: a card's bytes never change for its version, so the time to live only bounds memory. */
const drawn = new TtlCache<Uint8Array>(60 * 60 * 1000, 128);

export function drawProfileCard(database: Database, card: SocialCard, version = profileCardVersion(card)): Promise<Uint8Array> {
  return drawn.get(`profile:${version}`, async () => renderSocialCard(profileCardLayout(card, await logoDataUrl(database, card.logo))));
}

export function drawSiteCard(): Promise<Uint8Array> {
  return drawn.get(`site:${CARD_DESIGN}`, () => renderSocialCard(siteCardLayout()));
}
