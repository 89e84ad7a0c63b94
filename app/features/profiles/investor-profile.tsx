import { Briefcase, Building2, Globe, Layers, MapPin, Target, Users, Wallet } from "lucide-react";
import type { VisibleListing } from "~/features/catalog/listing-types.ts";
import { formatAmount, MISSING } from "~/features/catalog/format.ts";
import type { Portfolio } from "./investor-portfolio.ts";
import { MatchSuggestions } from "~/features/matches/match-suggestions.tsx";
import type { MatchesView } from "~/features/matches/matches-view.ts";
import { Gated, LockedSection } from "./locked-section.tsx";
import { PortfolioList } from "./portfolio-list.tsx";
import { BadgeList, Section, Stat } from "./profile-layout.tsx";
import { ProfileShell } from "./profile-shell.tsx";
import { TeamList } from "./team-list.tsx";

const DEFAULT_TAGLINE = "Venture Capital Firm";

function Fact({ value }: { value: string | null }) {
  const text = value?.trim();
  return text ? (
    <span className="text-lg font-semibold">{text}</span>
  ) : (
    <span className="text-lg font-semibold text-fg-muted">{MISSING}</span>
  );
}

/**
 * An investor as founders read one (issue 15 §6): what it writes (ticket size, assets under management, stage focus),
 * what it backs (industries, stages, places) and what it has backed (its portfolio, from funding rounds). No revenue
 * range: a fund's revenue tells a founder nothing.
 */
export function InvestorProfile({ listing, portfolio, matches }: { listing: VisibleListing; portfolio: Portfolio; matches: MatchesView }) {
  const { lockedFields: locked } = listing;
  return (
    <ProfileShell
      listing={listing}
      subtitle={listing.investorType ?? undefined}
      tagline={listing.tagline || DEFAULT_TAGLINE}
      industry={[]}
      website="connect-card"
      connect={{ title: "Contact", reasons: [] }}
    >
      <Section title="About the Fund" icon={Building2} updated={listing.provenance?.about}>
        {listing.description ? (
          <p className="leading-relaxed">{listing.description}</p>
        ) : (
          <p className="text-fg-muted">No description provided yet.</p>
        )}
      </Section>
      <Section title="Investment Profile" icon={Wallet} updated={listing.provenance?.investment}>
        <dl className="grid gap-3 sm:grid-cols-3">
          <Stat label="Ticket Size">
            <Fact value={listing.ticketSize} />
          </Stat>
          <Stat label="AUM">
            <Fact value={listing.aum === null ? null : formatAmount(listing.aum)} />
          </Stat>
          <Stat label="Stage Focus">
            <Fact value={listing.stageFocus} />
          </Stat>
        </dl>
      </Section>
      <div className="grid gap-6 sm:grid-cols-2">
        <Section title="Industry Focus" icon={Target}>
          <BadgeList items={listing.industry} variant="accent" />
        </Section>
        {/* The listing holds one stage, the first of the focus: beside "Series A to Series C" it read as if the fund
            invested at Series A only. It stands in only for an investor without a stage focus. */}
        {listing.stageFocus ? null : (
          <Section title="Investment Stages" icon={Layers}>
            <BadgeList items={listing.fundingStage ? [listing.fundingStage] : []} />
          </Section>
        )}
        <Section title="Geographic Focus" icon={Globe}>
          <BadgeList items={listing.geography} />
        </Section>
        {/* Three cards without the stage list: the last one takes the whole row rather than leave a hole. */}
        <Section title="Countries" icon={MapPin} className={listing.stageFocus ? "sm:col-span-2" : undefined}>
          <BadgeList items={listing.countries} variant="outline" />
        </Section>
      </div>
      <Section title={portfolio.total ? `Portfolio (${portfolio.total})` : "Portfolio"} icon={Briefcase}>
        <PortfolioList portfolio={portfolio} />
      </Section>
      <MatchSuggestions view={matches} subject={listing.name} locked={LockedSection} />
      <Section title="Team Members" icon={Users} updated={listing.provenance?.team}>
        <Gated lock={locked.team} subject="the team">
          <TeamList team={listing.team} />
        </Gated>
      </Section>
    </ProfileShell>
  );
}
