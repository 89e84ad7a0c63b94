import { SORT_LABELS, SORTS, effectiveSort, type DirectoryQuery, type Sort } from "../directory-filters.ts";

/**
 * The order of the results, a field of the directory's GET form: with JavaScript a change submits at once (the
 * form listens), without it the Search button sends it. The default order of the moment (best match when
 * searching, featured first otherwise) is the empty value, so plain links stay short.
 */
export function SortControl({ query }: { query: DirectoryQuery }) {
  const ranked = !!(query.searchQuery || query.rankBy);
  const fallback: Sort = ranked ? "relevance" : "featured";
  const current = effectiveSort(query);
  const choices = SORTS.filter((sort) => sort !== "relevance" || ranked);
  return (
    <label className="ml-auto flex items-center gap-2 text-sm text-fg-muted">
      Sort by
      <select
        name="sort"
        defaultValue={current === fallback ? "" : current}
        key={current}
        className="h-9 rounded-lg border border-border bg-surface px-2 text-fg"
      >
        {choices.map((sort) => (
          <option key={sort} value={sort === fallback ? "" : sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </select>
    </label>
  );
}
