import type { IntroRecipient } from "~/features/introductions/intro-recipient.ts";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { businessModelLabel, formatAmount, formatRoundDate, roundTypeLabel } from "../../catalog/format.ts";
import { ListingLogo } from "../../catalog/listing-logo.tsx";
import { TYPE_LABEL, type ListingCard as Card, type ListingType } from "../../catalog/listing-types.ts";
import { ADD_SELECTION_FORM } from "./add-to-list-selection.tsx";
import { BadgeRow, BadgeRows, BadgeValue } from "./card-badges.tsx";

/** Card badge caps (spec 01 §9). */
const CAPS = { industries: 4, geographies: 4, personas: 3, countries: 3 } as const;

export function TypeBadge({ type, title }: { type: ListingType; title?: string }) {
  return (
    <Badge variant="accent" title={title}>
      {TYPE_LABEL[type]}
    </Badge>
  );
}

/** "Series A · Mar 2026", or what of it is known. */
function roundText(type: string | null | undefined, date: string | null | undefined): string | null {
  const parts = [type ? roundTypeLabel(type) : null, date ? formatRoundDate(date) : null].filter(Boolean);
  return parts.length ? parts.join(" · ") : null;
}

export function ListingCard({
  listing,
  onRequestIntro,
  countryCodes,
  addToListHref,
}: {
  listing: Card;
  onRequestIntro: (recipient: IntroRecipient) => void;
  /** Country name → ISO code, for the flags. */
  countryCodes?: Readonly<Record<string, string | undefined>>;
  /** For a signed-in member (issue 37): the "Add to list" page for this card, and a box to select it with others. */
  addToListHref?: string;
}) {
  const href = `/profile/${listing.type}/${listing.slug}`;
  return (
    <article className="listing-card">
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
      <BadgeRows className="mt-4">
        <BadgeRow group="industries" items={listing.industry} cap={CAPS.industries} />
        <BadgeRow group="regions" items={listing.geography} cap={CAPS.geographies} />
        <BadgeValue group="stage" value={listing.fundingStage} />
        <BadgeRow group="personas" items={listing.targetPersonas} cap={CAPS.personas} />
        {listing.type === "partner" ? (
          <BadgeValue group="model" value={listing.businessModel && businessModelLabel(listing.businessModel)} />
        ) : null}
        <BadgeRow group="countries" items={listing.countries} cap={CAPS.countries} codes={countryCodes} />
        {/* The figures "Most raised" and "Recently funded" sort by (decision 0084); open cards only carry them. */}
        <BadgeValue group="raised" value={listing.totalFundingRaised ? `${formatAmount(listing.totalFundingRaised)} total` : null} />
        <BadgeValue group="round" value={roundText(listing.latestRoundType, listing.latestRoundDate)} />
      </BadgeRows>
      {addToListHref ? (
        <div className="mt-4 flex items-center justify-between gap-3 text-sm">
          {/* Belongs to the selection's own form (directory-view.tsx), outside the search form. */}
          <label className="inline-flex items-center gap-2">
            <input type="checkbox" name="listingIds" value={listing.id} form={ADD_SELECTION_FORM} className="size-4 accent-accent" />
            Select<span className="sr-only"> {listing.name}</span>
          </label>
          <Link to={addToListHref} className="font-medium text-accent hover:underline">
            Add to list<span className="sr-only">: {listing.name}</span>
          </Link>
        </div>
      ) : null}
      {/* Drawn by .card-actions (app/app.css): the same two on each of 25 cards. */}
      <div className="card-actions">
        <Link to={href}>View Profile</Link>
        <button type="button" onClick={() => onRequestIntro({ name: listing.name, type: listing.type, slug: listing.slug })}>
          Request Intro
        </button>
      </div>
    </article>
  );
}
