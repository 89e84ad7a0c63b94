import { Skeleton } from "~/components/ui/skeleton.tsx";
import type { DirectoryItem } from "../../catalog/listing-types.ts";
import type { IntroRecipient } from "~/features/introductions/intro-recipient.ts";
import { ListingCard } from "./listing-card.tsx";
import { LockedTeaser } from "./locked-teaser.tsx";

/** The "Add to list" page for these listings, coming back to `returnTo` (issue 37). */
export function addToListHref(ids: readonly string[], returnTo: string): string {
  const params = new URLSearchParams(ids.map((id) => ["listingIds", id]));
  params.set("returnTo", returnTo);
  return `/lists/add?${params.toString()}`;
}

function SkeletonCard() {
  return (
    <div className="rounded-xl border border-border p-5">
      <div className="flex gap-3">
        <Skeleton className="size-12" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-1/4" />
        </div>
      </div>
      <Skeleton className="mt-4 h-12 w-full" />
      <Skeleton className="mt-4 h-6 w-1/2" />
    </div>
  );
}

export function ResultsGrid({
  items,
  loading,
  onLocked,
  onRequestIntro,
  countryCodes,
  addToListFrom,
}: {
  items: DirectoryItem[];
  /** Where a signed-in member is (path and query): their cards offer "Add to list" and come back here. */
  addToListFrom?: string;
  /** Country name → ISO code, for the flags on the cards. */
  countryCodes?: Readonly<Record<string, string | undefined>>;
  loading: boolean;
  onLocked: () => void;
  onRequestIntro: (recipient: IntroRecipient) => void;
}) {
  if (loading) {
    return (
      <div className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Loading listings">
        <SkeletonCard />
        <SkeletonCard />
        <SkeletonCard />
      </div>
    );
  }
  if (!items.length) {
    return (
      <div className="mt-4 rounded-xl border border-dashed border-border px-6 py-16 text-center">
        <p className="text-lg font-semibold">No results found</p>
        <p className="mt-1 text-sm text-fg-muted">Try adjusting your search or filter criteria</p>
      </div>
    );
  }
  return (
    <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {items.map((item) => (
        <li key={item.id}>
          {item.locked ? (
            <LockedTeaser listing={item} onUnlock={onLocked} />
          ) : (
            <ListingCard
              listing={item}
              onRequestIntro={onRequestIntro}
              countryCodes={countryCodes}
              addToListHref={addToListFrom === undefined ? undefined : addToListHref([item.id], addToListFrom)}
            />
          )}
        </li>
      ))}
    </ul>
  );
}
