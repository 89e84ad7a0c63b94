/**
 * Makes the directory index (directory-index.ts) from pages of rows read in the directory order, without keeping the
 * rows: each page is turned into bits and typed columns and let go (decision 0059). Holding all rows as objects cost
 * 900 MB of heap at 1,000,000 listings (issue 17); the columns of the same listings take a tenth of it.
 */
import { toFieldVisibility } from "../access/field-name.ts";
import { TEASER_GEOGRAPHIES, TEASER_INDUSTRIES } from "../access/redact-listing.ts";
import { ACCESS_LEVELS, normalizeLevel, type AccessLevel } from "../access/tiers.ts";
import type { ListingType } from "../catalog/listing-types.ts";
import { setBit, type Bitset } from "./bitset.ts";
import { CityColumn } from "./city-column.ts";
import { DirectoryIndex, type RangeValue, type SortValue } from "./directory-index.ts";
import { raisedBand, teamSizeBand, ticketBands } from "./investor-filters.ts";
import { giveWay, Pacer } from "./give-way.ts";
import { ListingIds } from "./listing-ids.ts";
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
} from "./viewer-options.ts";

const ARRAY_COLUMNS = {
  industries: "industry_ids",
  geographies: "geography_ids",
  countries: "country_ids",
  personas: "persona_ids",
} as const;
const SCALAR_COLUMNS = {
  fundingStages: "funding_stage_id",
  businessModels: "business_model_id",
  revenueRanges: "revenue_range_id",
} as const;
const DIMENSIONS: Dimension[] = [
  "entityType",
  "featured",
  ...(Object.keys(ARRAY_COLUMNS) as OptionFilter[]),
  ...(Object.keys(SCALAR_COLUMNS) as OptionFilter[]),
  "raised",
  "teamSize",
  "ticketSize",
];
const TEASER_LIMITS: Record<TeaserDimension, number> = { industries: TEASER_INDUSTRIES, geographies: TEASER_GEOGRAPHIES };
const SORT_VALUES: SortValue[] = ["created_ms", "latest_round_ms", "total_raised", "founded_year"];
/** Values the range filters compare (last round, last investment, founded year), kept by position. */
const RANGE_VALUES: RangeValue[] = ["latest_round_ms", "last_investment_ms", "founded_year"];
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

/**
 * What the index is made of, by position: the sets the gating reads (VisibilityFacts: options by dimension, an option
 * key being a type name, "true", or a reference id as text), the ids, the sort orders and the card text.
 */
export interface IndexColumns extends Omit<VisibilityFacts, "size"> {
  ids: ListingIds;
  /** The listings by each sort value, highest first. */
  valueOrders: Record<SortValue, ValueOrder>;
  /** The values the range filters compare, by position (NaN: unknown). */
  rangeValues: Record<RangeValue, Float64Array>;
  /** Headquarters cities by position. */
  cities: CityColumn;
  /** What the search index is made of. */
  cardText: CardText;
}

