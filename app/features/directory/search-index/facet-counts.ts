/**
 * The total and every facet count of a directory query, from the index's bitsets (DESIGN D14: over the viewer's
 * option sets, so no count includes a value the viewer may not see).
 *
 * An option's count is what the total would become were it the dimension's only selection: every other active filter
 * applies, the dimension's own does not. So the counts of a dimension depend only on the filters of the *other*
 * dimensions, and those repeat across queries far more than whole queries do: every page and every sort of a query,
 * every query with one filter (the counts of its own dimension are those of no filter at all), every query that adds
 * a second filter to a common first one. Counts are kept per such set of filters (`CountsCache`), for as long as the
 * index and viewer they were counted for.
 *
 * A count that must be made is a popcount of the base set AND the option's set. At 1,000,000 listings a full pass is
 * 31,250 words per option, made by the processor's popcount (popcount-kernel.ts); a base whose words are nearly all
 * zero is counted over its non-zero words only.
 */
import { countBits, countEachIntersection, intersectInto, popcount, type Bitset } from "./bitset.ts";
import type { Dimension, OptionSets } from "../viewer-options.ts";

/** Range filters (last round, last investment, founded year): active filters with no facet of their own. */
export type RangeDimension = "lastRound" | "lastInvestment" | "founded";
/** Dimensions with facet counts: the option sets', and the headquarters city's column (city-column.ts). */
export type FacetDimension = Dimension | "cities";

/** One active filter: its dimension (or the search text or a range, which have no facet), what it selected, the listings it admits. */
export interface ActiveFilter {
  dimension: FacetDimension | RangeDimension | "search";
  /** The selection in a stable form ("3,17" for two ids, the normalised text for a search): equal keys admit the same. */
  key: string;
  /** Only ever read: it may be one of the index's own sets (directory-index.ts anyOf). */
  admits: Bitset;
}

export interface Counts {
  total: number;
  /** Per dimension, option key → listings matching it with every other active filter applied. */
  facets: Record<FacetDimension, Map<string, number>>;
  /** Listings matching every filter. */
  matching: Bitset;
}

/** Counts per set of filters; the oldest are dropped past the bound (each entry a few hundred numbers). */
const CACHED_FILTER_SETS = 4_000;

/** Told of each lookup, hit or not: the server's metrics set it (directory-index.server.ts, decision 0104). */
export const countsCacheEvents = { lookup: (_hit: boolean): void => {} };

export class CountsCache {
  private readonly entries = new Map<string, Partial<Record<FacetDimension, Map<string, number>>>>();

  get(filters: string, dimension: FacetDimension): Map<string, number> | undefined {
    const counts = this.entries.get(filters)?.[dimension];
    countsCacheEvents.lookup(counts !== undefined);
    return counts;
  }

  set(filters: string, dimension: FacetDimension, counts: Map<string, number>): void {
    let entry = this.entries.get(filters);
    if (!entry) {
      this.entries.set(filters, (entry = {}));
      if (this.entries.size > CACHED_FILTER_SETS) this.entries.delete(this.entries.keys().next().value!);
    }
    entry[dimension] = counts;
  }
}

/** A stable key of the filters other than `dimension`'s own: those its counts depend on. */
function keyWithout(filters: ActiveFilter[], dimension: FacetDimension): string {
  return filters
    .filter((filter) => filter.dimension !== dimension)
    .map((filter) => `${filter.dimension}=${filter.key}`)
    .sort()
    .join("\u0001");
}

function intersectAll(all: Bitset, filters: ActiveFilter[], skip?: FacetDimension, out: Bitset = new Uint32Array(all.length)): Bitset {
  out.set(all);
  for (const filter of filters) if (filter.dimension !== skip) intersectInto(out, filter.admits);
  return out;
}

/**
 * Where the base of a dimension with a filter of its own is made: it lives only while that dimension is counted (all
 * synchronous), so one set per process serves every query instead of 125 kB made and dropped per dimension at
 * 1,000,000 listings, which under load was garbage collection and peak memory.
 */
let scratch = new Uint32Array(0);
function scratchFor(words: number): Bitset {
  if (scratch.length !== words) scratch = new Uint32Array(words);
  return scratch;
}

/**
 * The indexes of a set's non-zero words when they are few enough to be worth listing (a sparse set), else null. At one
 * word in 64 or fewer, visiting them beats the kernel's full pass over every option (mean 5.0 against 5.1-5.5 ms over
 * the bench's 1,000 queries at 1,000,000 listings, and far less for a search that matched a few dozen).
 */
function sparseWords(set: Bitset): Uint32Array | null {
  let nonZero = 0;
  for (let i = 0; i < set.length; i++) if (set[i]) nonZero++;
  if (nonZero * 64 > set.length) return null;
  const words = new Uint32Array(nonZero);
  let at = 0;
  for (let i = 0; i < set.length; i++) if (set[i]) words[at++] = i;
  return words;
}

/** Each option's listings within `base`, zero counts left out. */
export function countOptions(base: Bitset, options: Map<string, Bitset>): Map<string, number> {
  const counts = new Map<string, number>();
  const words = options.size > 1 ? sparseWords(base) : null;
  if (words) {
    for (const [key, set] of options) {
      let n = 0;
      for (let i = 0; i < words.length; i++) n += popcount(base[words[i]!]! & set[words[i]!]!);
      if (n) counts.set(key, n);
    }
    return counts;
  }
  const keys = [...options.keys()];
  countEachIntersection(base, [...options.values()]).forEach((n, i) => {
    if (n) counts.set(keys[i]!, n);
  });
  return counts;
}

/**
 * The total and every facet count of `filters` over a viewer's option sets (`options`, with `all` the directory's
 * listings) and its city counts (`countCities`, over the listings that show the viewer their city), reusing and
 * filling `cache`, which must belong to the same index and viewer.
 */
export function countFacets(
  all: Bitset,
  options: OptionSets,
  filters: ActiveFilter[],
  cache: CountsCache,
  countCities: (base: Bitset) => Map<string, number> = () => new Map(),
): Counts {
  const matching = intersectAll(all, filters);
  const facets = {} as Counts["facets"];
  const count = (dimension: FacetDimension, within: (base: Bitset) => Map<string, number>) => {
    const own = filters.some((filter) => filter.dimension === dimension);
    const key = keyWithout(filters, dimension);
    let counts = cache.get(key, dimension);
    if (!counts) {
      counts = within(own ? intersectAll(all, filters, dimension, scratchFor(all.length)) : matching);
      cache.set(key, dimension, counts);
    }
    facets[dimension] = counts;
  };
  for (const dimension of Object.keys(options) as Dimension[]) count(dimension, (base) => countOptions(base, options[dimension]));
  count("cities", countCities);
  return { total: countBits(matching), facets, matching };
}
