/**
 * The directory's reading of a search as a person means it (decision 0083), for the page and the JSON API alike:
 * query-interpretation.ts decides, with the reference lists the database holds and the listings' names from the
 * directory index (a search that is a listing's name is left alone). `interpret=false` in the address opts out.
 */
import type { Database } from "~/lib/db.server.ts";
import type { ReferenceData } from "../catalog/reference-data.server.ts";
import { countBits } from "./bitset.ts";
import type { DirectoryQuery } from "./directory-filters.ts";
import { getDirectoryIndex } from "./directory-index.server.ts";
import { interpretQuery, meaningsOf, type QueryInterpretation } from "./query-interpretation.ts";
import { normalizeText } from "./search-text.ts";

/** The parameter that asks for the search's words as typed: `interpret=false`. */
const INTERPRET_PARAM = "interpret";
/** On the page's own links: the search as typed, already read into the filters of the address. */
export const INTERPRETED_PARAM = "interpreted";

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
 * Whether `phrase` means a listing by name: some listing is named exactly that or, for several words, starts with
 * them ("Berlin Robot" for "Berlin Robotics"). One word that only starts a name ("AI" of "Aiden Labs") does not count.
 * Names are on every card, teasers included, so this reveals nothing a viewer could not see.
 */
async function nameCheck(database: Database, fresh: boolean): Promise<(phrase: string) => boolean> {
  const search = await (await getDirectoryIndex(database, { fresh })).searchIndex();
  return (phrase) => {
    const classes = search.rank(phrase);
    return countBits(classes.exactName) > 0 || (normalizeText(phrase).includes(" ") && countBits(classes.namePrefix) > 0);
  };
}

export async function interpretDirectoryQuery(
  database: Database,
  query: DirectoryQuery,
  reference: ReferenceData,
  { fresh = true }: { fresh?: boolean } = {},
): Promise<{ query: DirectoryQuery; interpretation: QueryInterpretation | null }> {
  if (!query.searchQuery) return { query, interpretation: null };
  let table = meanings.get(reference);
  if (!table) meanings.set(reference, (table = meaningsOf(reference)));
  return interpretQuery(query, reference, await nameCheck(database, fresh), table);
}
