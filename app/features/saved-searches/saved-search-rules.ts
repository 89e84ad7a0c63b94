/**
 * The rules of saved searches (decision 0062), pure: which directory state a search keeps and in what one spelling,
 * what a name may be, who may keep how many.
 */
import { z } from "zod";
import { ACCESS_LEVELS, type AccessLevel } from "../access/tiers.ts";
import {
  DEFAULT_PAGE_SIZE,
  directoryQueryToParams,
  effectiveSort,
  LIST_FILTERS,
  parseDirectoryQuery,
  type DirectoryQuery,
} from "../directory/directory-filters.ts";

import { ALERT_FREQUENCIES, MAX_NAME_LENGTH } from "./saved-search-choices.ts";

export { ALERT_FREQUENCIES };

/**
 * Saved searches a member may keep, by tier. As Crunchbase and Dealroom do, saving searches and alerts is for paying
 * members; the free tier is offered the upgrade instead. A member whose tier drops keeps the rows (to read, rename,
 * delete) but gets no alerts and cannot add more.
 */
export const SAVED_SEARCH_LIMITS: Record<AccessLevel, number> = { public: 0, subscriber: 10, premium: 50 };

/** The tiers whose plans come with saved searches and their alerts. */
export const SAVED_SEARCH_TIERS = ACCESS_LEVELS.filter((tier) => SAVED_SEARCH_LIMITS[tier] > 0);

/** Longest canonical query kept: well above any state a person builds, and a bounded key for the unique index. */
export const MAX_QUERY_LENGTH = 2000;

// Control characters (NUL, line breaks, escapes) have no place in a name that is shown in pages and e-mail subjects.
const CONTROL = /[\u0000-\u001f\u007f]/;

export const savedSearchName = z
  .string({ error: "Give the search a name." })
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .min(1, "Give the search a name.")
      .max(MAX_NAME_LENGTH, `A name can be at most ${MAX_NAME_LENGTH} characters.`)
      .refine((value) => !CONTROL.test(value), "A name cannot contain control characters (NUL, line breaks, tabs)."),
  );

export const alertFrequency = z.enum(ALERT_FREQUENCIES, { error: "Choose no e-mail, daily or weekly." });

export type CanonicalQuery = { ok: true; query: DirectoryQuery; canonical: string } | { ok: false; error: string };

/**
 * The one spelling of a directory state: paging left out (a saved search is the state, not a page of it), the sort
 * left out when it is the default for the query, search text in lower case with single spaces (the search ignores
 * case and spacing), list values de-duplicated and sorted, parameters sorted. Two URLs that show the same listings in
 * the same order give the same string.
 */
export function canonicalQuery(input: string | URLSearchParams): CanonicalQuery {
  const params = typeof input === "string" ? new URLSearchParams(input.startsWith("?") ? input.slice(1) : input) : input;
  const parsed = parseDirectoryQuery(params);
  if (!parsed.ok) return parsed;
  const search = parsed.query.searchQuery?.replace(/\s+/g, " ").toLowerCase();
  const query: DirectoryQuery = {
    ...parsed.query,
    searchQuery: search || undefined,
    featuredOnly: parsed.query.featuredOnly || undefined,
    page: 1,
    pageSize: DEFAULT_PAGE_SIZE,
  };
  for (const filter of LIST_FILTERS) {
    const seen = new Map<string, string>();
    for (const value of query[filter]) if (!seen.has(value.toLowerCase())) seen.set(value.toLowerCase(), value);
    query[filter] = [...seen.values()].sort((a, b) => a.localeCompare(b, "en"));
  }
  const defaultSort = effectiveSort({ searchQuery: query.searchQuery });
  if (query.sort === undefined || effectiveSort(query) === defaultSort) delete query.sort;
  const out = directoryQueryToParams(query);
  out.sort();
  const canonical = out.toString();
  if (canonical.length > MAX_QUERY_LENGTH)
    return { ok: false, error: `This search is too long to save (at most ${MAX_QUERY_LENGTH} characters).` };
  return { ok: true, query, canonical };
}

/** A name for a state, offered in the save form: the search text and the first filter values. */
export function suggestedName(query: DirectoryQuery): string {
  const parts: string[] = [];
  if (query.searchQuery) parts.push(`"${query.searchQuery}"`);
  if (query.entityType) parts.push(`${query.entityType[0]!.toUpperCase()}${query.entityType.slice(1)}s`);
  for (const filter of LIST_FILTERS) parts.push(...query[filter].slice(0, 2));
  const name = parts.join(", ") || "All listings";
  return name.length > MAX_NAME_LENGTH ? `${name.slice(0, MAX_NAME_LENGTH - 1)}…` : name;
}
