/**
 * What a search that finds nothing suggests instead (decision 0082): the query respelled with words the directory's
 * card text uses ("did you mean"), or the query with one term left out, whichever finds listings for this viewer
 * with the same filters. Every candidate is counted like the page itself (descriptions only where the viewer may
 * open the listing), so a suggestion says nothing about text the viewer may not search.
 */
import type { Database } from "~/lib/db.server.ts";
import { countBits, intersectInto } from "../search-index/bitset.ts";
import type { DirectoryQuery } from "../directory-filters.ts";
import type { DirectoryIndex } from "../search-index/directory-index.ts";
import type { SearchSuggestion } from "../directory-result.ts";
import type { ActiveFilter } from "../search-index/facet-counts.ts";
import { queryWordsOf } from "../search-index/search-text.ts";
import { searchText } from "./text-search.server.ts";
import type { ViewerOptions } from "../viewer-options.ts";

type FiltersOf = (query: DirectoryQuery, text: Awaited<ReturnType<typeof searchText>> | undefined) => ActiveFilter[];

export async function suggestSearch(
  database: Database,
  directory: DirectoryIndex,
  query: DirectoryQuery,
  viewer: ViewerOptions,
  filtersOf: FiltersOf,
): Promise<SearchSuggestion | undefined> {
  const search = query.searchQuery;
  if (!search) return undefined;
  const { typed } = queryWordsOf(search);
  const index = directory.search;
  const candidates: { searchQuery: string; reason: SearchSuggestion["reason"] }[] = [];
  const respelled = typed.map((term) => (/^[\p{L}\p{N}]+$/u.test(term) ? (index.respell(term) ?? term) : term));
  if (respelled.some((word, i) => word !== typed[i])) candidates.push({ searchQuery: respelled.join(" "), reason: "spelling" });
  if (typed.length > 1) {
    for (let i = 0; i < typed.length; i++) {
      candidates.push({ searchQuery: typed.filter((_, k) => k !== i).join(" "), reason: "fewer-words" });
    }
  } else if (filtersOf({ ...query, searchQuery: undefined }, undefined).length > 0) {
    // One word and some filters ("Berlin startups" read as startups searched for berlin): the filters alone.
    candidates.push({ searchQuery: "", reason: "fewer-words" });
  }
  let best: SearchSuggestion | undefined;
  for (const candidate of candidates) {
    const next = { ...query, searchQuery: candidate.searchQuery || undefined, page: 1 };
    const text = candidate.searchQuery ? await searchText(database, directory, candidate.searchQuery, viewer.open, true) : undefined;
    const matching = directory.all.slice();
    for (const filter of filtersOf(next, text)) intersectInto(matching, filter.admits);
    const totalRecords = countBits(matching);
    if (!totalRecords) continue;
    // A respelling that finds anything wins; otherwise the word left out that keeps the most listings.
    if (candidate.reason === "spelling") return { ...candidate, totalRecords };
    if (!best || totalRecords > best.totalRecords) best = { ...candidate, totalRecords };
  }
  return best;
}
