import { onChange } from "~/lib/change-feed.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { noteListingsChanged, type DirectoryRead } from "~/lib/read-database.server.ts";
import { cacheLookupCounter } from "~/lib/metrics.server.ts";
import { OwnedTtlCache } from "~/lib/ttl-cache.ts";
import type { Viewer } from "../../access/redact-listing.ts";
import { directoryQueryToParams, type DirectoryQuery } from "../directory-filters.ts";
import { getDirectoryIndex } from "../search-index/directory-index.server.ts";
import type { DirectoryResult } from "../directory-result.ts";
import { searchListings } from "./search-listings.server.ts";

/**
 * Paginated listings are stale after 2 minutes (spec 01 §9): identical queries within that share one answer. At most
 * 300 pages (each some 37 kB of cards and counts): popular pages repeat far within that, and 1,000 held 37 MB of a
 * process's memory under a load of new addresses (issue 33, decision 0103).
 */
const cache = new OwnedTtlCache<DirectoryResult>(2 * 60 * 1000, 300, cacheLookupCounter("directory_page"));

/**
 * The directory page for a viewer, cached per tier and normalised query, per connection read (a page read from the
 * replica is never served to a request that must see the primary: lib/read-database.server.ts) and per directory
 * index (a page computed from the index in hand is not served once a newer one is: directory-index.server.ts). The
 * default read waits for every change this process heard of, on the primary.
 */
export async function getDirectory(
  database: Database,
  query: DirectoryQuery,
  viewer: Viewer,
  { reader = database, fresh = true }: Partial<DirectoryRead> = {},
): Promise<DirectoryResult> {
  const directory = await getDirectoryIndex(database, { fresh });
  const params = directoryQueryToParams(query);
  params.sort();
  const source = reader === database ? "primary" : "replica";
  // The ranking words order the page though they are no parameter of its own (a search read into filters).
  const ranking = query.rankBy?.toLowerCase() ?? "";
  const key = `${directory.generation}|${source}|${viewer.tier}|${query.page}|${query.pageSize}|${params.toString()}|${ranking}`;
  return cache.get(database, key, () => searchListings(database, query, viewer, reader, directory));
}

// A page holds cards (listings, the names of their reference values) gated by the tier records and field rules: after
// any of them changed, through this process or another, the next request works it out again (decision 0049).
onChange(["listings", "reference-lists", "tier-records", "field-rules"], (database) => cache.clear(database));
// Until a replica surely has the change, this process's pages are read from the primary (decision 0053).
onChange(["listings"], (database) => noteListingsChanged(database));
