import { isRouteErrorResponse, useLocation, useNavigation, useParams } from "react-router";
import { Spinner } from "~/components/ui/spinner.tsx";
import { QuotaIndicator } from "~/features/access/quota-indicator.tsx";
import { QUOTA_EXCEEDED, quotaLimitReachedMessage, quotaStatus } from "~/features/access/quotas.ts";
import { useUnlockPrompt } from "~/components/layout/unlock-prompt.tsx";
import type { QuotaState } from "~/features/access/usage.server.ts";
import { parseListingType, type LockedTeaser, type VisibleListing } from "~/features/catalog/listing-types.ts";
import { ReportDuplicateButton } from "~/features/duplicates/ui/report-duplicate-button.tsx";
import { useCurrentUser } from "~/lib/use-current-user.ts";
import type { MatchesView } from "~/features/matches/matches-view.ts";
import type { Portfolio } from "./investor-portfolio.ts";
import { InvestorProfile } from "./investor-profile.tsx";
import { LockedProfile } from "./locked-profile.tsx";
import { PartnerProfile } from "./partner-profile.tsx";
import { ProfileLoadError, ProfileNotFound } from "./profile-states.tsx";
import { QuotaExceededProfile } from "./quota-exceeded-profile.tsx";
import type { SimilarListing } from "./similar-listings.server.ts";
import { StartupProfile } from "./startup-profile.tsx";

/** What the profile route sends: the gated listing with its extras, a teaser (locked, or views used up), or nothing. */
export type ProfileData =
  | { status: "not_found" }
  | { status: "locked"; teaser: LockedTeaser; noindex: boolean }
  | { status: "quota_exceeded"; teaser: LockedTeaser; views: QuotaState; noindex: boolean }
  | {
      status: "ok";
      listing: VisibleListing;
      similar: SimilarListing[];
      portfolio: Portfolio;
      matches: MatchesView;
      views: QuotaState | null;
      /** The member's views are spent: the listing is what a visitor sees of it (decision 0080). */
      viewsUsedUp?: boolean;
      noindex: boolean;
    };

/** A profile as this viewer may see it: the listing, a teaser when it is locked or the views are used up, or not found. */
export function ProfilePage(loaderData: ProfileData) {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const user = useCurrentUser();
  const { unlock } = useUnlockPrompt();
  // From one profile to another (similar listings) the old one must not linger while the next loads.
  const next = navigation.state === "loading" ? navigation.location.pathname : null;
  if (next && next !== pathname && next.startsWith("/profile/")) return <Spinner label="Loading profile..." className="py-24" />;
  if (loaderData.status === "not_found") return <ProfileNotFound />;
  if (loaderData.status === "locked") return <LockedProfile teaser={loaderData.teaser} />;
  if (loaderData.status === "quota_exceeded") return <QuotaExceededProfile teaser={loaderData.teaser} />;
  const { listing, similar, portfolio, matches, views, viewsUsedUp } = loaderData;
  return (
    <>
      {viewsUsedUp ? (
        <div className="mx-auto max-w-6xl px-4 pt-4 sm:px-6">
          <p role="status" className="rounded-md border border-border bg-surface-muted px-4 py-3 text-sm">
            <span className="font-medium">{QUOTA_EXCEEDED}.</span> {quotaLimitReachedMessage("views")} Until then you see what every visitor
            sees.{" "}
            <button type="button" className="text-accent underline" onClick={unlock} aria-haspopup="dialog">
              Upgrade
            </button>
          </p>
        </div>
      ) : null}
      {views && views.limit !== null && views.remaining !== null ? (
        <div className="mx-auto flex max-w-6xl justify-end px-4 pt-4 sm:px-6">
          <QuotaIndicator type="views" remaining={views.remaining} limit={views.limit} status={quotaStatus(views.remaining, views.limit)} />
        </div>
      ) : null}
      {listing.type === "investor" ? (
        <InvestorProfile listing={listing} portfolio={portfolio} matches={matches} />
      ) : listing.type === "partner" ? (
        <PartnerProfile listing={listing} similar={similar} />
      ) : (
        <StartupProfile listing={listing} similar={similar} matches={matches} />
      )}
      {user ? <ReportDuplicateButton listing={{ id: listing.id, name: listing.name }} /> : null}
    </>
  );
}

/** The profile route's error: not found for a 404, else the load error for this listing type. */
export function ProfileError({ error }: { error: unknown }) {
  const params = useParams();
  if (isRouteErrorResponse(error) && error.status === 404) return <ProfileNotFound />;
  return <ProfileLoadError type={parseListingType(params.type ?? "")} />;
}
