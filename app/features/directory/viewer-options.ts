/**
 * What one tier of viewer may filter, count and search on (DESIGN D14). A filter that matched a value the
 * viewer cannot see would reveal it: a visitor filtering by a revenue range the profile hides learns the
 * range. So every filter option is narrowed to the listings whose value of that dimension the viewer can
 * see, and filters, totals and facet counts are all computed from these narrowed options:
 * - type, featured and funding stage are on every card, locked teasers included: unchanged;
 * - industries and geographies: locked teasers show the first few (TEASER_INDUSTRIES, TEASER_GEOGRAPHIES),
 *   so a locked listing matches only on those;
 * - countries, personas and business models are on open cards only, and amount raised, team size and ticket size on
 *   open profiles only (decision 0084): locked listings never match;
 * - revenue range and headquarters city are gated fields: they match only where the listing is open and the field's
 *   level (the listing's own, else the global rule) is within the viewer's tier. The city is a column, not option
 *   sets (city-column.ts): its viewer's share is `fieldVisible.cities`, which its filter and counts intersect with.
 * Decisions 0030 and 0088 record the choice.
 */
import { requiredLevel, type FieldRules } from "../access/redact-listing.ts";
import { ACCESS_LEVELS, canSee, normalizeLevel, type AccessLevel } from "../access/tiers.ts";
import type { GatedField } from "../catalog/listing-types.ts";
import { countBits, emptyBitset, intersectInto, uniteInto, type Bitset } from "./search-index/bitset.ts";
import type { ListFilter } from "./directory-filters.ts";

/** List filters kept as option sets; the city is a column of codes (city-column.ts). */
export type OptionFilter = Exclude<ListFilter, "cities">;
export type Dimension = "entityType" | "featured" | OptionFilter;
export type OptionSets = Record<Dimension, Map<string, Bitset>>;

/** Dimensions a locked teaser shows in part: a locked listing matches on its first values only. */
const TEASER_DIMENSIONS = ["industries", "geographies"] as const;
export type TeaserDimension = (typeof TEASER_DIMENSIONS)[number];
/** Dimensions only an open card shows. */
const OPEN_CARD_DIMENSIONS = ["countries", "personas", "businessModels", "raised", "teamSize", "ticketSize"] as const;
/** Dimensions that are a gated field of the profile: open listing and the field's level both needed. */
export const GATED_FIELD_DIMENSIONS = { revenueRanges: "revenueRange", cities: "hqCity" } as const satisfies Partial<
  Record<ListFilter, GatedField>
>;
export type GatedFieldDimension = keyof typeof GATED_FIELD_DIMENSIONS;

/** A field's level on a listing: its own setting, or "rule" when the global field rule decides. */
export type FieldLevel = AccessLevel | "rule";

/** The facts the narrowing needs, kept by the directory index. */
export interface VisibilityFacts {
  /** Listings held. */
  size: number;
  /** Bits in every set (live and free slots, decision 0095). */
  capacity: number;
  options: OptionSets;
  /** Option sets of the teaser dimensions over only the values a teaser shows. */
  teaserOptions: Record<TeaserDimension, Map<string, Bitset>>;
  /** Listings by their own visibility level. */
  listingsAt: Record<AccessLevel, Bitset>;
  /** Per gated-field dimension, listings by that field's level. */
  fieldLevels: Record<GatedFieldDimension, Record<FieldLevel, Bitset>>;
}

/** The option sets one viewer filters and counts with, and the listings they may open. */
export interface ViewerOptions {
  options: OptionSets;
  /** Listings the viewer may open (not locked). */
  open: Bitset;
  /** Per gated-field dimension, the listings that show this viewer the field. */
  fieldVisible: Record<GatedFieldDimension, Bitset>;
}

function unionOf(size: number, sets: Bitset[]): Bitset {
  const out = emptyBitset(size);
  for (const set of sets) uniteInto(out, set);
  return out;
}

function narrowed(options: Map<string, Bitset>, mask: Bitset, extra?: Map<string, Bitset>): Map<string, Bitset> {
  const out = new Map<string, Bitset>();
  for (const [key, set] of options) {
    const kept = intersectInto(set.slice(), mask);
    const teaser = extra?.get(key);
    if (teaser) uniteInto(kept, teaser);
    if (countBits(kept)) out.set(key, kept);
  }
  return out;
}

