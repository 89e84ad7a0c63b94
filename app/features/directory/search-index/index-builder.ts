/**
 * Makes the directory index (directory-index.ts) from pages of rows read in the directory order, without keeping the
 * rows: each page is turned into bits and typed columns and let go (decision 0059). A row's slot is its place in that
 * order; changes later mark rows the same way (markRow, apply-changes.ts, decision 0095). Holding all rows as objects cost
 * 900 MB of heap at 1,000,000 listings (issue 17); the columns of the same listings take a tenth of it.
 */
import { ACCESS_LEVELS, type AccessLevel } from "../../access/tiers.ts";
import type { ListingType } from "../../catalog/listing-types.ts";
import { fullBitset, setBit, type Bitset } from "./bitset.ts";
import { CityColumn } from "./city-column.ts";
import { DefaultOrder } from "./default-order.ts";
import { DirectoryIndex, type RangeValue, type SortValue } from "./directory-index.ts";
import { giveWay, Pacer } from "./give-way.ts";
import { ListingIds } from "./listing-ids.ts";
import { SearchIndexBuilder, type SearchIndex } from "./search-index.ts";
import { ARRAY_COLUMNS, markRow, SCALAR_COLUMNS, setMaps, type RowSink } from "./mark-row.ts";
import { valueOrder, type ValueOrder } from "./value-order.ts";
import {
  GATED_FIELD_DIMENSIONS,
  type Dimension,
  type FieldLevel,
  type GatedFieldDimension,
  type OptionFilter,
  type OptionSets,
  type TeaserDimension,
  type VisibilityFacts,
} from "../viewer-options.ts";

const DIMENSIONS: Dimension[] = [
  "entityType",
  "featured",
  ...(Object.keys(ARRAY_COLUMNS) as OptionFilter[]),
  ...(Object.keys(SCALAR_COLUMNS) as OptionFilter[]),
  "raised",
  "teamSize",
  "ticketSize",
];
const SORT_VALUES: SortValue[] = ["created_ms", "latest_round_ms", "total_raised", "founded_year"];
const TAGLINES_REMEMBERED = 100_000;

/** One published listing as the index reads it, in the default order. */
export interface IndexRow {
  id: string;
  type: ListingType;
  featured: boolean;
  industry_ids: number[] | null;
  geography_ids: number[] | null;
  country_ids: number[] | null;
  persona_ids: number[] | null;
  funding_stage_id: number | null;
  business_model_id: number | null;
  revenue_range_id: number | null;
  visibility: string;
  field_visibility: unknown;
  name: string;
  tagline: string | null;
  /** Milliseconds since 1970; null when unknown. */
  created_ms: number | null;
  latest_round_ms: number | null;
  total_raised: number | null;
  /** An investor's latest investment: the newest round it is linked to (directory-index.server.ts). */
  last_investment_ms: number | null;
  founded_year: number | null;
  /** As written ("11-50", "about 25"); read into a band by teamSizeBand. */
  team_size: string | null;
  /** As written ("$250K - $1M"); read into bands by ticketBands. */
  ticket_size: string | null;
  /** Headquarters city, as written. */
  hq_city: string | null;
}

/** The per-listing values kept by slot: the sort values and the range values (NaN: unknown). */
export type SlotValue = SortValue | RangeValue;
export const SLOT_VALUES: SlotValue[] = ["created_ms", "latest_round_ms", "total_raised", "founded_year", "last_investment_ms"];

/**
 * What the index is made of, by slot (decision 0095: at a build, slot = place in the default order): the sets the
 * gating reads (VisibilityFacts: options by dimension, an option key being a type name, "true", or a reference id as
 * text), the ids, the orders and the card text. Every set is `capacity` bits long; changes update all of it in place
 * (apply-changes.ts).
 */
