import { SearchX, TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import type { ListingType } from "~/features/catalog/listing-types.ts";
import { BackToListings } from "./profile-layout.tsx";

export function ProfileNotFound() {
  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:px-6">
      <BackToListings />
      <div className="mt-10 flex flex-col items-center text-center">
        <SearchX className="size-12 text-fg-muted" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold tracking-tight">Profile Not Found</h1>
        <p className="mt-2 text-fg-muted">The profile you are looking for does not exist or might have been removed.</p>
        <Link to="/listings" className={buttonClass({ className: "mt-6" })}>
          Browse All Listings
        </Link>
      </div>
    </div>
  );
}

/** The type views' load failure (spec 01 §2); without a known type it speaks of "the profile". */
export function ProfileLoadError({ type }: { type: ListingType | null }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:px-6">
      <BackToListings />
      <div role="alert" className="mt-10 flex flex-col items-center text-center">
        <TriangleAlert className="size-12 text-danger" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold tracking-tight">Error Loading Profile</h1>
        <p className="mt-2 text-fg-muted">Could not load the {type ? `${type} ` : ""}profile. Please try again later.</p>
      </div>
    </div>
  );
}
