import { Link } from "react-router";
import { ListingLogo } from "~/features/catalog/listing-logo.tsx";
import type { ListingType } from "~/features/catalog/listing-types.ts";
import { cn } from "~/lib/cn.ts";

/** A link to another listing's profile: its logo, its name and one line about it (a portfolio tile, a similar listing). */
export function ListingLink({
  listing,
  detail,
  className,
}: {
  listing: { type: ListingType; slug: string; name: string; logo: string | null };
  detail: string | null;
  className?: string;
}) {
  return (
    <Link
      to={`/profile/${listing.type}/${listing.slug}`}
      className={cn("flex items-center gap-3 rounded-lg hover:bg-surface-muted", className)}
    >
      <ListingLogo name={listing.name} slug={listing.slug} logo={listing.logo} size="sm" lazy />
      <span className="min-w-0">
        <span className="block truncate font-medium">{listing.name}</span>
        {detail ? <span className="block truncate text-sm text-fg-muted">{detail}</span> : null}
      </span>
    </Link>
  );
}
