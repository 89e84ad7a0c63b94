import type { FieldRules } from "../../access/redact-listing.ts";
import type { AccessLevel } from "../../access/tiers.ts";
import { emptyBitset, setBit, uniteInto, type Bitset } from "./bitset.ts";
import type { CityColumn } from "./city-column.ts";
import type { DefaultOrder } from "./default-order.ts";
import { CountsCache } from "./facet-counts.ts";
import type { IndexColumns } from "./index-builder.ts";
import type { SearchIndex } from "./search-index.ts";
import type { ValueOrder } from "./value-order.ts";
import {
  patchViewerOptions,
  viewerOptions,
  viewerOptionsKey,
  type Dimension,
  type FieldLevel,
  type GatedFieldDimension,
  type OptionSets,
  type TeaserDimension,
  type ViewerOptions,
  type VisibilityFacts,
} from "../viewer-options.ts";

/**
 * The directory's index: every published listing's filterable attributes as one bitset per option, by slot: a listing's
 * number for the life of the index, at a build its place in the default order (featured first, then name, then id),
 * which is then kept as a permutation (default-order.ts, decision 0095). Filtering, the total, every facet count and the
 * page's ids come from bitset arithmetic (facet-counts.ts); the database then reads only the 25-100 cards of the page
 * by primary key. Scanning and grouping 100,000 rows in SQL for every query took 200-900 ms
 * (bench/results/directory-diagnosis-2026-11-22.md); this takes a few milliseconds.
 *
 * It holds no row objects: ids and sort values are typed arrays by position (decision 0059), and the card text only
 * as the search index made of it (decision 0101), so that a million listings fit a server process. It is made by
 * IndexBuilder (index-builder.ts) from pages of rows; after listings change, the changed ones are applied in place
 * (apply-changes.ts) and a new version of the index (`next`) is served, so that nothing cached from before is.
 *
 * It also keeps what each listing shows to whom (its visibility, the first values a locked teaser shows, the level of
 * each filterable gated field), so that every viewer filters and counts only on what they may see (viewer-options.ts,
 * DESIGN D14).
 */
export type { Dimension } from "../viewer-options.ts";

/** The values a page can be sorted by, highest first. */
export type SortValue = "created_ms" | "latest_round_ms" | "total_raised" | "founded_year";
/** The values the range filters compare (investor-filters.ts): dates in milliseconds, the founded year. */
export type RangeValue = "latest_round_ms" | "last_investment_ms" | "founded_year";
/**
 * Bytes of range sets kept per index version: a day's cutoffs and the founded ranges people pick repeat. Bounded in
 * bytes, not entries: 200 sets were 27 MB at a million listings, a tenth of a process's memory peak (issue 33).
 */
const CACHED_RANGE_BYTES = 8 * 2 ** 20;

/** A viewer's option sets and the counts already made with them. */
export interface ViewerIndex extends ViewerOptions {
  counts: CountsCache;
}

interface ViewerEntry {
  view: ViewerIndex;
  tier: AccessLevel;
  rules: FieldRules;
}

export class DirectoryIndex implements VisibilityFacts {
  private readonly columns: IndexColumns;
  private readonly rangeSets = new Map<string, Bitset>();
  private readonly viewers = new Map<string, ViewerEntry>();

  private static made = 0;
  /**
   * Which version of the index of this process this is: a new build or an applied batch of changes makes a new one,
   * and nothing cached from one (a page, counts, a viewer's sets, search results keyed by the index) is served from
   * another.
   */
  readonly generation = ++DirectoryIndex.made;

  /** Made by IndexBuilder.finish() or from a snapshot; later versions, sharing the columns, by `next`. */
  constructor(columns: IndexColumns) {
    this.columns = columns;
  }

  get all(): Bitset {
    return this.columns.all;
  }
  get options(): OptionSets {
    return this.columns.options;
  }
  get teaserOptions(): Record<TeaserDimension, Map<string, Bitset>> {
    return this.columns.teaserOptions;
  }
  get listingsAt(): Record<AccessLevel, Bitset> {
    return this.columns.listingsAt;
  }
  get fieldLevels(): Record<GatedFieldDimension, Record<FieldLevel, Bitset>> {
    return this.columns.fieldLevels;
  }
  /** Headquarters cities by slot (city-column.ts). */
  get cities(): CityColumn {
    return this.columns.cities;
  }
  /** The default order over the live slots (default-order.ts). */
  get order(): DefaultOrder {
    return this.columns.order;
  }
  /** What changes update in place (apply-changes.ts). */
  get parts(): IndexColumns {
    return this.columns;
  }

