import { Card } from "~/components/ui/card.tsx";
import { ListingLink } from "./listing-link.tsx";
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
              <ListingLink listing={item} detail={item.tagline ?? item.industry.join(", ")} className="-mx-2 p-2" />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-fg-muted">{empty}</p>
      )}
    </Card>
  );
}
