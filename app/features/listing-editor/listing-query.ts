/** The back-office listing list's search, filters and page, from the URL (issue 5 §1). */
import { LISTING_TYPES, parseListingType, type ListingType } from "../catalog/listing-types.ts";

export const ADMIN_PAGE_SIZE = 50;
export const STATUS_FILTERS = ["published", "archived", "merged", "all"] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export const STATUS_LABEL: Record<StatusFilter, string> = { published: "Published", archived: "Archived", merged: "Merged", all: "All" };
export { LISTING_TYPES };

export interface AdminListingQuery {
  /** Part of the name, any case; "" for none. */
  q: string;
  type: ListingType | null;
  status: StatusFilter;
  page: number;
}

const MAX_SEARCH = 200;
const MAX_PAGE = 100_000;

/** Unknown values fall back to the defaults (published, every type, page 1): a stale bookmark still shows a list. */
export function parseAdminListingQuery(params: URLSearchParams): AdminListingQuery {
  const q = (params.get("q") ?? "").trim().slice(0, MAX_SEARCH);
  const type = parseListingType(params.get("type") ?? "");
  const rawStatus = params.get("status") ?? "published";
  const status = (STATUS_FILTERS as readonly string[]).includes(rawStatus) ? (rawStatus as StatusFilter) : "published";
  const rawPage = Number(params.get("page") ?? "1");
  const page = Number.isInteger(rawPage) && rawPage >= 1 ? Math.min(rawPage, MAX_PAGE) : 1;
  return { q, type, status, page };
}

/** The query as URL parameters, defaults left out, for the page links. */
export function adminListingSearch(query: AdminListingQuery, page = query.page): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.type) params.set("type", query.type);
  if (query.status !== "published") params.set("status", query.status);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** "%part%" for LIKE, with the wildcards a name may contain taken literally. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, "\\$&")}%`;
}
