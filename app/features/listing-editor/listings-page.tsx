import { Plus } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { plural } from "~/lib/wording.ts";
import type { AdminListingQuery } from "./listing-query.ts";
import { ListingFilters, ListingPager, ListingsTable, type ListingListItem } from "./listings-table.tsx";

/** Every listing for operators: search by name, filter by type and status, a page at a time. */
export function ListingsPage({
  query,
  total,
  pageCount,
  items,
}: {
  query: AdminListingQuery;
  total: number;
  pageCount: number;
  items: ListingListItem[];
}) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <Link to="/admin" className="text-sm text-accent hover:underline">
        ← Back-office
      </Link>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold tracking-tight">Listings</h1>
        <Link to="/admin/listings/new" className={buttonClass()}>
          <Plus aria-hidden="true" /> New listing
        </Link>
      </div>
      <p className="mt-2 text-sm text-fg-muted">
        Create, edit and archive startups, investors and partners. The most recently changed come first.
      </p>
      <ListingFilters key={`${query.q}|${query.type}|${query.status}`} query={query} />
      <p className="mt-6 text-sm text-fg-muted" role="status">
        {plural(total, "listing")}
      </p>
      <ListingsTable items={items} />
      <ListingPager query={query} page={query.page} pageCount={pageCount} />
    </div>
  );
}
