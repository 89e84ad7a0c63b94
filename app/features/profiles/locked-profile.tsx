import { Lock, LogIn } from "lucide-react";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import type { LockedTeaser } from "~/features/catalog/listing-types.ts";
import { PAYWALLED_CLASS } from "./gated-sections.ts";
import { BackToListings, BadgeList, ListingAvatar } from "./profile-layout.tsx";
import { useUnlockPrompt } from "~/components/layout/unlock-prompt.tsx";
import { usePlanCatalogue } from "~/features/access/use-plan-catalogue.ts";
import { useCurrentUser } from "~/lib/use-current-user.ts";

/** A listing above the viewer's tier: only the teaser's few fields were sent, and a way in. */
export function LockedProfile({ teaser }: { teaser: LockedTeaser }) {
  const { unlock } = useUnlockPrompt();
  const signedIn = Boolean(useCurrentUser());
  // The plan that opens it, by the name the upgrade dialog sells it under (the tier record's).
  const tier = usePlanCatalogue()[teaser.listingVisibility].name;
  const facts = [...teaser.industry, ...teaser.geography, ...(teaser.fundingStage ? [teaser.fundingStage] : [])];
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-8">
      <BackToListings />
      <Card className="mt-4 p-5 sm:p-8">
        <div className="flex items-start gap-4">
          <ListingAvatar name={teaser.name} logo={teaser.logo} size="lg" />
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
        {/* The whole profile is above the viewer's tier: this panel stands for it (named in the JSON-LD hasPart). */}
        <div
          className={`${PAYWALLED_CLASS} mt-8 flex flex-col items-center rounded-xl border border-dashed border-border bg-surface-muted px-4 py-8 text-center sm:px-8`}
        >
          <span className="flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent">
            <Lock className="size-6" aria-hidden="true" />
          </span>
          <h2 className="mt-4 text-lg font-semibold">This profile is available to {tier} members</h2>
          <p className="mt-2 max-w-md text-sm text-fg-muted">
            {signedIn ? "Upgrade your plan" : "Sign in and subscribe"} to see the full profile: the company insights, the team, traction and
            how to connect.
          </p>
          <div className="mt-6 flex w-full flex-col justify-center gap-2 sm:w-auto sm:flex-row">
            {signedIn ? null : (
              <Button onClick={unlock} aria-haspopup="dialog">
                <LogIn aria-hidden="true" />
                Sign In
              </Button>
            )}
            <Button variant={signedIn ? "primary" : "secondary"} onClick={unlock} aria-haspopup="dialog">
              <Lock aria-hidden="true" />
              {signedIn ? "Upgrade to Unlock" : "Subscribe to Unlock"}
            </Button>
          </div>
        </div>
      </Card>
    </div>
  );
}
