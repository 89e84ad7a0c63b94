/**
 * A profile page's data as one workflow (issue 35, decision 0109): the profile as the viewer may see it (which also
 * spends a member's monthly view), and beside it the similar listings, an investor's portfolio and the match
 * suggestions, read at the same time. Those three are made for the viewer's tier, or for a visitor when the member's
 * views are spent (decision 0080): a spent member gets the page a visitor gets. Similar listings and matches are a
 * nicety: when they fail the profile still shows, without them. A listing merged into another keeps its address and
 * leads to the survivor for good (issue 5 §5).
 */
import type { Viewer } from "~/features/access/redact-listing.ts";
import { viewerFor } from "~/features/access/viewer.ts";
import { formatPhoneNumber } from "~/features/catalog/phone-number.ts";
import type { ListingType, LockedTeaser, VisibleListing } from "~/features/catalog/listing-types.ts";
import { survivorOf } from "~/features/duplicates/server/merge.server.ts";
import { followState } from "~/features/follows/follows.server.ts";
import { ownedListing } from "~/features/listing-owners/ownership.server.ts";
import { findMatches } from "~/features/matches/find-matches.server.ts";
import type { MatchesView } from "~/features/matches/matches-view.ts";
import type { Database } from "~/lib/db.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { readerFor } from "~/lib/read-database.server.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { NO_PORTFOLIO, type Portfolio } from "./investor-portfolio.ts";
import { getInvestorPortfolio } from "./investor-portfolio.server.ts";
import { getSimilarListings, type SimilarListing } from "./similar-listings.server.ts";
import { viewProfile } from "./view-profile.server.ts";

const VISITOR: Viewer = { tier: "public" };

export interface ProfilePageRequest<Image> {
  type: ListingType;
  slug: string;
  user: SessionUser | null;
  /** The request: whether this client may read from the replica (it has not just written, decision 0053). */
  request: Request;
  /** The page's social card for what every viewer is sent alike (seo's, passed in: seo builds on profiles). */
  socialImageOf: (shown: VisibleListing | LockedTeaser) => Image;
}

export async function loadProfilePage<Image>(database: Database, page: ProfilePageRequest<Image>) {
  const { type, slug, user, request, socialImageOf } = page;
  const viewer = viewerFor(user);
  // The listing from the replica when there is one and this client has not just written (decision 0053); the
  // spent view, and the redirect of a merged listing (rare, and just written), from the primary.
  const reader = readerFor(database, request, user);
  const extras = (who: Viewer) =>
    Promise.all([
      similarTo(database, type, slug, who, reader),
      portfolioOf(reader, type, slug, who),
      matchesOf(database, type, slug, who, reader),
    ]);
  const [view, [similar, portfolio, matches]] = await Promise.all([
    viewProfile(database, type, slug, viewer, user ?? undefined, reader),
    extras(viewer),
  ]);
  if (view.status === "not_found") {
    const survivor = await survivorOf(database, type, slug);
    if (survivor) return { status: "moved" as const, to: `/profile/${survivor.type}/${encodeURIComponent(survivor.slug)}` };
    return { status: "not_found" as const };
  }
  const { noindex } = view;
  // The social card's address carries a hash of what the card shows, name, type, tagline and logo, which every
  // viewer is sent alike (the teaser's fields); the card itself is drawn for a visitor, whoever asks.
  const socialImage = socialImageOf(view.status === "ok" ? view.listing : view.teaser);
  if (view.status === "locked") return { status: "locked" as const, teaser: view.teaser, noindex, socialImage };
  if (view.status === "quota_exceeded")
    return { status: "quota_exceeded" as const, teaser: view.teaser, views: view.views, noindex, socialImage };
  // The Follow button's state, for a signed-in member on a profile they may open (a teaser cannot be followed).
  const follow = user ? await followState(database, user, view.listing.id) : null;
  // Whether the member keeps this listing: the profile then links to their owner area instead of "Is this your company?".
  const keeps = user && (await ownedListing(database, user.id, view.listing.id)) ? { listingId: view.listing.id } : null;
  // The portfolio goes out only with the profile itself: a teaser shows none of it.
  const lists = view.viewsUsedUp
    ? await extras(VISITOR).then(([s, p, m]) => ({ similar: s, portfolio: p, matches: m, viewsUsedUp: true as const }))
    : { similar, portfolio, matches };
  return {
    status: "ok" as const,
    listing: readablePhone(view.listing),
    ...lists,
    views: view.views ?? null,
    follow,
    keeps,
    noindex,
    socialImage,
  };
}

/** An investor's portfolio, as the viewer may see it, read from `reader`; other types have none. */
async function portfolioOf(reader: Database, type: ListingType, slug: string, viewer: Viewer): Promise<Portfolio> {
  return type === "investor" ? getInvestorPortfolio(reader, slug, viewer) : NO_PORTFOLIO;
}

async function similarTo(database: Database, type: ListingType, slug: string, viewer: Viewer, reader: Database): Promise<SimilarListing[]> {
  if (type === "investor") return [];
  try {
    return await getSimilarListings(database, type, slug, viewer, reader);
  } catch (error) {
    logger.warn({ err: error, type, slug }, "similar listings could not be loaded");
    return [];
  }
}

async function matchesOf(database: Database, type: ListingType, slug: string, viewer: Viewer, reader: Database): Promise<MatchesView> {
  if (type === "partner") return { status: "none" };
  try {
    return (await findMatches(database, type, slug, viewer, { reader }))?.view ?? { status: "none" };
  } catch (error) {
    logger.warn({ err: error, type, slug }, "match suggestions could not be loaded");
    return { status: "none" };
  }
}

/** The page shows a visible phone grouped as people read it ("+44 20 7946 0752"); the JSON API keeps E.164. */
function readablePhone<T extends { phone: string | null }>(listing: T): T {
  return listing.phone ? { ...listing, phone: formatPhoneNumber(listing.phone) } : listing;
}
