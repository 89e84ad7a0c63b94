import { Card } from "~/components/ui/card.tsx";
import { ListingLogo } from "~/features/catalog/listing-logo.tsx";
import type { LockedTeaser } from "~/features/catalog/listing-types.ts";
import { useCurrentUser } from "~/lib/use-current-user.ts";
import { LockedSection, useAvailableTo } from "./locked-section.tsx";
import { BackToListings, BadgeList } from "./profile-layout.tsx";

/** The teaser's name, logo, tagline and few facts: all a profile above the viewer's tier or quota shows. */
export function TeaserHeader({ teaser }: { teaser: LockedTeaser }) {
  const facts = [...teaser.industry, ...teaser.geography, ...(teaser.fundingStage ? [teaser.fundingStage] : [])];
  return (
    <div className="flex items-start gap-4">
      <ListingLogo name={teaser.name} slug={teaser.slug} logo={teaser.logo} size="lg" />
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{teaser.name}</h1>
        {teaser.tagline ? <p className="mt-1 text-fg-muted">{teaser.tagline}</p> : null}
        {facts.length ? (
          <div className="mt-3">
            <BadgeList items={facts} />
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** A listing above the viewer's tier: only the teaser's few fields were sent, and a way in. */
export function LockedProfile({ teaser }: { teaser: LockedTeaser }) {
  const signedIn = Boolean(useCurrentUser());
  const availableTo = useAvailableTo();
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-8">
      <BackToListings />
      <Card className="mt-4 p-5 sm:p-8">
        <TeaserHeader teaser={teaser} />
        {/* The whole profile is above the viewer's tier: this section stands for it (named in the JSON-LD hasPart). */}
        <LockedSection
          className="mt-8"
          subject="the full profile"
          message={`${signedIn ? "Upgrade your plan" : "Sign in and subscribe"} to see the full profile: the company insights, the team, traction and how to connect.`}
          note={availableTo(teaser.listingVisibility)}
        />
      </Card>
    </div>
  );
}
