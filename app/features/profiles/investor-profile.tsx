import { Building2, ChartColumn, Globe, Layers, MapPin, Target, Users } from "lucide-react";
import type { VisibleListing } from "~/features/catalog/listing-types.ts";
import { revenueRangeText } from "~/features/catalog/format.ts";
import { Gated } from "./locked-section.tsx";
import { BadgeList, ConnectCard, ProfileShell, Section } from "./profile-layout.tsx";
import { ProfileHeader, WebsiteLink } from "./profile-header.tsx";
import { RequestIntroButton } from "./request-intro-button.tsx";
import { TeamList } from "./team-list.tsx";

const DEFAULT_TAGLINE = "Venture Capital Firm";

export function InvestorProfile({ listing }: { listing: VisibleListing }) {
  const { lockedFields: locked } = listing;
  const recipient = { name: listing.name, type: listing.type, slug: listing.slug };
  return (
    <ProfileShell
      header={
        <ProfileHeader
          name={listing.name}
          logo={listing.logo}
          tagline={listing.tagline || DEFAULT_TAGLINE}
          industry={[]}
          actions={<RequestIntroButton recipient={recipient} />}
        />
      }
      sidebar={
        <ConnectCard title="Contact" reasons={[]}>
          <RequestIntroButton recipient={recipient} className="w-full" />
          {listing.websiteUrl ? <WebsiteLink url={listing.websiteUrl} label="Website" className="w-full" /> : null}
        </ConnectCard>
      }
    >
      <Section title="About the Fund" icon={Building2}>
        {listing.description ? (
          <p className="leading-relaxed">{listing.description}</p>
        ) : (
          <p className="text-fg-muted">No description provided yet.</p>
        )}
      </Section>
      <div className="grid gap-6 sm:grid-cols-2">
        <Section title="Industry Focus" icon={Target}>
          <BadgeList items={listing.industry} variant="accent" />
        </Section>
        <Section title="Investment Stages" icon={Layers}>
          <BadgeList items={listing.fundingStage ? [listing.fundingStage] : []} />
        </Section>
        <Section title="Geographic Focus" icon={Globe}>
          <BadgeList items={listing.geography} />
        </Section>
        <Section title="Countries" icon={MapPin}>
          <BadgeList items={listing.countries} variant="outline" />
        </Section>
      </div>
      <Section title="Revenue Range" icon={ChartColumn}>
        <Gated lock={locked.revenueRange} compact>
          {listing.revenueRange ? (
            <p className="text-lg font-semibold">{revenueRangeText(listing.revenueRange)}</p>
          ) : (
            <p className="text-sm text-fg-muted">Not specified</p>
          )}
        </Gated>
      </Section>
      <Section title="Team Members" icon={Users}>
        <Gated lock={locked.team} mode="ghost">
          <TeamList team={listing.team} />
        </Gated>
      </Section>
    </ProfileShell>
  );
}