export interface IndexColumns extends Omit<VisibilityFacts, "size"> {
  ids: ListingIds;
  /** The live slots. */
  all: Bitset;
  /** Listings by their own visibility level, and per gated field by that field's level, as maps to mark into. */
  levels: Map<string, Bitset>;
  fieldLevelSets: Record<GatedFieldDimension, Map<string, Bitset>>;
  /** The default order (featured, name, id) over the live slots. */
  order: DefaultOrder;
  /** The listings by each sort value, highest first, ties in the default order. */
  valueOrders: Record<SortValue, ValueOrder>;
  /** The sort and range values by slot (NaN: unknown). */
  values: Record<SlotValue, Float64Array>;
  /** Headquarters cities by slot. */
  cities: CityColumn;
  /**
   * The search over card text (names, taglines, industries): made from the card text at a build, which is then let go
   * (decision 0101); changes update it per listing (text-indexes.server.ts).
   */
  search: SearchIndex;
}

/** Room left for listings published after a build: a sixteenth, at least 1,024 (then a full rebuild). */
function headroomFor(size: number): number {
  return Math.max(1_024, Math.ceil(size / 16));
}

/** A typed array that doubles when full. */
class Growing<A extends Float64Array | Int32Array> {
  length = 0;
  constructor(private data: A) {}

  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = new (this.data.constructor as new (n: number) => A)(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }

  /** The values pushed, in an array of their own size. */
  done(): A {
    return this.data.slice(0, this.length) as A;
  }
}

export class IndexBuilder implements RowSink {
  private readonly ids = new ListingIds(1 << 12);
  /** Every set is this many bits long until finish() gives them the index's capacity. */
  private capacity = 1 << 12;
  private readonly sets: Bitset[] = [];
  readonly options = Object.fromEntries(DIMENSIONS.map((d) => [d, new Map<string, Bitset>()])) as OptionSets;
  readonly teaserOptions: Record<TeaserDimension, Map<string, Bitset>> = { industries: new Map(), geographies: new Map() };
  readonly levels = new Map<string, Bitset>();
  readonly fieldLevelSets = Object.fromEntries(Object.keys(GATED_FIELD_DIMENSIONS).map((d) => [d, new Map<string, Bitset>()])) as Record<
    GatedFieldDimension,
    Map<string, Bitset>
  >;
  private readonly values = Object.fromEntries(SLOT_VALUES.map((v) => [v, new Growing(new Float64Array(1 << 12))])) as Record<
    SlotValue,
    Growing<Float64Array>
  >;
  private readonly cities = CityColumn.builder();
  private readonly names: string[] = [];
  private readonly taglines: Array<string | null> = [];
  /** One string per distinct tagline seen lately: generated and imported directories repeat many. */
  private readonly taglineOnce = new Map<string, string>();
  private readonly industryStarts = new Growing(new Int32Array(1 << 12));
  private readonly industryIds = new Growing(new Int32Array(1 << 13));

  private readonly pacer = new Pacer();

  /** Adds a page of rows in the directory order; a listing already added (read twice while listings moved) is skipped. */
  async add(rows: readonly IndexRow[]): Promise<void> {
    for (const row of rows) {
      this.addRow(row);
      if (this.pacer.due()) await this.pacer.giveWay();
    }
  }

  private addRow(row: IndexRow): void {
    const position = this.ids.add(row.id);
    if (position < 0) return;
    if (position >= this.capacity) this.grow();
    markRow(row, position, this);
    for (const value of SLOT_VALUES) this.values[value].push(row[value] ?? NaN);
    this.cities.push(row.hq_city);
    this.names.push(row.name);
    this.taglines.push(row.tagline === null ? null : this.once(row.tagline));
    this.industryStarts.push(this.industryIds.length);
    for (const id of row.industry_ids ?? []) this.industryIds.push(id);
  }

  /** The one string kept for a tagline seen lately (forgotten by the TAGLINES_REMEMBERED, not to grow without end). */
  private once(tagline: string): string {
    const seen = this.taglineOnce.get(tagline);
    if (seen !== undefined) return seen;
    if (this.taglineOnce.size >= TAGLINES_REMEMBERED) this.taglineOnce.clear();
    this.taglineOnce.set(tagline, tagline);
    return tagline;
  }

  mark(sets: Map<string, Bitset>, key: string, position: number): void {
    let set = sets.get(key);
    if (!set) {
      sets.set(key, (set = new Uint32Array(this.capacity >>> 5)));
      this.sets.push(set);
    }
    setBit(set, position);
  }

