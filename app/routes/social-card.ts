import { redirect } from "react-router";
import type { Route } from "./+types/social-card";
import { socialCardResponse } from "~/features/seo/social-card-response.server.ts";
import { drawProfileCard, findPublicSocialCard, profileCardVersion } from "~/features/seo/social-card.server.ts";
import { profileCardPath } from "~/features/seo/social-card.ts";
import { LISTING_TYPES, type ListingType } from "~/features/catalog/listing-types.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { notFound } from "~/lib/errors.ts";

const FILE = /^([0-9a-f]{16})\.png$/;

/**
 * GET /og/{type}/{slug}/{version}.png: a listing's social card (decision 0072), as anyone may see it, whoever asks.
 * An address made for an older version (the listing was renamed since it was shared) leads to the current card.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const version = FILE.exec(params.file)?.[1];
  const type = (LISTING_TYPES as readonly string[]).includes(params.type) ? (params.type as ListingType) : null;
  if (!version || !type) notFound("No such picture.");
  const { database } = getAppContext(context);
  const card = await findPublicSocialCard(database, type, params.slug);
  if (!card) notFound("No such picture.");
  const current = profileCardVersion(card);
  if (current !== version) throw redirect(profileCardPath(card.type, card.slug, current), { headers: { "Cache-Control": "no-cache" } });
  return socialCardResponse(request, current, await drawProfileCard(database, card, current));
}
