import type { ReactNode } from "react";
import type { VisibleListing } from "~/features/catalog/listing-types.ts";
import { AiSummary } from "~/features/ai/ai-summary.tsx";
import { FollowButton } from "~/features/follows/follow-button.tsx";
import { AddToListLink } from "~/features/lists/add-to-list-link.tsx";
import { ClaimListingLink } from "~/features/listing-owners/claim-listing-link.tsx";
import { ContactSection } from "./contact-section.tsx";
import { BackToListings, ConnectCard } from "./profile-layout.tsx";
import { ProfileHeader, WebsiteLink } from "./profile-header.tsx";
import { RequestIntroButton } from "./request-intro-button.tsx";

/**
 * The page every profile shares (startup, investor, partner): back link; the header with the request, follow and
 * website actions; the main column opening with the AI summary and closing with the contact section; beside it a
 * sidebar (below it on small screens) led by the card that asks for an introduction. A profile type gives only
 * what differs: its sections, its header lines, where the website link sits, and what follows the card.
 */
export function ProfileShell({
  listing,
  subtitle,
  tagline = listing.tagline,
  industry = listing.industry,
  website,
  connect,
  sidebar,
  footnote,
  children,
}: {
  listing: VisibleListing;
  /** A line above the tagline, e.g. "Partner Company". */
  subtitle?: string;
  tagline?: string | null;
  /** The industry badges under the name (an investor's industries have a section of their own instead). */
  industry?: readonly string[];
  /** The website link: a button in the header, or a full-width one in the connect card. */
  website: "header" | "connect-card";
  connect: { title: string; reasons: readonly string[] };
  /** What follows the connect card in the sidebar (similar listings). */
  sidebar?: ReactNode;
  /** What follows the contact section (a disclaimer). */
  footnote?: ReactNode;
  children: ReactNode;
}) {
  const recipient = { name: listing.name, type: listing.type, slug: listing.slug };
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
      <BackToListings />
      <div className="mt-4">
        <ProfileHeader
          name={listing.name}
          slug={listing.slug}
          logo={listing.logo}
          subtitle={subtitle}
          tagline={tagline}
          industry={industry}
          actions={
            <>
              <RequestIntroButton recipient={recipient} />
              <FollowButton listing={listing} />
              <AddToListLink listing={listing} />
              {website === "header" && listing.websiteUrl ? <WebsiteLink url={listing.websiteUrl} /> : null}
            </>
          }
        />
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <AiSummary listing={recipient} />
          {children}
          <ContactSection listing={listing} />
          {footnote}
        </div>
        <aside className="flex min-w-0 flex-col gap-6 lg:sticky lg:top-24 lg:self-start" aria-label="Connect">
          <ConnectCard title={connect.title} reasons={connect.reasons}>
            <RequestIntroButton recipient={recipient} className="w-full" />
            {website === "connect-card" && listing.websiteUrl ? (
              <WebsiteLink url={listing.websiteUrl} label="Website" className="w-full" />
            ) : null}
          </ConnectCard>
          {sidebar}
          <ClaimListingLink listing={listing} />
        </aside>
      </div>
    </div>
  );
}
