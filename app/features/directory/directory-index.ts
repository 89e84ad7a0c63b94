import type { FieldRules } from "../access/redact-listing.ts";
import type { AccessLevel } from "../access/tiers.ts";
import { emptyBitset, fullBitset, setBit, uniteInto, type Bitset } from "./bitset.ts";
import { CountsCache } from "./facet-counts.ts";
import type { IndexColumns } from "./index-builder.ts";
import type { ListingIds } from "./listing-ids.ts";
import { Pacer } from "./give-way.ts";
import { SearchIndexBuilder, type SearchIndex } from "./search-index.ts";
import type { ValueOrder } from "./value-order.ts";
import {
  viewerOptions,
  viewerOptionsKey,
  type Dimension,
  type FieldLevel,
  type GatedFieldDimension,
  type OptionSets,
  type TeaserDimension,
  type ViewerOptions,
  type VisibilityFacts,
} from "./viewer-options.ts";

/**
 * The directory's index: every published listing's filterable attributes as one bitset per option, positions in the
 * directory's default order (featured first, then name, then id). Filtering, the total, every facet count and the
 * page's ids come from bitset arithmetic (facet-counts.ts); the database then reads only the 25-100 cards of the page
 * by primary key. Scanning and grouping 100,000 rows in SQL for every query took 200-900 ms
 * (bench/results/directory-diagnosis-2026-11-22.md); this takes a few milliseconds.
 *
 * It holds no row objects: ids, sort values and the card text the search index is made of are typed arrays and
 * strings by position (decision 0059), so that a million listings fit a server process. It is made by
 * IndexBuilder (index-builder.ts) from pages of rows, and replaced by a new one after listings change
 * (directory-index.server.ts).
 *
 * It also keeps what each listing shows to whom (its visibility, the first values a locked teaser shows, the level of
 * each filterable gated field), so that every viewer filters and counts only on what they may see (viewer-options.ts,
 * DESIGN D14).
 */
export type { Dimension } from "./viewer-options.ts";

/** The values a page can be sorted by, highest first. */
export type SortValue = "created_ms" | "latest_round_ms" | "total_raised" | "founded_year";
/** The values the range filters compare (investor-filters.ts): dates in milliseconds, the founded year. */
export type RangeValue = "latest_round_ms" | "last_investment_ms" | "founded_year";
/** Range sets kept per index: a day's cutoffs and the founded ranges people pick repeat. */
const CACHED_RANGES = 200;

/** A viewer's option sets and the counts already made with them. */
export interface ViewerIndex extends ViewerOptions {
  counts: CountsCache;
}

export class DirectoryIndex implements VisibilityFacts {
  readonly all: Bitset;
  readonly options: OptionSets;
  readonly teaserOptions: Record<TeaserDimension, Map<string, Bitset>>;
  readonly listingsAt: Record<AccessLevel, Bitset>;
  readonly fieldLevels: Record<GatedFieldDimension, Record<FieldLevel, Bitset>>;
  private readonly ids: ListingIds;
  private readonly valueOrders: Record<SortValue, ValueOrder>;
  private readonly rangeValues: Record<RangeValue, Float64Array>;
  private readonly rangeSets = new Map<string, Bitset>();
  /** Headquarters cities by position (city-column.ts). */
  readonly cities: IndexColumns["cities"];
  /** What the search index is made of; let go once it is made. */
  private cardText?: IndexColumns["cardText"];
  private readonly industryName: (id: number) => string | undefined;
  private readonly viewers = new Map<string, ViewerIndex>();
  private searchBuild?: Promise<SearchIndex>;

  private static made = 0;
  /** Which build of this process this is: a cached page computed from one index is never served from another. */
  readonly generation = ++DirectoryIndex.made;

