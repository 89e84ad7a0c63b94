/**
 * The directory's reading of a search as a person means it (decision 0083), for the page and the JSON API alike:
 * query-interpretation.ts decides, with the reference lists the database holds and the listings' names from the
 * directory index (a search that is a listing's name is left alone). `interpret=false` in the address opts out.
 */
import type { Database } from "~/lib/db.server.ts";
import { getFieldRules } from "../../access/field-rules.server.ts";
import type { Viewer } from "../../access/redact-listing.ts";
import type { ReferenceData } from "../../catalog/reference-data.server.ts";
import { countBits } from "../search-index/bitset.ts";
import type { DirectoryQuery } from "../directory-filters.ts";
import type { DirectoryIndex, ViewerIndex } from "../search-index/directory-index.ts";
import { getDirectoryIndex } from "../search-index/directory-index.server.ts";
import type { DirectoryResult } from "../directory-result.ts";
import { searchListings } from "./search-listings.server.ts";
import { interpretQuery, meaningsOf, withCities, type PhraseMeanings, type QueryInterpretation } from "../query-interpretation.ts";
import { normalizeText } from "../search-index/search-text.ts";

/** The parameter that asks for the search's words as typed: `interpret=false`. */
const INTERPRET_PARAM = "interpret";
/** On the page's own links: the search as typed, already read into the filters of the address. */
export const INTERPRETED_PARAM = "interpreted";
/** Beside it: words of that search let go because nothing matched them all (relaxUntilFound). */
export const UNMATCHED_PARAM = "unmatched";

/** Whether the address asks for the words as typed. */
export function literalSearch(params: URLSearchParams): boolean {
  return ["false", "0", "off", "no"].includes((params.get(INTERPRET_PARAM) ?? "").trim().toLowerCase());
}

/**
 * The phrase table of each reference-data object, derived from it and nothing else. Only a cache: getReferenceData's
 * copy is dropped when PostgreSQL's change feed says the lists changed on any server (decision 0049), the next call
 * gets a new object and a new table, and the old pair is garbage collected.
 */
const meanings = new WeakMap<ReferenceData, ReturnType<typeof meaningsOf>>();
/**
 * The cities each viewer's view of an index shows, as phrases. Only a cache derived from the index and the reference
 * lists: both are replaced when PostgreSQL's change feed says listings, lists or field rules changed on any server
 * (decisions 0049, 0058), and the entries go with the objects they are keyed by.
 */
const cityMeanings = new WeakMap<ViewerIndex, WeakMap<ReferenceData, PhraseMeanings>>();

/** The cities of the listings that show this viewer their headquarters city (decision 0088). */
function visibleCities(index: DirectoryIndex, view: ViewerIndex): string[] {
  return [...index.cities.count(view.fieldVisible.cities).keys()].map((code) => index.cities.nameOf(Number(code))!);
}

/**
 * The phrase table a viewer's search is read with: the reference lists' and the synonyms', and the headquarters cities
 * this viewer may see (a city only hidden ones have is no filter for them: its chip would say a hidden listing is there).
 */
export async function viewerMeanings(
  database: Database,
  reference: ReferenceData,
  viewer: Viewer,
  index?: DirectoryIndex,
): Promise<PhraseMeanings> {
  let table = meanings.get(reference);
  if (!table) meanings.set(reference, (table = meaningsOf(reference)));
  const [directory, rules] = await Promise.all([index ?? getDirectoryIndex(database), getFieldRules(database)]);
  const view = directory.forViewer(viewer.tier, rules);
  let byReference = cityMeanings.get(view);
  if (!byReference) cityMeanings.set(view, (byReference = new WeakMap()));
  let out = byReference.get(reference);
  if (!out) byReference.set(reference, (out = withCities(table, visibleCities(directory, view))));
  return out;
}

/**
 * Whether `phrase` means a listing by name: some listing is named exactly that or, for several words, starts with
 * them ("Berlin Robot" for "Berlin Robotics"). One word that only starts a name ("AI" of "Aiden Labs") does not count.
 * Names are on every card, teasers included, so this reveals nothing a viewer could not see.
 */
async function nameCheck(index: DirectoryIndex): Promise<(phrase: string) => boolean> {
  const search = index.search;
  return (phrase) => {
    const classes = search.rank(phrase);
    return countBits(classes.exactName) > 0 || (normalizeText(phrase).includes(" ") && countBits(classes.namePrefix) > 0);
  };
}

export async function interpretDirectoryQuery(
  database: Database,
  query: DirectoryQuery,
  reference: ReferenceData,
  viewer: Viewer,
  { fresh = true }: { fresh?: boolean } = {},
): Promise<{ query: DirectoryQuery; interpretation: QueryInterpretation | null }> {
  if (!query.searchQuery) return { query, interpretation: null };
  const index = await getDirectoryIndex(database, { fresh });
  const [names, table] = await Promise.all([nameCheck(index), viewerMeanings(database, reference, viewer, index)]);
  const read = interpretQuery(query, reference, names, table);
  if (!read.interpretation) return read;
  return relaxUntilFound(read.query, read.interpretation, (next) => searchListings(database, next, viewer, database, index));
}

/**
 * When the filters a search's words became, with the text left over, find nothing, the words are let go one step at a
 * time until something is found (decision 0088), as Algolia's removeWordsIfNoResults does: first the text left over,
 * which then only orders the results; then each filter read from the words, the last word first (the listing type
 * stays). `unmatched` says which words were let go, so the page and the API can say so. When nothing is found even
 * then, the reading stands, and the page offers its suggestion.
 */
async function relaxUntilFound(
  query: DirectoryQuery,
  interpretation: QueryInterpretation,
  search: (query: DirectoryQuery) => Promise<DirectoryResult>,
): Promise<{ query: DirectoryQuery; interpretation: QueryInterpretation }> {
  const finds = async (next: DirectoryQuery) => (await search({ ...next, page: 1 })).pagination.totalRecords > 0;
  if (await finds(query)) return { query, interpretation };
  const unmatched: string[] = [];
  let next = query;
  if (next.searchQuery) {
    unmatched.push(next.searchQuery);
    next = { ...next, searchQuery: undefined, rankBy: interpretation.original };
    if (await finds(next)) return { query: next, interpretation: { ...interpretation, remainingText: "", unmatched } };
  }
  let terms = interpretation.terms;
  for (const term of [...interpretation.terms].reverse()) {
    if (term.filter === "type") continue;
    const gone = new Set(term.values.map((v) => v.toLowerCase()));
    next = { ...next, [term.filter]: next[term.filter].filter((v) => !gone.has(v.toLowerCase())) };
    terms = terms.filter((t) => t !== term);
    unmatched.unshift(term.words);
    if (await finds(next)) return { query: next, interpretation: { ...interpretation, terms, remainingText: "", unmatched } };
  }
  return { query, interpretation };
}
