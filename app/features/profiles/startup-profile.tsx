import { CircleHelp, FileText, Info, Lightbulb, ListOrdered, Mic, Sparkles, Target, Users } from "lucide-react";
import type { VisibleListing } from "~/features/catalog/listing-types.ts";
import { MatchSuggestions } from "~/features/matches/match-suggestions.tsx";
import type { MatchesView } from "~/features/matches/matches-view.ts";
import { Gated, LockedSection } from "./locked-section.tsx";
import { BadgeList, Section, SubSection } from "./profile-layout.tsx";
import { ProfileShell } from "./profile-shell.tsx";
import { SimilarList } from "./similar-list.tsx";
import type { SimilarListing } from "./similar-listings.server.ts";
import { TeamList } from "./team-list.tsx";
import { TractionSection } from "./traction-section.tsx";
import { NumberedSteps } from "~/components/ui/numbered-steps.tsx";

const CONNECT_REASONS = ["Explore partnership opportunities", "Learn more about their technology", "Discuss potential investments"];
const IDEAL_CUSTOMER = "Ideal customers are forward-thinking teams ready to adopt new solutions and scale what works.";
const STARTUP_DISCLAIMER = "This profile was submitted by the startup. KPI data is self-reported and not independently verified.";

function Paragraphs({ text }: { text: string }) {
  return (
    <div className="flex flex-col gap-3 leading-relaxed">
      {text.split(/\n{2,}/).map((part, i) => (
        <p key={i}>{part}</p>
      ))}
    </div>
  );
}

function SolvesSection({ listing }: { listing: VisibleListing }) {
  const { lockedFields: locked } = listing;
  const parts = [
    { title: "The Problem", subject: "the problem", value: listing.problem, lock: locked.problem },
    { title: "The Solution", subject: "the solution", value: listing.solution, lock: locked.solution },
    { title: "Why Now", subject: "why now", value: listing.timing, lock: locked.timing },
  ].filter((part) => part.value || part.lock);
  if (!parts.length) return null;
  return (
    <Section title={`What ${listing.name} Solves`} icon={Lightbulb} updated={listing.provenance?.solves}>
      <div className="flex flex-col gap-5">
        {parts.map((part) => (
          <SubSection key={part.title} title={part.title}>
            <Gated lock={part.lock} subject={part.subject}>
              <Paragraphs text={part.value ?? ""} />
            </Gated>
          </SubSection>
        ))}
      </div>
    </Section>
  );
}

function HowItWorksSection({ listing }: { listing: VisibleListing }) {
  const lock = listing.lockedFields.howItWorks;
  if (!lock && !listing.howItWorks.length) return null;
  return (
    <Section title="How It Works" icon={ListOrdered} updated={listing.provenance?.howItWorks}>
      <Gated lock={lock} subject="how it works">
        <NumberedSteps steps={listing.howItWorks} />
      </Gated>
    </Section>
  );
}

function KeyUseCasesSection({ listing }: { listing: VisibleListing }) {
  // Shown only when the viewer may see the field (spec 01 §2): no placeholder for a locked one.
  if (listing.lockedFields.keyUseCases || !listing.keyUseCases.length) return null;
  return (
    <Section title="Key Use Cases" icon={Sparkles} updated={listing.provenance?.useCases}>
      <ul className="grid gap-3 sm:grid-cols-2">
        {listing.keyUseCases.map((useCase, i) => (
          <li key={`${useCase.title}-${i}`} className="rounded-lg border border-border p-4">
            <p className="font-medium">{useCase.title}</p>
            {useCase.description ? <p className="mt-1 text-sm text-fg-muted">{useCase.description}</p> : null}
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function StartupProfile({
  listing,
  similar,
  matches,
}: {
  listing: VisibleListing;
  similar: readonly SimilarListing[];
  matches: MatchesView;
}) {
  const { lockedFields: locked } = listing;
  return (
    <ProfileShell
      listing={listing}
      website="header"
      connect={{ title: `Connect with ${listing.name}`, reasons: CONNECT_REASONS }}
      sidebar={<SimilarList title="Similar Startups" items={similar} empty="No similar startups yet." />}
      footnote={
        <p className="flex items-start gap-2 text-sm text-fg-muted">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {STARTUP_DISCLAIMER}
        </p>
      }
    >
      <Section title="Overview" icon={FileText} updated={listing.provenance?.about}>
        {listing.description ? <Paragraphs text={listing.description} /> : <p className="text-fg-muted">No description provided yet.</p>}
      </Section>
      <SolvesSection listing={listing} />
      <HowItWorksSection listing={listing} />
      <Section title="Who It's For" icon={Target} updated={listing.provenance?.audience}>
        <div className="flex flex-col gap-5">
          <SubSection title="Target Personas">
            <BadgeList items={listing.targetPersonas} />
          </SubSection>
          <SubSection title="Target Geographies">
            <BadgeList items={listing.geography} />
          </SubSection>
          <p className="text-sm text-fg-muted">{IDEAL_CUSTOMER}</p>
        </div>
      </Section>
      <TractionSection listing={listing} />
      <KeyUseCasesSection listing={listing} />
      <MatchSuggestions view={matches} subject={listing.name} locked={LockedSection} />
      {locked.team || listing.team.length ? (
        <Section title="Management Team" icon={Users} updated={listing.provenance?.team}>
          <Gated lock={locked.team} subject="the management team">
            <TeamList team={listing.team} />
          </Gated>
        </Section>
      ) : null}
      {listing.websiteUrl ? (
        <Section title="Founder Interview" icon={Mic}>
          <p className="leading-relaxed text-fg-muted">
            A conversation with the founders of {listing.name} about their journey, their customers and what comes next is being prepared.
            Check back soon.
          </p>
        </Section>
      ) : null}
      {locked.faqs || listing.faqs.length ? (
        <Section title="FAQs" icon={CircleHelp} updated={listing.provenance?.faqs}>
          <Gated lock={locked.faqs} subject="the FAQs">
            <dl className="flex flex-col gap-4">
              {listing.faqs.map((faq, i) => (
                <div key={i}>
                  <dt className="font-medium">{faq.question}</dt>
                  <dd className="mt-1 text-fg-muted">{faq.answer}</dd>
                </div>
              ))}
            </dl>
          </Gated>
        </Section>
      ) : null}
    </ProfileShell>
  );
}
