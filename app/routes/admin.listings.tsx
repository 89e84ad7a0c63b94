import type { Route } from "./+types/admin.listings";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { listListingsForAdmin } from "~/features/listing-editor/list-listings.server.ts";
import { parseAdminListingQuery } from "~/features/listing-editor/listing-query.ts";
import { ListingsPage } from "~/features/listing-editor/listings-page.tsx";
import { getAppContext } from "~/lib/app-context.ts";
import { requireAdmin } from "~/lib/guards.server.ts";

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
  return <ListingsPage {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
