import { Building2 } from "lucide-react";
import { Link, useMatches } from "react-router";
import { ownerAreaPath } from "./owner-area.tsx";

/** Whether the signed-in member keeps the listing a page shows (the profile's loader sends `keeps`). */
function useKeeps(listingId: string): boolean {
  for (const match of useMatches()) {
    const keeps = (match.loaderData as { keeps?: { listingId: string } | null } | undefined)?.keeps;
    if (keeps?.listingId === listingId) return true;
  }
  return false;
}

/**
 * "Is this your company?" on every profile (issue 36): a link to claim it, or, for a member who keeps it, the way to
 * their owner area. Signed out, the claim page sends them to sign in and back.
 */
export function ClaimListingLink({ listing }: { listing: { id: string; type: string; slug: string } }) {
  const keeps = useKeeps(listing.id);
  return (
    <div className="rounded-lg border border-border p-4 text-sm">
      <p className="flex items-center gap-2 font-medium">
        <Building2 aria-hidden="true" className="size-4" />
        {keeps ? "You keep this listing" : "Is this your company?"}
      </p>
      <p className="mt-1 text-fg-muted">
        {keeps ? (
          <Link to={ownerAreaPath(listing.id)} className="text-accent underline">
            Manage it in My listings
          </Link>
        ) : (
          <>
            <Link to={`/profile/${listing.type}/${encodeURIComponent(listing.slug)}/claim`} className="text-accent underline">
              Claim this listing
            </Link>{" "}
            to keep its profile up to date and choose which introductions you take.
          </>
        )}
      </p>
    </div>
  );
}