  /** Doubles every set; the maps are given the bigger ones in place of the old. */
  private grow(): void {
    this.capacity *= 2;
    const bigger = new Map<Bitset, Bitset>();
    for (const set of this.sets) {
      const next = new Uint32Array(this.capacity >>> 5);
      next.set(set);
      bigger.set(set, next);
    }
    this.sets.splice(0, this.sets.length, ...bigger.values());
    for (const sets of setMaps(this)) for (const [key, set] of sets) sets.set(key, bigger.get(set)!);
  }

  /**
   * The index of everything added: every set `capacity` bits long (by default the size and its headroom, so that
   * listings published later take free slots without reallocating).
   */
  async finish(industryName?: (id: number) => string | undefined, capacity?: number): Promise<DirectoryIndex> {
    const size = this.ids.size;
    const words = ((capacity ?? size + headroomFor(size)) + 31) >>> 5;
    const bits = words * 32;
    this.ids.reserve(bits);
    const resized = (set: Bitset) => {
      if (set.length === words) return set;
      if (set.length > words) return set.slice(0, words);
      const out = new Uint32Array(words);
      out.set(set);
      return out;
    };
    for (const sets of setMaps(this)) {
      for (const [key, set] of sets) sets.set(key, resized(set));
      await giveWay();
    }
    const byLevel = (sets: Map<string, Bitset>, levels: readonly string[]) => {
      for (const level of levels) if (!sets.has(level)) sets.set(level, new Uint32Array(words));
      return Object.fromEntries(levels.map((level) => [level, sets.get(level)!]));
    };
    const values = {} as Record<SlotValue, Float64Array>;
    for (const value of SLOT_VALUES) {
      const column = new Float64Array(bits).fill(NaN);
      column.set(this.values[value].done());
      values[value] = column;
    }
    // Made now, in steps that give way, rather than by the first visitor to sort (0.5 s at 1,000,000 listings).
    const valueOrders = {} as Record<SortValue, ValueOrder>;
    for (const value of SORT_VALUES) valueOrders[value] = await valueOrder(values[value], giveWay);
    const search = await this.searchIndex(bits, industryName);
    return new DirectoryIndex({
      ids: this.ids,
      all: fullBitset(size, bits),
      options: this.options,
      teaserOptions: this.teaserOptions,
      levels: this.levels,
      fieldLevelSets: this.fieldLevelSets,
      listingsAt: byLevel(this.levels, ACCESS_LEVELS) as Record<AccessLevel, Bitset>,
      fieldLevels: Object.fromEntries(
        Object.entries(this.fieldLevelSets).map(([dimension, sets]) => [dimension, byLevel(sets, [...ACCESS_LEVELS, "rule"])]),
      ) as Record<GatedFieldDimension, Record<FieldLevel, Bitset>>,
      capacity: bits,
      order: DefaultOrder.ofBuild(size, bits),
      valueOrders,
      values,
      cities: this.cities.finish(bits),
      search,
    });
  }

  /**
   * The search over the card text added, in slices that give the event loop back; the card text is let go as it is
   * read (a million names and taglines are 140 MB of strings the index does not keep).
   */
  private async searchIndex(capacity: number, industryName: (id: number) => string | undefined = () => undefined): Promise<SearchIndex> {
    const builder = new SearchIndexBuilder(capacity);
    const starts = this.industryStarts.done();
    const industryIds = this.industryIds.done();
    this.taglineOnce.clear();
    for (let slot = 0; slot < this.names.length; slot++) {
      const industries: string[] = [];
      for (let k = starts[slot]!, end = starts[slot + 1] ?? industryIds.length; k < end; k++) {
        const name = industryName(industryIds[k]!);
        if (name) industries.push(name);
      }
      builder.add(slot, this.names[slot]!, this.taglines[slot] ?? null, industries);
      this.names[slot] = "";
      this.taglines[slot] = null;
      if (this.pacer.due()) await this.pacer.giveWay();
    }
    return builder.finish();
  }

  /** For a few rows at once (tests); `capacity` in bits. */
  static async of(
    rows: readonly IndexRow[],
    industryName?: (id: number) => string | undefined,
    capacity?: number,
  ): Promise<DirectoryIndex> {
    const builder = new IndexBuilder();
    await builder.add(rows);
    return builder.finish(industryName, capacity);
  }
}
