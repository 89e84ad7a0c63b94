import { Briefcase, Building2, Globe, Target, UserRound, Users } from "lucide-react";
import { Badge } from "~/components/ui/badge.tsx";
import type { VisibleListing } from "~/features/catalog/listing-types.ts";
import { businessModelLabel } from "~/features/catalog/format.ts";
import { ContactSection } from "./contact-section.tsx";
import { Gated } from "./locked-section.tsx";
import { BadgeList, ConnectCard, ProfileShell, Section, SubSection } from "./profile-layout.tsx";
import { ProfileHeader, WebsiteLink } from "./profile-header.tsx";
import { RequestIntroButton } from "./request-intro-button.tsx";
import { FollowButton } from "~/features/follows/follow-button.tsx";
import { SimilarList } from "./similar-list.tsx";
import type { SimilarListing } from "./similar-listings.server.ts";
import { TeamList } from "./team-list.tsx";
import { AiSummary } from "~/features/ai/ai-summary.tsx";

const CONNECT_REASONS = [
  "Discuss market entry opportunities",
  "Learn about Asian market requirements",
  "Explore potential localization support",
];

export function PartnerProfile({ listing, similar }: { listing: VisibleListing; similar: readonly SimilarListing[] }) {
  const { lockedFields: locked } = listing;
  const recipient = { name: listing.name, type: listing.type, slug: listing.slug };
  return (
    <ProfileShell
      header={
        <ProfileHeader
          name={listing.name}
          slug={listing.slug}
          logo={listing.logo}
          subtitle="Partner Company"
          tagline={listing.tagline}
          industry={listing.industry}
          actions={
            <>
              <RequestIntroButton recipient={recipient} />
              <FollowButton listing={listing} />
              {listing.websiteUrl ? <WebsiteLink url={listing.websiteUrl} /> : null}
            </>
          }
        />
      }
      sidebar={
        <>
          <ConnectCard title={`Connect with ${listing.name}`} reasons={CONNECT_REASONS}>
            <RequestIntroButton recipient={recipient} className="w-full" />
          </ConnectCard>
          <SimilarList title="Similar Partners" items={similar} empty="No similar partners yet." />
        </>
      }
    >
      <AiSummary listing={recipient} />
      <Section title="About the Company" icon={Building2} updated={listing.provenance?.about}>
        {listing.description ? (
          <p className="leading-relaxed">{listing.description}</p>
        ) : (
          <p className="text-fg-muted">No description provided yet.</p>
        )}
      </Section>
      <div className="grid gap-6 sm:grid-cols-2">
        <Section title="Business Model" icon={Briefcase}>
          {listing.businessModel ? (
            <Badge variant="accent">{businessModelLabel(listing.businessModel)}</Badge>
          ) : (
            <p className="text-sm text-fg-muted">Not specified</p>
          )}
        </Section>
        <Section title="Industry Focus" icon={Target}>
          <BadgeList items={listing.industry} variant="accent" />
        </Section>
      </div>
      <Section title="Target Personas" icon={UserRound}>
        <BadgeList items={listing.targetPersonas} />
      </Section>
      <Section title="Geographic Focus" icon={Globe} updated={listing.provenance?.audience}>
        <div className="flex flex-col gap-5">
          <SubSection title="Regions">
            <BadgeList items={listing.geography} />
          </SubSection>
          <SubSection title="Countries">
            <BadgeList items={listing.countries} variant="outline" />
          </SubSection>
        </div>
      </Section>
      <Section title="Team" icon={Users} updated={listing.provenance?.team}>
        <Gated lock={locked.team} subject="the team">
          <TeamList team={listing.team} />
        </Gated>
      </Section>
      <ContactSection listing={listing} />
    </ProfileShell>
  );
}
