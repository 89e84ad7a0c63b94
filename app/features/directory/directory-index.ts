import { toFieldVisibility } from "../access/field-name.ts";
import { TEASER_GEOGRAPHIES, TEASER_INDUSTRIES, type FieldRules } from "../access/redact-listing.ts";
import { ACCESS_LEVELS, normalizeLevel, type AccessLevel } from "../access/tiers.ts";
import type { ListingType } from "../catalog/listing-types.ts";
import { countBits, countIntersection, emptyBitset, fullBitset, intersectInto, setBit, uniteInto, type Bitset } from "./bitset.ts";
import type { ListFilter } from "./directory-filters.ts";
import {
  GATED_FIELD_DIMENSIONS,
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
import { giveWay } from "./give-way.ts";
import { SearchIndex, type SearchableListing } from "./search-index.ts";

/**
 * The directory's index: every published listing's filterable attributes as one bitset per option,
 * positions in the directory's default order (featured first, then name, then id). Filtering, the total,
 * every facet count and the page's ids come from bitset arithmetic; the database then reads only the 25-100
 * cards of the page by primary key. Scanning and grouping 100,000 rows in SQL for every query took 200-900 ms
 * (bench/results/directory-diagnosis-2026-11-22.md); this takes a few milliseconds.
 *
 * The index is rebuilt from one narrow query when it is older than the listings cache lifetime of spec 01 §9
 * (2 minutes), while requests keep using the previous one, and at once after a write announces that listings
 * changed (lib/change-feed.server.ts, decision 0049).
 *
 * It also keeps what each listing shows to whom (its visibility, the first values a locked teaser shows, the
 * level of each filterable gated field), so that every viewer filters and counts only on what they may see
 * (viewer-options.ts, DESIGN D14).
 */
export type { Dimension } from "./viewer-options.ts";

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
  ...(Object.keys(ARRAY_COLUMNS) as ListFilter[]),
  ...(Object.keys(SCALAR_COLUMNS) as ListFilter[]),
];

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
}

/** Positions ordered by a value, best first, and which positions have one. */
export interface ValueOrder {
  order: Uint32Array;
  known: Bitset;
}

/** Rows indexed between two turns of the event loop: a few milliseconds of work. */
const BUILD_SLICE = 5_000;

const TEASER_LIMITS: Record<TeaserDimension, number> = { industries: TEASER_INDUSTRIES, geographies: TEASER_GEOGRAPHIES };

export class DirectoryIndex implements VisibilityFacts {
  readonly all: Bitset;
  /** Option key (type name, "true", or reference id as text) → listings having it, per dimension. */
  readonly options: OptionSets;
  readonly teaserOptions: Record<TeaserDimension, Map<string, Bitset>> = { industries: new Map(), geographies: new Map() };
  readonly listingsAt: Record<AccessLevel, Bitset>;
  readonly fieldLevels: Record<GatedFieldDimension, Record<FieldLevel, Bitset>>;
  readonly positionOf = new Map<string, number>();
  readonly ids: string[];
  private readonly viewers = new Map<string, ViewerOptions>();
  private readonly rows: IndexRow[];
  private searchBuild?: Promise<SearchIndex>;
  private readonly valueOrders = new Map<string, ValueOrder>();

  /**
   * An index of `rows` (in the directory order), made in slices that give the event loop back between them, so the
   * requests of a process rebuilding its index keep being answered (issue 17). `industryName` names industry ids for
   * the search over card text.
   */
  static async build(
    rows: IndexRow[],
    builtAt: number,
    industryName: (id: number) => string | undefined = () => undefined,
  ): Promise<DirectoryIndex> {
    const index = new DirectoryIndex(rows, builtAt, industryName);
    for (let from = 0; from < rows.length; from += BUILD_SLICE) {
      index.indexRows(from, Math.min(rows.length, from + BUILD_SLICE));
      await giveWay();
    }
    return index;
  }

  private static made = 0;
  /** Which build of this process this is: a cached page computed from one index is never served from another. */
  readonly generation = ++DirectoryIndex.made;

  /** Only through build(), which fills it. */
  private constructor(
    rows: IndexRow[],
    readonly builtAt: number,
    private readonly industryName: (id: number) => string | undefined,
  ) {
    this.rows = rows;
    this.ids = rows.map((row) => row.id);
    const size = rows.length;
    this.all = fullBitset(size);
    this.options = Object.fromEntries(DIMENSIONS.map((d) => [d, new Map<string, Bitset>()])) as OptionSets;
    const byLevel = () => Object.fromEntries(ACCESS_LEVELS.map((level) => [level, emptyBitset(size)])) as Record<AccessLevel, Bitset>;
    this.listingsAt = byLevel();
    this.fieldLevels = Object.fromEntries(
      Object.keys(GATED_FIELD_DIMENSIONS).map((dimension) => [dimension, { ...byLevel(), rule: emptyBitset(size) }]),
    ) as DirectoryIndex["fieldLevels"];
  }

