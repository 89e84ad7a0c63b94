/**
 * The directory page's reading of its URL (issue 15 §5): a link someone kept or shared always shows listings.
 * What cannot be honoured falls back to spec 01 §2's defaults (`type=bogus` means all), a filter value we no
 * longer have is left out, a page past the end shows the last page, and each is said in plain words above the
 * results. The JSON API stays strict instead (400 with the reason), since a program should learn its mistake.
 */
import type { Database } from "~/lib/db.server.ts";
import type { DirectoryRead } from "~/lib/read-database.server.ts";
import { getFieldRules } from "../../access/field-rules.server.ts";
import type { Viewer } from "../../access/redact-listing.ts";
import { getPlanCatalogue } from "../../access/tier-records.server.ts";
import { getReferenceData, type ReferenceData } from "../../catalog/reference-data.server.ts";
import { directoryQueryToParams, FILTER_NOUNS, readDirectoryQuery, type DirectoryQuery } from "../directory-filters.ts";
import type { DirectoryResult } from "../directory-result.ts";
import { resolveFilterValues } from "../filter-values.ts";
import { gatedFilterSentence, gatedFiltersFor, type GatedFilter } from "../gated-filters.ts";
import { getDirectory } from "./get-directory.server.ts";
import { interpretationView, type InterpretationView } from "../interpretation-view.ts";
import { getDirectoryIndex } from "../search-index/directory-index.server.ts";
import {
  interpretDirectoryQuery,
  INTERPRETED_PARAM,
  literalSearch,
  UNMATCHED_PARAM,
  viewerMeanings,
} from "./interpret-directory-query.server.ts";

export interface DirectoryPage {
  query: DirectoryQuery;
  result: DirectoryResult;
  reference: ReferenceData;
  /** What was changed from the address, for the visitor. */
  notices: string[];
  /** The filters the search's words became, as chips (decision 0083). */
  interpretation: InterpretationView | null;
  /** Filters on a value the viewer's plan is not shown: the panel says so instead of counting (decision 0085). */
  gatedFilters: GatedFilter[];
}

/**
 * The address to show instead when the search's words name filters (decision 0083): those filters in the address,
 * so the filter panel shows them chosen and links keep them, the rest as the search, and the search as typed for the
 * chips. Null when the address stays: nothing to read, already read, or `interpret=false`.
 */
export async function interpretedAddress(
  database: Database,
  params: URLSearchParams,
  viewer: Viewer,
  how: Partial<DirectoryRead> = {},
): Promise<string | null> {
  if (params.has(INTERPRETED_PARAM) || literalSearch(params)) return null;
  const { query } = readDirectoryQuery(params);
  if (!query.searchQuery) return null;
  const read = await interpretDirectoryQuery(database, query, await getReferenceData(database), viewer, { fresh: how.fresh });
  if (!read.interpretation) return null;
  const next = directoryQueryToParams(read.query);
  next.set(INTERPRETED_PARAM, read.interpretation.original);
  for (const words of read.interpretation.unmatched ?? []) next.append(UNMATCHED_PARAM, words);
  return next.toString();
}

/** `how`: the connection for the page's own reads, and whether it waits for the latest index (getDirectory). */
export async function loadDirectoryPage(
  database: Database,
  params: URLSearchParams,
  viewer: Viewer,
  how: Partial<DirectoryRead> = {},
): Promise<DirectoryPage> {
  const read = readDirectoryQuery(params);
  const notices = read.problems.map((problem) => problem.notice);
  const reference = await getReferenceData(database);
  let query = read.query;
  const { unknown } = resolveFilterValues(query, reference);
  if (unknown.length) {
    query = { ...query };
    for (const { filter, value } of unknown) {
      query[filter] = query[filter].filter((v) => v !== value);
      notices.push(`No ${FILTER_NOUNS[filter].one} called "${value.slice(0, 60)}": it was left out of the filters.`);
    }
  }
  const original = params.get(INTERPRETED_PARAM)?.slice(0, 200);
  const interpretation = original
    ? interpretationView(
        original,
        query,
        reference,
        await viewerMeanings(database, reference, viewer, await getDirectoryIndex(database, { fresh: how.fresh })),
      )
    : null;
  // The words the filters came from still order the page when no text is left to search (decision 0088).
  if (interpretation && !query.searchQuery) query = { ...query, rankBy: original };
  const unmatched = params
    .getAll(UNMATCHED_PARAM)
    .slice(0, 8)
    .map((words) => words.slice(0, 200));
  if (interpretation && unmatched.length)
    notices.push(`Nothing matched all of “${original}”: ${unmatched.map((words) => `“${words}”`).join(" and ")} left out.`);
  const gatedFilters = gatedFiltersFor(viewer.tier, await getFieldRules(database));
  // A link chosen by a member (or typed) keeps its gated filter: it matches only listings that show this viewer the
  // value, so it reveals nothing, and the visitor is told why it finds so few (decision 0085).
  const chosenGated = gatedFilters.filter(({ filter }) => query[filter].length > 0);
  if (chosenGated.length) {
    const plans = await getPlanCatalogue(database);
    for (const { filter, requiredTier } of chosenGated)
      notices.push(
        `${gatedFilterSentence(filter, plans[requiredTier].name)}: filtering by ${FILTER_NOUNS[filter].one} finds only the listings that show you theirs.`,
      );
  }
  let result = await getDirectory(database, query, viewer, how);
  const { totalPages, totalRecords } = result.pagination;
  if (query.page > totalPages && totalRecords > 0) {
    notices.push(`There is no page ${query.page}: showing the last page, ${totalPages}.`);
    query = { ...query, page: totalPages };
    result = await getDirectory(database, query, viewer, how);
  }
  return { query, result, reference, notices, interpretation, gatedFilters };
}
