import { data, redirect } from "react-router";
import type { Route } from "./+types/profile";
import type { Viewer } from "~/features/access/redact-listing.ts";
import { viewerFor } from "~/features/access/viewer.ts";
import { parseListingType, type ListingType } from "~/features/catalog/listing-types.ts";
import { formatPhoneNumber } from "~/features/catalog/phone-number.ts";
import { NO_PORTFOLIO, type Portfolio } from "~/features/profiles/investor-portfolio.ts";
import { getInvestorPortfolio } from "~/features/profiles/investor-portfolio.server.ts";
import { ProfileError, ProfilePage } from "~/features/profiles/profile-page.tsx";
import { getSimilarListings, type SimilarListing } from "~/features/profiles/similar-listings.server.ts";
import { findMatches } from "~/features/matches/find-matches.server.ts";
import type { MatchesView } from "~/features/matches/matches-view.ts";
import { originOf } from "~/features/seo/meta-tags.ts";
import { ProfileJsonLd } from "~/features/seo/page-json-ld.tsx";
import { profileMeta } from "~/features/seo/profile-seo.ts";
import { profileSocialImage } from "~/features/seo/social-card.server.ts";
import { viewProfile } from "~/features/profiles/view-profile.server.ts";
import { followState } from "~/features/follows/follows.server.ts";
import { survivorOf } from "~/features/duplicates/server/merge.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { readerFor } from "~/lib/read-database.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { STATUS_BY_CODE } from "~/lib/errors.ts";
import { logger } from "~/lib/logger.server.ts";

const VISITOR: Viewer = { tier: "public" };

/** An investor's portfolio, as the viewer may see it, read from `reader`; other types have none. */
async function portfolioOf(reader: Database, type: ListingType, slug: string, viewer: Viewer): Promise<Portfolio> {
  return type === "investor" ? getInvestorPortfolio(reader, slug, viewer) : NO_PORTFOLIO;
}

/** Similar listings are a nicety: if they fail, the profile still shows. */
async function similarTo(database: Database, type: ListingType, slug: string, viewer: Viewer, reader: Database): Promise<SimilarListing[]> {
  if (type === "investor") return [];
  try {
    return await getSimilarListings(database, type, slug, viewer, reader);
  } catch (error) {
    logger.warn({ err: error, type, slug }, "similar listings could not be loaded");
    return [];
  }
}

/** Match suggestions are a nicety too: if they fail, the profile shows without them. */
async function matchesOf(database: Database, type: ListingType, slug: string, viewer: Viewer, reader: Database): Promise<MatchesView> {
  if (type === "partner") return { status: "none" };
  try {
    return (await findMatches(database, type, slug, viewer, { reader }))?.view ?? { status: "none" };
  } catch (error) {
    logger.warn({ err: error, type, slug }, "match suggestions could not be loaded");
    return { status: "none" };
  }
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const type = parseListingType(params.type);
  if (!type) return data({ status: "not_found" as const }, { status: STATUS_BY_CODE.not_found });
  // "/profile/Startups/x" is the same page as "/profile/startup/x": one address per profile.
  if (type !== params.type) throw redirect(`/profile/${type}/${encodeURIComponent(params.slug)}`, 301);

  const { database, user } = getAppContext(context);
  const viewer = viewerFor(user);
  // The listing from the replica when there is one and this client has not just written (decision 0053); the
  // spent view, and the redirect of a merged listing (rare, and just written), from the primary.
  const reader = readerFor(database, request, user);
  // A failure is the error pipeline's (app/lib/error-answer.server.ts): the boundary below shows the spec's view.
  const extras = (who: Viewer) =>
    Promise.all([
      similarTo(database, type, params.slug, who, reader),
      portfolioOf(reader, type, params.slug, who),
      matchesOf(database, type, params.slug, who, reader),
    ]);
  const [view, [similar, portfolio, matches]] = await Promise.all([
    viewProfile(database, type, params.slug, viewer, user ?? undefined, reader),
    extras(viewer),
  ]);
  if (view.status === "not_found") {
    // A listing merged into another keeps its address: it leads to the survivor for good (issue 5 §5).
    const survivor = await survivorOf(database, type, params.slug);
    if (survivor) throw redirect(`/profile/${survivor.type}/${encodeURIComponent(survivor.slug)}`, 301);
    return data({ status: "not_found" as const }, { status: STATUS_BY_CODE.not_found });
  }
  const { noindex } = view;
  // The page's social card: its address carries a hash of what the card shows, name, type, tagline and logo, which
  // every viewer is sent alike (the teaser's fields); the card itself is drawn for a visitor, whoever asks.
  const socialImage = profileSocialImage(view.status === "ok" ? view.listing : view.teaser);
  // The Follow button's state, for a signed-in member on a profile they may open (a teaser cannot be followed).
  const follow = user && view.status === "ok" ? await followState(database, user, view.listing.id) : null;
  const result =
    view.status === "locked"
      ? { status: "locked" as const, teaser: view.teaser, noindex, socialImage }
      : view.status === "quota_exceeded"
        ? { status: "quota_exceeded" as const, teaser: view.teaser, views: view.views, noindex, socialImage }
        : // The portfolio goes out only with the profile itself: a teaser shows none of it. A member whose views are
          // spent gets the page a visitor gets (decision 0080), its lists made for a visitor too.
          {
            status: "ok" as const,
            listing: readablePhone(view.listing),
            ...(view.viewsUsedUp
              ? await extras(VISITOR).then(([s, p, m]) => ({ similar: s, portfolio: p, matches: m, viewsUsedUp: true }))
              : { similar, portfolio, matches }),
            views: view.views ?? null,
            follow,
            noindex,
            socialImage,
          };
  // A listing kept out of search engines says so in a header too, which crawlers read before the HTML.
  return noindex ? data(result, { headers: { "X-Robots-Tag": "noindex" } }) : result;
}

/** The page shows a visible phone grouped as people read it ("+44 20 7946 0752"); the JSON API keeps E.164. */
function readablePhone<T extends { phone: string | null }>(listing: T): T {
  return listing.phone ? { ...listing, phone: formatPhoneNumber(listing.phone) } : listing;
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return profileMeta(originOf(matches), loaderData);
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ProfileJsonLd data={loaderData} />
      <ProfilePage {...loaderData} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ProfileError error={error} />;
}
