import { Link } from "react-router";
import { SectionTabs } from "~/components/layout/section-tabs.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Card } from "~/components/ui/card.tsx";

export interface OwnerAreaListing {
  id: string;
  slug: string;
  type: "startup" | "investor" | "partner";
  name: string;
  frozen: { reason: string } | null;
}

/** The owner area's sections (issue 36): each is a child route of /my-listings/:listingId. */
const OWNER_SECTIONS = [
  ["", "Overview"],
  ["edit", "Edit profile"],
  ["inbox", "Intro inbox"],
  ["insights", "Insights"],
  ["owners", "Owners"],
] as const;

export const ownerAreaPath = (listingId: string, section = "") => `/my-listings/${listingId}${section ? `/${section}` : ""}`;

/** The header every owner page shares: the listing's name, a link to its public profile, the sections. */
export function OwnerAreaHeader({ listing }: { listing: OwnerAreaListing }) {
  return (
    <div className="grid gap-4">
      <div>
        <p className="text-sm text-fg-muted">
          <Link to="/my-listings" className="underline">
            My listings
          </Link>
        </p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">{listing.name}</h1>
        <p className="mt-1 text-sm">
          <Link to={`/profile/${listing.type}/${listing.slug}`} className="text-accent underline">
            View the public profile
          </Link>
        </p>
        {listing.frozen ? (
          <p role="status" className="mt-3 rounded-md border border-warning/40 p-3 text-sm">
            <Badge variant="outline">Editing paused</Badge> An operator has paused changes to this listing: {listing.frozen.reason}
          </p>
        ) : null}
      </div>
      <SectionTabs
        label="Listing sections"
        sections={OWNER_SECTIONS.map(([section, label]) => ({ to: ownerAreaPath(listing.id, section), label }))}
      />
    </div>
  );
}

/** A claim of the member's still waiting, or turned down (issue 36), shown under their listings. */
export interface OwnerAreaClaim {
  id: string;
  listing: { type: string; slug: string; name: string };
  method: "domain_email" | "evidence";
  email: string | null;
  status: "pending" | "rejected";
  note: string | null;
}

/** /my-listings: the listings the member keeps, or how to claim one. */
export function MyListingsPage({ listings, claims = [] }: { listings: OwnerAreaListing[]; claims?: OwnerAreaClaim[] }) {
  return (
    <div className="mx-auto grid max-w-3xl grid-cols-1 gap-6 px-4 py-10 sm:px-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">My listings</h1>
        <p className="mt-1 text-sm text-fg-muted">
          The companies, funds and partners you keep on Introbase: edit their profiles, answer introduction requests and see who looks.
        </p>
      </div>
      <Card className="p-5 sm:p-6">
        {listings.length === 0 ? (
          <p className="text-sm text-fg-muted">
            You keep no listing yet. Open your company&apos;s profile in the{" "}
            <Link to="/listings" className="text-accent underline">
              directory
            </Link>{" "}
            and choose &ldquo;Is this your company?&rdquo;.
          </p>
        ) : (
          <ul className="divide-y divide-border" aria-label="Listings you keep">
            {listings.map((listing) => (
              <li key={listing.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <Link to={ownerAreaPath(listing.id)} className="font-medium hover:underline">
                  {listing.name}
                </Link>
                {listing.frozen ? <Badge variant="outline">Editing paused</Badge> : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
      {claims.length ? (
        <Card className="p-5 sm:p-6">
          <h2 className="font-semibold">Your claims</h2>
          <ul className="mt-2 divide-y divide-border" aria-label="Your claims">
            {claims.map((claim) => (
              <li key={claim.id} className="py-3 text-sm">
                <Link to={`/profile/${claim.listing.type}/${claim.listing.slug}/claim`} className="font-medium hover:underline">
                  {claim.listing.name}
                </Link>
                <p className="mt-1 text-fg-muted">
                  {claim.status === "rejected"
                    ? `Not confirmed by our team${claim.note ? `: ${claim.note}` : "."}`
                    : claim.method === "evidence"
                      ? "With our team for review."
                      : `Waiting for you to open the link we sent to ${claim.email ?? "your address"}.`}
                </p>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </div>
  );
}