  /** Listings in the index. */
  get size(): number {
    return this.columns.ids.size;
  }

  /** The length of every bitset of the index, in bits: the live slots and the free ones (decision 0095). */
  get capacity(): number {
    return this.columns.capacity;
  }

  /** The listing id at a slot. */
  idAt(position: number): string {
    return this.columns.ids.idAt(position);
  }

  /** The slot of a listing, or undefined when the index does not hold it. */
  slotOf(id: string): number | undefined {
    return this.columns.ids.positionOf(id);
  }

  /** Whether the index holds a listing (it was published when the index last read it). */
  has(id: string): boolean {
    return this.columns.ids.has(id);
  }

  /** What a viewer of this tier filters, counts and searches on (viewer-options.ts), made once per tier and rules. */
  forViewer(tier: AccessLevel, rules: FieldRules): ViewerIndex {
    const key = viewerOptionsKey(tier, rules);
    let entry = this.viewers.get(key);
    if (!entry) {
      entry = { view: { ...viewerOptions(this, tier, rules), counts: new CountsCache() }, tier, rules };
      this.viewers.set(key, entry);
    }
    return entry.view;
  }

  /**
   * The next version after changes to the slots of the `changed` words were applied to the shared columns: viewers'
   * option sets are brought up to date in those words (a batch touching many words lets them go, to be made again),
   * and counts, range sets and search results start afresh.
   */
  next(changedWords: ArrayLike<number>): DirectoryIndex {
    const next = new DirectoryIndex(this.columns);
    const patchable = changedWords.length * 8 < this.columns.all.length;
    for (const [key, entry] of this.viewers) {
      if (!patchable || !patchViewerOptions(this, entry.view, entry.tier, entry.rules, changedWords)) continue;
      next.viewers.set(key, { ...entry, view: { ...entry.view, counts: new CountsCache() } });
    }
    return next;
  }

  /**
   * The ranked search over names, taglines and industries. Every version of the index shares it: changes update it per
   * listing (text-indexes.server.ts applyTextChanges, decision 0096).
   */
  get search(): SearchIndex {
    return this.columns.search;
  }

  /** Slots by a value, highest first (ties in the default order). */
  orderBy(value: SortValue): ValueOrder {
    return this.columns.valueOrders[value];
  }

  /**
   * Listings whose value lies in [low, high] (unknown values never do), by one pass over the column: 0.1 ms a 100,000
   * listings. Kept per bounds, as the windows' cutoffs change once a day.
   */
  within(value: RangeValue, low: number, high: number): Bitset {
    const key = `${value}:${low}:${high}`;
    let set = this.rangeSets.get(key);
    if (set) return set;
    set = emptyBitset(this.capacity);
    const column = this.columns.values[value];
    for (let position = 0; position < column.length; position++) {
      const v = column[position]!;
      if (v >= low && v <= high) setBit(set, position);
    }
    if ((this.rangeSets.size + 1) * set.byteLength > CACHED_RANGE_BYTES && this.rangeSets.size)
      this.rangeSets.delete(this.rangeSets.keys().next().value!);
    this.rangeSets.set(key, set);
    return set;
  }

  /** A bitset of the given listing ids; ids not in the index (unpublished since the build) are ignored. */
  bitsetOf(ids: Iterable<string>): Bitset {
    const out = emptyBitset(this.capacity);
    for (const id of ids) {
      const position = this.columns.ids.positionOf(id);
      if (position !== undefined) setBit(out, position);
    }
    return out;
  }
}

/**
 * Listings having any of the keys (the OR within one filter), among a viewer's option sets. One key's answer is its
 * option set itself, not a copy (most filters choose one value, and each copy was 125 kB to collect at 1,000,000
 * listings): the caller only reads it.
 */
export function anyOf(index: DirectoryIndex, options: OptionSets, dimension: Dimension, keys: string[]): Bitset {
  const only = keys.length === 1 ? options[dimension].get(keys[0]!) : undefined;
  if (only) return only;
  const out = emptyBitset(index.capacity);
  for (const key of keys) {
    const set = options[dimension].get(key);
    if (set) uniteInto(out, set);
  }
  return out;
}
