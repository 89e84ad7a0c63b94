import { Outlet } from "react-router";
import type { Route } from "./+types/my-listings.listing";
import { OwnerAreaHeader } from "~/features/listing-owners/owner-area.tsx";
import { requireOwnedListing } from "~/features/listing-owners/ownership.server.ts";

/**
 * The frame of one owned listing's pages (issue 36): the header and the sections. Every child route's loader and
 * action calls requireOwnedListing itself: loaders run side by side, so this one's check does not guard theirs.
 */
export async function loader(args: Route.LoaderArgs) {
  const { listing } = await requireOwnedListing(args, args.params.listingId);
  return { listing: { ...listing, frozen: listing.frozen ? { reason: listing.frozen.reason } : null } };
}

export default function OwnedListingFrame({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto grid max-w-4xl grid-cols-1 gap-6 px-4 py-10 sm:px-6">
      <OwnerAreaHeader listing={loaderData.listing} />
      <Outlet />
    </div>
  );
}
