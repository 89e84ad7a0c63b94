import { AlertTriangle, Crown } from "lucide-react";
import { useUnlockPrompt } from "~/components/layout/unlock-prompt.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { QUOTA_EXCEEDED, quotaLimitReachedMessage, type QuotaType } from "~/features/access/quotas.ts";
import type { LockedTeaser } from "~/features/catalog/listing-types.ts";
import { PAYWALLED_CLASS } from "./gated-sections.ts";
import { BackToListings, BadgeList, ListingAvatar } from "./profile-layout.tsx";

/**
 * The viewer's monthly company views are used up (spec 01 §8 quota messages): the server sent only the
 * teaser, and the way on is an upgrade. Profiles already opened this month still open in full.
 */
export function QuotaExceededProfile({ teaser, type = "views" }: { teaser: LockedTeaser; type?: QuotaType }) {
  const { unlock } = useUnlockPrompt();
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
        <div
          className={`${PAYWALLED_CLASS} mt-8 flex flex-col items-center rounded-xl border border-dashed border-border bg-surface-muted px-4 py-8 text-center sm:px-8`}
        >
          <span className="flex size-12 items-center justify-center rounded-full bg-danger/10 text-danger">
            <AlertTriangle className="size-6" aria-hidden="true" />
          </span>
          <h2 className="mt-4 text-lg font-semibold">{QUOTA_EXCEEDED}</h2>
          <p className="mt-2 max-w-md text-sm text-fg-muted">{quotaLimitReachedMessage(type)}</p>
          <Button className="mt-6" onClick={unlock} aria-haspopup="dialog">
            <Crown aria-hidden="true" />
            Upgrade
          </Button>
        </div>
      </Card>
    </div>
  );
}