  private indexRows(from: number, to: number): void {
    for (let position = from; position < to; position++) {
      const row = this.rows[position]!;
      this.positionOf.set(row.id, position);
      this.mark(this.options.entityType, row.type, position);
      if (row.featured) this.mark(this.options.featured, "true", position);
      for (const [dimension, column] of Object.entries(ARRAY_COLUMNS) as Array<[ListFilter, keyof IndexRow]>) {
        const values = (row[column] as number[] | null) ?? [];
        for (const id of values) this.mark(this.options[dimension], String(id), position);
        if (dimension in TEASER_LIMITS) {
          const teaser = dimension as TeaserDimension;
          for (const id of values.slice(0, TEASER_LIMITS[teaser])) this.mark(this.teaserOptions[teaser], String(id), position);
        }
      }
      for (const [dimension, column] of Object.entries(SCALAR_COLUMNS) as Array<[ListFilter, keyof IndexRow]>) {
        const id = row[column];
        if (id !== null) this.mark(this.options[dimension], String(id), position);
      }
      setBit(this.listingsAt[normalizeLevel(row.visibility)], position);
      const own = toFieldVisibility(row.field_visibility);
      for (const [dimension, field] of Object.entries(GATED_FIELD_DIMENSIONS) as Array<[GatedFieldDimension, keyof typeof own]>) {
        setBit(this.fieldLevels[dimension][own[field] ?? "rule"], position);
      }
    }
  }

  private searchableListings(): SearchableListing[] {
    return this.rows.map((row) => ({
      name: row.name,
      tagline: row.tagline,
      industries: (row.industry_ids ?? []).flatMap((id) => this.industryName(id) ?? []),
    }));
  }

  get size(): number {
    return this.ids.length;
  }

  private mark(options: Map<string, Bitset>, key: string, position: number): void {
    let set = options.get(key);
    if (!set) options.set(key, (set = emptyBitset(this.ids.length)));
    setBit(set, position);
  }

  /** What a viewer of this tier filters, counts and searches on (viewer-options.ts), made once per tier and rules. */
  forViewer(tier: AccessLevel, rules: FieldRules): ViewerOptions {
    const key = viewerOptionsKey(tier, rules);
    let view = this.viewers.get(key);
    if (!view) this.viewers.set(key, (view = viewerOptions(this, tier, rules)));
    return view;
  }

  /**
   * The ranked search over names, taglines and industries, made (in slices, see SearchIndex.build) on the first
   * call; a process rebuilding its index makes it before it serves the new one (directory-index.server.ts).
   */
  searchIndex(): Promise<SearchIndex> {
    this.searchBuild ??= SearchIndex.build(this.searchableListings());
    return this.searchBuild;
  }

  /** Positions by a value, highest first (ties in the default order), made on the first use of each sort. */
  orderBy(value: "created_ms" | "latest_round_ms" | "total_raised"): ValueOrder {
    let made = this.valueOrders.get(value);
    if (!made) {
      const known = emptyBitset(this.size);
      const positions: number[] = [];
      this.rows.forEach((row, position) => {
        if (row[value] === null) return;
        positions.push(position);
        setBit(known, position);
      });
      positions.sort((a, b) => this.rows[b]![value]! - this.rows[a]![value]! || a - b);
      this.valueOrders.set(value, (made = { order: Uint32Array.from(positions), known }));
    }
    return made;
  }

  /** A bitset of the given listing ids; ids not in the index (unpublished since the build) are ignored. */
  bitsetOf(ids: Iterable<string>): Bitset {
    const out = emptyBitset(this.size);
    for (const id of ids) {
      const position = this.positionOf.get(id);
      if (position !== undefined) setBit(out, position);
    }
    return out;
  }
}

/** One active filter: its dimension (or the search text, which has no facet) and the listings it admits. */
export interface ActiveFilter {
  dimension: Dimension | "search";
  admits: Bitset;
}

export interface Counts {
  total: number;
  /** Per dimension, option key → listings matching it with every other active filter applied. */
  facets: Record<Dimension, Map<string, number>>;
  /** Listings matching every filter. */
  matching: Bitset;
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

function intersectAll(index: DirectoryIndex, filters: ActiveFilter[], skip: number): Bitset {
  const out = index.all.slice();
  filters.forEach((filter, i) => i !== skip && intersectInto(out, filter.admits));
  return out;
}

/**
 * The total and every facet count. An option's count is what the total would become if it were the
 * dimension's only selection: every other active filter applies, the dimension's own does not. Counted over
 * the viewer's option sets, so no count includes a value the viewer may not see.
 */
export function countFacets(index: DirectoryIndex, options: OptionSets, filters: ActiveFilter[]): Counts {
  const matching = intersectAll(index, filters, -1);
  const facets = {} as Counts["facets"];
  for (const dimension of DIMENSIONS) {
    const own = filters.findIndex((f) => f.dimension === dimension);
    const base = own === -1 ? matching : intersectAll(index, filters, own);
    const counts = new Map<string, number>();
    for (const [key, set] of options[dimension]) {
      const n = countIntersection(base, set);
      if (n) counts.set(key, n);
    }
    facets[dimension] = counts;
  }
  return { total: countBits(matching), facets, matching };
}
