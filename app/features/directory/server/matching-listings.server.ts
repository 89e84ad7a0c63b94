/**
 * Which listings a directory state matches for a viewer, and which of them are new against an earlier snapshot
 * (saved searches, decision 0062). The same gated filters as a directory page (viewer-options.ts, DESIGN D14), and
 * only listings the viewer may open: a locked teaser is never "new" to someone who cannot open it.
 *
 * A snapshot keeps at most `limit` ids: the newest matching listings (by when they were added). When a state matched
 * more than that, a listing not in the snapshot counts as new only if it is newer than the snapshot's oldest listing
 * still in the directory; an older listing that starts matching such a broad search is not reported.
 */
import type { Database } from "~/lib/db.server.ts";
import { getFieldRules } from "../../access/field-rules.server.ts";
import type { Viewer } from "../../access/redact-listing.ts";
import { getReferenceData } from "../../catalog/reference-data.server.ts";
import { countBits, hasBit, intersectInto, type Bitset } from "../search-index/bitset.ts";
import type { DirectoryQuery } from "../directory-filters.ts";
import { getDirectoryIndex } from "../search-index/directory-index.server.ts";
import type { DirectoryIndex } from "../search-index/directory-index.ts";
import { resolveFilterValues } from "../filter-values.ts";
import { activeFilters } from "./search-listings.server.ts";
import { searchText } from "./text-search.server.ts";

/** Ids kept per snapshot: about 85 kB as a uuid[]; a search matching more is a broad one (see above). */
const SNAPSHOT_LIMIT = 5_000;

export interface Snapshot {
  listingIds: readonly string[];
  truncated: boolean;
}

export interface MatchReport {
  /** Listings the viewer may open that match now. */
  total: number;
  /** Of them, those new against the snapshot, newest first (all of them: the caller shows a few). */
  newIds: string[];
  /** What to keep as the next snapshot. */
  next: Snapshot;
}

/** Listings matching `query` that `viewer` may open, as a bitset over the index. Filter values we no longer have are dropped. */
async function openMatches(
  database: Database,
  directory: DirectoryIndex,
  query: DirectoryQuery,
  viewer: Viewer,
  now: Date,
): Promise<Bitset> {
  const [ref, rules] = await Promise.all([getReferenceData(database), getFieldRules(database)]);
  const known = { ...query };
  for (const { filter, value } of resolveFilterValues(query, ref).unknown) known[filter] = known[filter].filter((v) => v !== value);
  const options = directory.forViewer(viewer.tier, rules);
  const text = known.searchQuery ? await searchText(database, directory, known.searchQuery, options.open) : undefined;
  const matching = options.open.slice();
  for (const filter of activeFilters(known, ref, directory, options, text, now)) intersectInto(matching, filter.admits);
  return matching;
}

/**
 * The viewer's open matches for `query`, compared with `snapshot` (null: no earlier snapshot, nothing is new), and
 * the snapshot to keep next.
 */
export async function compareWithSnapshot(
  database: Database,
  query: DirectoryQuery,
  viewer: Viewer,
  snapshot: Snapshot | null,
  limit = SNAPSHOT_LIMIT,
  /** The clock "last round within 6 months" is judged by: a digest's period end, else the system's. */
  now: Date = new Date(),
): Promise<MatchReport> {
  const directory = await getDirectoryIndex(database);
  const matching = await openMatches(database, directory, query, viewer, now);
  return diffMatches(directory, matching, snapshot, limit);
}

/** The comparison itself, over the index's positions newest first. */
function diffMatches(
  directory: Pick<DirectoryIndex, "orderBy" | "idAt" | "bitsetOf">,
  matching: Bitset,
  snapshot: Snapshot | null,
  limit: number,
): MatchReport {
  const { order } = directory.orderBy("created_ms");
  const kept = snapshot ? directory.bitsetOf(snapshot.listingIds) : null;
  // Snapshot listings still in the directory not yet passed: once none is left, a truncated snapshot knows no more.
  let remaining = kept ? countBits(kept) : 0;
  const newIds: string[] = [];
  const nextIds: string[] = [];
  let total = 0;
  let knowsMore = kept !== null && !(snapshot?.truncated && remaining === 0);
  for (const position of order) {
    const inSnapshot = kept !== null && hasBit(kept, position);
    if (inSnapshot) remaining--;
    if (hasBit(matching, position)) {
      total++;
      if (nextIds.length < limit) nextIds.push(directory.idAt(position));
      if (knowsMore && !inSnapshot) newIds.push(directory.idAt(position));
    }
    if (snapshot?.truncated && remaining <= 0) knowsMore = false;
  }
  return { total, newIds, next: { listingIds: nextIds, truncated: total > limit } };
}
