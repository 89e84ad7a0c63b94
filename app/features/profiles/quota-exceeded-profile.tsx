import { Card } from "~/components/ui/card.tsx";
import { QUOTA_EXCEEDED, quotaLimitReachedMessage, type QuotaType } from "~/features/access/quotas.ts";
import type { LockedTeaser } from "~/features/catalog/listing-types.ts";
import { TeaserHeader } from "./locked-profile.tsx";
import { LockedSection } from "./locked-section.tsx";
import { BackToListings } from "./profile-layout.tsx";

/**
 * The viewer's monthly company views are used up (spec 01 §8 quota messages): the server sent only the
 * teaser, and the way on is an upgrade. Profiles already opened this month still open in full.
 */
export function QuotaExceededProfile({ teaser, type = "views" }: { teaser: LockedTeaser; type?: QuotaType }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-8">
      <BackToListings />
      <Card className="mt-4 p-5 sm:p-8">
        <TeaserHeader teaser={teaser} />
        <LockedSection
          className="mt-8"
          reason="quota"
          subject="the full profile"
          message={QUOTA_EXCEEDED}
          note={quotaLimitReachedMessage(type)}
        />
      </Card>
    </div>
  );
}