export interface CardText {
  names: string[];
  taglines: Array<string | null>;
  industries(position: number): Int32Array;
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

export class IndexBuilder {
  private readonly ids = new ListingIds(1 << 12);
  /** Every set is this many bits long until finish() trims them to the directory's size. */
  private capacity = 1 << 12;
  private readonly sets: Bitset[] = [];
  private readonly options = Object.fromEntries(DIMENSIONS.map((d) => [d, new Map<string, Bitset>()])) as OptionSets;
  private readonly teaserOptions: Record<TeaserDimension, Map<string, Bitset>> = { industries: new Map(), geographies: new Map() };
  private readonly levels = new Map<string, Bitset>();
  private readonly fieldLevels = Object.fromEntries(
    Object.keys(GATED_FIELD_DIMENSIONS).map((d) => [d, new Map<string, Bitset>()]),
  ) as Record<GatedFieldDimension, Map<string, Bitset>>;
  private readonly values = Object.fromEntries(SORT_VALUES.map((v) => [v, new Growing(new Float64Array(1 << 12))])) as Record<
    SortValue,
    Growing<Float64Array>
  >;
  private readonly ranges = Object.fromEntries(RANGE_VALUES.map((v) => [v, new Growing(new Float64Array(1 << 12))])) as Record<
    RangeValue,
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
    this.mark(this.options.entityType, row.type, position);
    if (row.featured) this.mark(this.options.featured, "true", position);
    for (const [dimension, column] of Object.entries(ARRAY_COLUMNS) as Array<[OptionFilter, keyof IndexRow]>) {
      const values = (row[column] as number[] | null) ?? [];
      for (const id of values) this.mark(this.options[dimension], String(id), position);
      if (dimension in TEASER_LIMITS) {
        const teaser = dimension as TeaserDimension;
        for (const id of values.slice(0, TEASER_LIMITS[teaser])) this.mark(this.teaserOptions[teaser], String(id), position);
      }
    }
    for (const [dimension, column] of Object.entries(SCALAR_COLUMNS) as Array<[OptionFilter, keyof IndexRow]>) {
      const id = row[column];
      if (id !== null) this.mark(this.options[dimension], String(id), position);
    }
    const raised = raisedBand(row.total_raised);
    if (raised) this.mark(this.options.raised, raised, position);
    const team = teamSizeBand(row.team_size);
    if (team) this.mark(this.options.teamSize, team, position);
    for (const band of ticketBands(row.ticket_size)) this.mark(this.options.ticketSize, band, position);
    this.mark(this.levels, normalizeLevel(row.visibility), position);
    const own = toFieldVisibility(row.field_visibility);
    for (const [dimension, field] of Object.entries(GATED_FIELD_DIMENSIONS) as Array<[GatedFieldDimension, keyof typeof own]>) {
      this.mark(this.fieldLevels[dimension], own[field] ?? "rule", position);
    }
    for (const value of SORT_VALUES) this.values[value].push(row[value] ?? NaN);
    for (const value of RANGE_VALUES) this.ranges[value].push(row[value] ?? NaN);
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

  private mark(sets: Map<string, Bitset>, key: string, position: number): void {
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
    for (const sets of this.allMaps()) for (const [key, set] of sets) sets.set(key, bigger.get(set)!);
  }

  private allMaps(): Array<Map<string, Bitset>> {
    return [...Object.values(this.options), ...Object.values(this.teaserOptions), this.levels, ...Object.values(this.fieldLevels)];
  }

  /** The index of everything added, every set trimmed to the directory's size. */
  async finish(industryName?: (id: number) => string | undefined): Promise<DirectoryIndex> {
    const size = this.ids.size;
    const words = (size + 31) >>> 5;
    for (const sets of this.allMaps()) {
      for (const [key, set] of sets) sets.set(key, set.length === words ? set : set.slice(0, words));
      await giveWay();
    }
    const byLevel = (sets: Map<string, Bitset>, levels: readonly string[]) =>
      Object.fromEntries(levels.map((level) => [level, sets.get(level) ?? new Uint32Array(words)]));
    // Made now, in steps that give way, rather than by the first visitor to sort (0.5 s at 1,000,000 listings).
    const valueOrders = {} as Record<SortValue, ValueOrder>;
    for (const value of SORT_VALUES) valueOrders[value] = await valueOrder(this.values[value].done(), giveWay);
    const starts = this.industryStarts.done();
    const industryIds = this.industryIds.done();
    return new DirectoryIndex(
      {
        ids: this.ids,
        options: this.options,
        teaserOptions: this.teaserOptions,
        listingsAt: byLevel(this.levels, ACCESS_LEVELS) as Record<AccessLevel, Bitset>,
        fieldLevels: Object.fromEntries(
          Object.entries(this.fieldLevels).map(([dimension, sets]) => [dimension, byLevel(sets, [...ACCESS_LEVELS, "rule"])]),
        ) as Record<GatedFieldDimension, Record<FieldLevel, Bitset>>,
        valueOrders,
        rangeValues: Object.fromEntries(RANGE_VALUES.map((v) => [v, this.ranges[v].done()])) as Record<RangeValue, Float64Array>,
        cities: this.cities.finish(),
        cardText: {
          names: this.names,
          taglines: this.taglines,
          industries: (position) => industryIds.subarray(starts[position]!, starts[position + 1] ?? industryIds.length),
        },
      },
      industryName,
    );
  }

  /** For a few rows at once (tests). */
  static async of(rows: readonly IndexRow[], industryName?: (id: number) => string | undefined): Promise<DirectoryIndex> {
    const builder = new IndexBuilder();
    await builder.add(rows);
    return builder.finish(industryName);
  }
}
