import { Plus } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/admin.listings";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { listListingsForAdmin } from "~/features/listing-editor/list-listings.server.ts";
import { parseAdminListingQuery } from "~/features/listing-editor/listing-query.ts";
import { ListingFilters, ListingPager, ListingsTable } from "~/features/listing-editor/listings-table.tsx";
import { getAppContext } from "~/lib/app-context.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { plural } from "~/lib/wording.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Listings | Back-office | Introbase" }, { name: "robots", content: "noindex" }];
}

/** Every listing for operators (issue 5 §1): search by name, filter by type and status, 50 a page. */
export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "admin");
  const query = parseAdminListingQuery(new URL(args.request.url).searchParams);
  const { items, total, page, pageCount } = await listListingsForAdmin(getAppContext(args.context).database, query);
  return {
    query: { ...query, page },
    total,
    pageCount,
    items: items.map((item) => ({
      ...item,
      type: item.type as "startup" | "investor" | "partner",
      updatedAt: item.updatedAt.toISOString(),
    })),
  };
}

export default function AdminListings({ loaderData }: Route.ComponentProps) {
  const { query, total, pageCount, items } = loaderData;
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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