/** The narrowed option sets for a viewer tier under the current global field rules. */
export function viewerOptions(facts: VisibilityFacts, tier: AccessLevel, rules: FieldRules): ViewerOptions {
  const within = ACCESS_LEVELS.filter((level) => canSee(tier, level));
  const open = unionOf(
    facts.capacity,
    within.map((level) => facts.listingsAt[level]),
  );
  const openCount = countBits(open);
  const options: OptionSets = { ...facts.options };
  const fieldVisible = {} as Record<GatedFieldDimension, Bitset>;
  let everythingVisible = openCount === facts.size;
  for (const [dimension, field] of Object.entries(GATED_FIELD_DIMENSIONS) as Array<[GatedFieldDimension, GatedField]>) {
    const levels = facts.fieldLevels[dimension];
    // Where a listing sets no level of its own: the global rule, else the field's default (redact-listing.ts).
    const ruleOpens = canSee(tier, requiredLevel(field, { fieldVisibility: {} }, rules));
    const visible = unionOf(facts.capacity, [...within.map((level) => levels[level]), ...(ruleOpens ? [levels.rule] : [])]);
    fieldVisible[dimension] = intersectInto(visible, open);
    if (countBits(fieldVisible[dimension]) !== facts.size) everythingVisible = false;
  }
  if (everythingVisible) return { options, open, fieldVisible };
  for (const dimension of TEASER_DIMENSIONS) options[dimension] = narrowed(facts.options[dimension], open, facts.teaserOptions[dimension]);
  for (const dimension of OPEN_CARD_DIMENSIONS) options[dimension] = narrowed(facts.options[dimension], open);
  for (const dimension of Object.keys(GATED_FIELD_DIMENSIONS) as GatedFieldDimension[]) {
    if (dimension !== "cities") options[dimension] = narrowed(facts.options[dimension], fieldVisible[dimension]);
  }
  return { options, open, fieldVisible };
}

/** A viewer's cache key: the tier and every global rule the narrowing reads. */
export function viewerOptionsKey(tier: AccessLevel, rules: FieldRules): string {
  return [tier, ...Object.values(GATED_FIELD_DIMENSIONS).map((field) => normalizeLevel(rules[field]))].join("|");
}

/** The union of `sets` in word `w`. */
function wordOf(sets: Bitset[], w: number): number {
  let out = 0;
  for (const set of sets) out |= set[w]!;
  return out;
}

/**
 * Brings a viewer's sets up to date in the words of slots a batch changed (decision 0095): the same narrowing as
 * viewerOptions, over those words only. False when the viewer's sets must be made again instead: they were the
 * index's own (nothing was hidden from this viewer) and now something is.
 */
export function patchViewerOptions(
  facts: VisibilityFacts,
  view: ViewerOptions,
  tier: AccessLevel,
  rules: FieldRules,
  words: ArrayLike<number>,
): boolean {
  const within = ACCESS_LEVELS.filter((level) => canSee(tier, level)).map((level) => facts.listingsAt[level]);
  for (let i = 0; i < words.length; i++) view.open[words[i]!] = wordOf(within, words[i]!);
  const gated = Object.entries(GATED_FIELD_DIMENSIONS) as Array<[GatedFieldDimension, GatedField]>;
  for (const [dimension, field] of gated) {
    const levels = facts.fieldLevels[dimension];
    const ruleOpens = canSee(tier, requiredLevel(field, { fieldVisibility: {} }, rules));
    const sets = [
      ...ACCESS_LEVELS.filter((level) => canSee(tier, level)).map((level) => levels[level]),
      ...(ruleOpens ? [levels.rule] : []),
    ];
    const visible = view.fieldVisible[dimension];
    for (let i = 0; i < words.length; i++) visible[words[i]!] = wordOf(sets, words[i]!) & view.open[words[i]!]!;
  }
  const narrowedHere = (dimension: Dimension) => view.options[dimension] !== facts.options[dimension];
  if (!TEASER_DIMENSIONS.some(narrowedHere)) {
    // The index's own sets: right only while this viewer still sees everything.
    if (countBits(view.open) !== facts.size) return false;
    return gated.every(([dimension]) => countBits(view.fieldVisible[dimension]) === facts.size);
  }
  const narrow = (dimension: Dimension, mask: Bitset, extra?: Map<string, Bitset>) => {
    const out = view.options[dimension];
    for (const [key, set] of facts.options[dimension]) {
      let kept = out.get(key);
      if (!kept) out.set(key, (kept = new Uint32Array(set.length)));
      const teaser = extra?.get(key);
      for (let i = 0; i < words.length; i++) {
        const w = words[i]!;
        kept[w] = (set[w]! & mask[w]!) | (teaser ? teaser[w]! : 0);
      }
    }
  };
  for (const dimension of TEASER_DIMENSIONS) narrow(dimension, view.open, facts.teaserOptions[dimension]);
  for (const dimension of OPEN_CARD_DIMENSIONS) narrow(dimension, view.open);
  for (const [dimension] of gated) if (dimension !== "cities") narrow(dimension, view.fieldVisible[dimension]);
  return true;
}
