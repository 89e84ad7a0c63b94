import type { MetaDescriptor } from "react-router";
import type { DirectoryItem } from "../catalog/listing-types.ts";
import type { DirectoryQuery } from "../directory/directory-filters.ts";
import { DIRECTORY_HEADINGS, DIRECTORY_PATH, directorySeo } from "./canonical.ts";
import type { JsonLdNode } from "./json-ld.ts";
import { pageMeta } from "./meta-tags.ts";
import { directoryJsonLd } from "./structured-data.ts";

const SUBTITLE = "Discover and connect with partners, startups, and investors";

/** What the directory route rendered: a query and its page, or null for a refused query. */
export interface DirectoryPage {
  query: DirectoryQuery;
  totalRecords: number;
}

/** The directory's tags. Its aliases share the route, so they get the same canonical: /listings. */
export function directoryMeta(origin: string | undefined, page: DirectoryPage | null): MetaDescriptor[] {
  if (!page)
    return pageMeta({ origin, path: DIRECTORY_PATH, title: "Partner Directory", description: `${SUBTITLE}.`, robots: "noindex, follow" });
  const { query, totalRecords } = page;
  const seo = directorySeo(query);
  // A page number past the end shows no listing: an empty page is not worth indexing.
  const pastTheEnd = query.page > 1 && (query.page - 1) * query.pageSize >= totalRecords;
  const { path, robots } = pastTheEnd ? { path: seo.path, robots: "noindex, follow" } : seo;
  const heading = query.entityType ? `${DIRECTORY_HEADINGS[query.entityType]} – Partner Directory` : "Partner Directory";
  const what = query.entityType ? DIRECTORY_HEADINGS[query.entityType].toLowerCase() : "listings";
  return pageMeta({
    origin,
    path,
    robots,
    title: query.page > 1 ? `${heading} – Page ${query.page}` : heading,
    description: `${SUBTITLE}: ${totalRecords} ${what}.`,
  });
}

/** ItemList of the profiles on this page (numbered across pages) and the page's breadcrumbs. */
export function directoryStructuredData(
  origin: string,
  query: DirectoryQuery,
  items: readonly Pick<DirectoryItem, "type" | "slug" | "name">[],
): JsonLdNode[] {
  return directoryJsonLd(origin, { entityType: query.entityType, items, firstPosition: (query.page - 1) * query.pageSize + 1 });
}