  /** Made by IndexBuilder.finish(). */
  constructor(columns: IndexColumns, industryName: (id: number) => string | undefined = () => undefined) {
    this.ids = columns.ids;
    this.all = fullBitset(columns.ids.size);
    this.options = columns.options;
    this.teaserOptions = columns.teaserOptions;
    this.listingsAt = columns.listingsAt;
    this.fieldLevels = columns.fieldLevels;
    this.valueOrders = columns.valueOrders;
    this.rangeValues = columns.rangeValues;
    this.cities = columns.cities;
    this.cardText = columns.cardText;
    this.industryName = industryName;
  }

  get size(): number {
    return this.ids.size;
  }

  /** The listing id at a position. */
  idAt(position: number): string {
    return this.ids.idAt(position);
  }

  /** The slot of a listing (its position), or undefined when the index does not hold it. */
  slotOf(id: string): number | undefined {
    return this.ids.positionOf(id);
  }

  /** Whether the index holds a listing (it was published when the index read the listings). */
  has(id: string): boolean {
    return this.ids.has(id);
  }

  /** What a viewer of this tier filters, counts and searches on (viewer-options.ts), made once per tier and rules. */
  forViewer(tier: AccessLevel, rules: FieldRules): ViewerIndex {
    const key = viewerOptionsKey(tier, rules);
    let view = this.viewers.get(key);
    if (!view) this.viewers.set(key, (view = { ...viewerOptions(this, tier, rules), counts: new CountsCache() }));
    return view;
  }

  /**
   * The ranked search over names, taglines and industries, made on the first call from the card text kept for it
   * (which is then let go), giving the event loop back every few milliseconds; a process rebuilding its index makes it
   * before it serves the new one (directory-index.server.ts).
   */
  searchIndex(): Promise<SearchIndex> {
    this.searchBuild ??= this.makeSearchIndex();
    return this.searchBuild;
  }

  private async makeSearchIndex(): Promise<SearchIndex> {
    const text = this.cardText;
    if (!text) throw new Error("the card text was let go before the search index was made");
    const builder = new SearchIndexBuilder(this.size);
    const pacer = new Pacer();
    for (let position = 0; position < this.size; position++) {
      const industries = Array.from(text.industries(position), (id) => this.industryName(id) ?? "").filter(Boolean);
      builder.add(position, text.names[position]!, text.taglines[position] ?? null, industries);
      if (pacer.due()) await pacer.giveWay();
    }
    this.cardText = undefined;
    return builder.finish();
  }

  /** Positions by a value, highest first (ties in the default order), made with the index. */
  orderBy(value: SortValue): ValueOrder {
    return this.valueOrders[value];
  }

  /**
   * Listings whose value lies in [low, high] (unknown values never do), by one pass over the column: 0.1 ms a 100,000
   * listings. Kept per bounds, as the windows' cutoffs change once a day.
   */
  within(value: RangeValue, low: number, high: number): Bitset {
    const key = `${value}:${low}:${high}`;
    let set = this.rangeSets.get(key);
    if (set) return set;
    set = emptyBitset(this.size);
    const column = this.rangeValues[value];
    for (let position = 0; position < column.length; position++) {
      const v = column[position]!;
      if (v >= low && v <= high) setBit(set, position);
    }
    if (this.rangeSets.size >= CACHED_RANGES) this.rangeSets.delete(this.rangeSets.keys().next().value!);
    this.rangeSets.set(key, set);
    return set;
  }

  /** A bitset of the given listing ids; ids not in the index (unpublished since the build) are ignored. */
  bitsetOf(ids: Iterable<string>): Bitset {
    const out = emptyBitset(this.size);
    for (const id of ids) {
      const position = this.ids.positionOf(id);
      if (position !== undefined) setBit(out, position);
    }
    return out;
  }
}

/** Listings having any of the keys (the OR within one filter), among a viewer's option sets. */
export function anyOf(index: DirectoryIndex, options: OptionSets, dimension: Dimension, keys: string[]): Bitset {
  const out = emptyBitset(index.size);
  for (const key of keys) {
    const set = options[dimension].get(key);
    if (set) uniteInto(out, set);
  }
  return out;
}
