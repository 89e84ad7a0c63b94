import { Search } from "lucide-react";
import { Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { inputClass } from "~/components/ui/form-field.tsx";
import { cn } from "~/lib/cn.ts";
import { TYPE_LABEL, type ListingType } from "../catalog/listing-types.ts";
import { adminListingSearch, LISTING_TYPES, STATUS_FILTERS, STATUS_LABEL, type AdminListingQuery } from "./listing-query.ts";
import { formatDateTime } from "~/lib/format-date.ts";

export interface ListingListItem {
  id: string;
  name: string;
  type: ListingType;
  status: string;
  featured: boolean;
  updatedAt: string;
  survivor: { id: string; name: string } | null;
}

/** Search and filters as a GET form: the state lives in the address, so it works without JavaScript and can be shared. */
export function ListingFilters({ query }: { query: AdminListingQuery }) {
  return (
    <Form method="get" role="search" className="mt-6 grid grid-cols-2 items-end gap-3 sm:grid-cols-[1fr_auto_auto_auto]">
      <label className="col-span-2 text-sm font-medium sm:col-span-1">
        Search by name
        <input type="search" name="q" defaultValue={query.q} maxLength={200} className={cn(inputClass, "h-10")} />
      </label>
      <label className="text-sm font-medium">
        Type
        <select name="type" defaultValue={query.type ?? ""} className={cn(inputClass, "h-10 read-only:bg-surface")}>
          <option value="">All types</option>
          {LISTING_TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABEL[t]}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium">
        Status
        <select name="status" defaultValue={query.status} className={cn(inputClass, "h-10 read-only:bg-surface")}>
          {STATUS_FILTERS.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABEL[s]}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" variant="secondary" className="col-span-2 sm:col-span-1">
        <Search aria-hidden="true" /> Search
      </Button>
    </Form>
  );
}

/** The page of listings: at 360 px the type, featured flag and time move under the name instead of their own columns. */
export function ListingsTable({ items }: { items: ListingListItem[] }) {
  if (!items.length) return <p className="mt-8 text-fg-muted">No listings match.</p>;
  return (
    <div className="mt-4 overflow-x-auto rounded-lg border border-border">
      <table className="w-full text-left text-sm">
        <thead className="bg-surface-muted text-xs text-fg-muted">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Name
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
              Type
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Status
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium md:table-cell">
              Featured
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium md:table-cell">
              Updated (UTC)
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} className="border-t border-border align-top">
              <td className="px-3 py-2">
                <span className="font-medium break-words">{item.name}</span>
                <span className="block text-xs text-fg-muted sm:hidden">
                  {TYPE_LABEL[item.type]}
                  {item.featured ? " · Featured" : ""}
                </span>
                <span className="block text-xs text-fg-muted md:hidden">Updated {formatDateTime(item.updatedAt)}</span>
              </td>
              <td className="hidden px-3 py-2 sm:table-cell">{TYPE_LABEL[item.type]}</td>
              <td className="px-3 py-2">
                <Badge variant={item.status === "published" ? "accent" : "outline"}>{item.status}</Badge>
                {item.survivor ? (
                  <span className="mt-1 block text-xs">
                    Merged into{" "}
                    <Link to={`/admin/listings/${item.survivor.id}`} className="text-accent underline">
                      {item.survivor.name}
                    </Link>
                  </span>
                ) : null}
              </td>
              <td className="hidden px-3 py-2 md:table-cell">{item.featured ? "Yes" : "No"}</td>
              <td className="hidden px-3 py-2 whitespace-nowrap text-fg-muted md:table-cell">{formatDateTime(item.updatedAt)}</td>
              <td className="px-3 py-2 text-right">
                <Link
                  to={`/admin/listings/${item.id}`}
                  aria-label={`Edit ${item.name}`}
                  className="font-medium text-accent underline-offset-4 hover:underline"
                >
                  Edit
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ListingPager({ query, page, pageCount }: { query: AdminListingQuery; page: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  const link = (target: number, label: string, rel: string) => (
    <Link
      to={adminListingSearch(query, target) || "?"}
      rel={rel}
      className={cn("rounded-md border border-border px-3 py-1.5 text-sm hover:bg-surface-muted")}
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-2">
      {page > 1 ? link(page - 1, "← Previous", "prev") : <span />}
      <span className="text-sm text-fg-muted">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? link(page + 1, "Next →", "next") : <span />}
    </nav>
  );
}
