import { Lock } from "lucide-react";
import { normalizeLevel } from "../../access/tiers.ts";
import { usePlanCatalogue } from "../../access/use-plan-catalogue.ts";
import { TYPE_LABEL, type LockedTeaser as Teaser } from "../../catalog/listing-types.ts";
import { ListingLogo } from "../../catalog/listing-logo.tsx";
import { BadgeRow, BadgeRows, BadgeValue } from "./card-badges.tsx";
import { TypeBadge } from "./listing-card.tsx";

/**
 * A listing above the viewer's tier (spec 01 §2). The server sent only these fields, so nothing else can
 * leak through the page source.
 */
export function LockedTeaser({ listing, onUnlock }: { listing: Teaser; onUnlock: () => void }) {
  // The plan that opens it, named as the catalogue names it (decision 0080).
  const plan = usePlanCatalogue()[normalizeLevel(listing.listingVisibility)].name;
  return (
    <article className="relative flex h-full flex-col rounded-xl border border-dashed border-border bg-surface-muted p-5">
      <button
        type="button"
        onClick={onUnlock}
        className="absolute inset-0 z-10 rounded-xl"
        aria-label={`Unlock ${listing.name}: subscribe for free`}
      />
      <div className="flex items-start gap-3">
        <ListingLogo name={listing.name} slug={listing.slug} logo={listing.logo} lazy />
        <div className="min-w-0 flex-1">
          <h3 className="truncate text-base font-semibold">{listing.name}</h3>
          <div className="mt-1 flex items-center gap-1.5">
            <TypeBadge type={listing.type} title={`${TYPE_LABEL[listing.type]} - ${plan} access required`} />
            <Lock className="size-3.5 text-fg-muted" aria-hidden="true" />
          </div>
        </div>
      </div>
      {listing.tagline ? <p className="mt-3 line-clamp-2 text-sm text-fg-muted">{listing.tagline}</p> : null}
      <BadgeRows className="mt-4">
        <BadgeRow group="industries" items={listing.industry} />
        <BadgeValue group="stage" value={listing.fundingStage} />
        <BadgeRow group="regions" items={listing.geography} />
      </BadgeRows>
      <div className="mt-auto pt-5 text-sm">
        <p className="font-medium">Subscribe for investor details and intros</p>
        <p className="mt-1 font-semibold text-accent">Subscribe for free</p>
      </div>
    </article>
  );
}
