import { Briefcase, Building2, Globe, Target, UserRound, Users } from "lucide-react";
import { Badge } from "~/components/ui/badge.tsx";
import type { VisibleListing } from "~/features/catalog/listing-types.ts";
import { businessModelLabel } from "~/features/catalog/format.ts";
import { Gated } from "./locked-section.tsx";
import { BadgeList, Section, SubSection } from "./profile-layout.tsx";
import { ProfileShell } from "./profile-shell.tsx";
import { SimilarList } from "./similar-list.tsx";
import type { SimilarListing } from "./similar-listings.server.ts";
import { TeamList } from "./team-list.tsx";

const CONNECT_REASONS = [
  "Discuss market entry opportunities",
  "Learn about Asian market requirements",
  "Explore potential localization support",
];

export function PartnerProfile({ listing, similar }: { listing: VisibleListing; similar: readonly SimilarListing[] }) {
  const { lockedFields: locked } = listing;
  return (
    <ProfileShell
      listing={listing}
      subtitle="Partner Company"
      website="header"
      connect={{ title: `Connect with ${listing.name}`, reasons: CONNECT_REASONS }}
      sidebar={<SimilarList title="Similar Partners" items={similar} empty="No similar partners yet." />}
    >
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
    </ProfileShell>
  );
}
