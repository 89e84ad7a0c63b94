import { Link } from "react-router";
import { Card } from "~/components/ui/card.tsx";
import { ListingLogo } from "~/features/catalog/listing-logo.tsx";
import type { SimilarListing } from "./similar-listings.server.ts";

/** Other listings sharing an industry, chosen on the server. */
export function SimilarList({ title, items, empty }: { title: string; items: readonly SimilarListing[]; empty: string }) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold">{title}</h2>
      {items.length ? (
        <ul className="mt-4 flex flex-col gap-1">
          {items.map((item) => (
            <li key={item.slug}>
              <Link
                to={`/profile/${item.type}/${item.slug}`}
                className="-mx-2 flex items-center gap-3 rounded-lg p-2 hover:bg-surface-muted"
              >
                <ListingLogo name={item.name} slug={item.slug} logo={item.logo} size="sm" lazy />
                <span className="min-w-0">
                  <span className="block truncate font-medium">{item.name}</span>
                  <span className="block truncate text-sm text-fg-muted">{item.tagline ?? item.industry.join(", ")}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-fg-muted">{empty}</p>
      )}
    </Card>
  );
}
