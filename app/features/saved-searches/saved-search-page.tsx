import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";

export interface SavedSearchPageData {
  name: string;
  directoryUrl: string;
  total: number;
  newCount: number;
  listings: Array<{ id: string; name: string; url: string; tagline: string | null; fundingStage: string | null; industries: string[] }>;
}

/** A saved search opened: "N new since you last looked", the newest of them, and the way to all results. */
export function SavedSearchPage({
  name,
  directoryUrl,
  total,
  newCount,
  listings,
  addToList,
}: SavedSearchPageData & {
  /** The lists' "Add the new results to a list" form (issue 37), placed under the new listings. */
  addToList?: ReactNode;
}) {
  return (
    <div className="mx-auto grid max-w-3xl grid-cols-1 gap-6 px-4 py-10 sm:px-6">
      <div>
        <p className="text-sm text-fg-muted">
          <Link to="/settings#saved-searches" className="hover:underline">
            Saved searches
          </Link>
        </p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">{name}</h1>
        <p className="mt-2 text-fg-muted" role="status">
          {newCount} new since you last looked · {total} {total === 1 ? "listing" : "listings"} in all
        </p>
      </div>
      {listings.length ? (
        <Card className="p-5 sm:p-6">
          <h2 className="text-lg font-semibold">New since you last looked</h2>
          {addToList ? <div className="mt-3 border-b border-border pb-4">{addToList}</div> : null}
          <ul className="mt-3 divide-y divide-border">
            {listings.map((l) => (
              <li key={l.id} className="py-3 text-sm">
                <Link to={l.url} className="font-medium hover:underline">
                  {l.name}
                </Link>
                <p className="text-fg-muted">{[l.fundingStage, l.industries.join(", ")].filter(Boolean).join(" · ")}</p>
                {l.tagline ? <p>{l.tagline}</p> : null}
              </li>
            ))}
          </ul>
          {newCount > listings.length ? <p className="mt-2 text-sm text-fg-muted">and {newCount - listings.length} more.</p> : null}
        </Card>
      ) : (
        addToList
      )}
      <Link to={directoryUrl} className={buttonClass({ className: "justify-self-start" })}>
        See all results in the directory
      </Link>
    </div>
  );
}
