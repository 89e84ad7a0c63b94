import type { IntroRecipient } from "~/features/introductions/intro-recipient.ts";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { capList } from "../catalog/format.ts";
import { businessModelLabel } from "../catalog/format.ts";
import { ListingLogo } from "../catalog/listing-logo.tsx";
import { TYPE_LABEL, type ListingCard as Card, type ListingType } from "../catalog/listing-types.ts";

/** Card badge caps (spec 01 §9). */
const CAPS = { industries: 4, geographies: 4, personas: 3, countries: 3 } as const;

export function TypeBadge({ type, title }: { type: ListingType; title?: string }) {
  return (
    <Badge variant="accent" title={title}>
      {TYPE_LABEL[type]}
    </Badge>
  );
}

function CappedBadges({ label, items, cap }: { label: string; items: string[]; cap: number }) {
  if (!items.length) return null;
  const { shown, more } = capList(items, cap);
  return (
    <li className="flex flex-wrap items-center gap-1.5" aria-label={label}>
      <span className="sr-only">{label}: </span>
      {shown.map((item) => (
        <Badge key={item} variant="outline">
          {item}
        </Badge>
      ))}
      {more > 0 ? <Badge variant="neutral">+{more}</Badge> : null}
    </li>
  );
}

export function ListingCard({ listing, onRequestIntro }: { listing: Card; onRequestIntro: (recipient: IntroRecipient) => void }) {
  const href = `/profile/${listing.type}/${listing.slug}`;
  return (
    <article className="flex h-full flex-col rounded-xl border border-border bg-surface-raised p-5 shadow-sm transition-shadow hover:shadow-md">
      <div className="flex items-start gap-3">
        <ListingLogo name={listing.name} slug={listing.slug} logo={listing.logo} lazy />
        <div className="min-w-0 flex-1">
          <h3 className="truncate text-base font-semibold">
            <Link to={href} className="hover:underline">
              {listing.name}
            </Link>
          </h3>
          <div className="mt-1 flex flex-wrap gap-1.5">
            <TypeBadge type={listing.type} />
            {listing.featured ? <Badge variant="featured">Featured</Badge> : null}
          </div>
        </div>
      </div>
      {listing.tagline ? <p className="mt-3 line-clamp-3 text-sm text-fg-muted">{listing.tagline}</p> : null}
      <ul className="mt-4 flex flex-col gap-2">
        <CappedBadges label="Industries" items={listing.industry} cap={CAPS.industries} />
        <CappedBadges label="Geographies" items={listing.geography} cap={CAPS.geographies} />
        {listing.fundingStage ? (
          <li>
            <Badge variant="neutral">{listing.fundingStage}</Badge>
          </li>
        ) : null}
        <CappedBadges label="Target personas" items={listing.targetPersonas} cap={CAPS.personas} />
        {listing.type === "partner" && listing.businessModel ? (
          <li>
            <Badge variant="neutral">{businessModelLabel(listing.businessModel)}</Badge>
          </li>
        ) : null}
        <CappedBadges label="Countries" items={listing.countries} cap={CAPS.countries} />
      </ul>
      <div className="mt-auto flex gap-2 pt-5">
        <Link
          to={href}
          className="inline-flex h-9 flex-1 items-center justify-center rounded-lg border border-border text-sm font-medium hover:bg-surface-muted"
        >
          View Profile
        </Link>
        <Button
          size="sm"
          className="h-9 flex-1"
          onClick={() => onRequestIntro({ name: listing.name, type: listing.type, slug: listing.slug })}
        >
          Request Intro
        </Button>
      </div>
    </article>
  );
}
