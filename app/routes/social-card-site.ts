import type { Route } from "./+types/social-card-site";
import { socialCardResponse } from "~/features/seo/social-card-response.server.ts";
import { drawSiteCard } from "~/features/seo/social-card.server.ts";
import { CARD_DESIGN } from "~/features/seo/social-card.ts";
import { notFound } from "~/lib/errors.ts";

/** GET /og/site/{design}.png: the site's social card, for every page without its own (decision 0072). */
export async function loader({ params, request }: Route.LoaderArgs) {
  if (params.file !== `${CARD_DESIGN}.png`) notFound("No such picture.");
  return socialCardResponse(request, `site-${CARD_DESIGN}`, await drawSiteCard());
}
