/**
 * Where one listing's bits go (decision 0095): the same at a build (index-builder.ts, into growing sets) and after a
 * change (apply-changes.ts, into the index's sets of its capacity), so that a changed listing is marked exactly as a
 * fresh build would mark it.
 */
import { toFieldVisibility } from "../../access/field-name.ts";
import { TEASER_GEOGRAPHIES, TEASER_INDUSTRIES } from "../../access/redact-listing.ts";
import { normalizeLevel } from "../../access/tiers.ts";
import type { Bitset } from "./bitset.ts";
import type { IndexRow } from "./index-builder.ts";
import { raisedBand, teamSizeBand, ticketBands } from "../investor-filters.ts";
import {
  GATED_FIELD_DIMENSIONS,
  type GatedFieldDimension,
  type OptionFilter,
  type OptionSets,
  type TeaserDimension,
} from "../viewer-options.ts";

export const ARRAY_COLUMNS = {
  industries: "industry_ids",
  geographies: "geography_ids",
  countries: "country_ids",
  personas: "persona_ids",
} as const;
export const SCALAR_COLUMNS = {
  fundingStages: "funding_stage_id",
  businessModels: "business_model_id",
  revenueRanges: "revenue_range_id",
} as const;

const TEASER_LIMITS: Record<TeaserDimension, number> = { industries: TEASER_INDUSTRIES, geographies: TEASER_GEOGRAPHIES };

/** Where a row's bits go: the builder's growing sets, or an index's sets of its capacity. */
export interface RowSink {
  options: OptionSets;
  teaserOptions: Record<TeaserDimension, Map<string, Bitset>>;
  levels: Map<string, Bitset>;
  fieldLevelSets: Record<GatedFieldDimension, Map<string, Bitset>>;
  mark(sets: Map<string, Bitset>, key: string, slot: number): void;
}

/** Sets a row's bit in every set of its values (the same at a build and after a change). */
export function markRow(row: IndexRow, slot: number, sink: RowSink): void {
  const mark = (sets: Map<string, Bitset>, key: string) => sink.mark(sets, key, slot);
  mark(sink.options.entityType, row.type);
  if (row.featured) mark(sink.options.featured, "true");
  for (const [dimension, column] of Object.entries(ARRAY_COLUMNS) as Array<[OptionFilter, keyof IndexRow]>) {
    const values = (row[column] as number[] | null) ?? [];
    for (const id of values) mark(sink.options[dimension], String(id));
    if (dimension in TEASER_LIMITS) {
      const teaser = dimension as TeaserDimension;
      for (const id of values.slice(0, TEASER_LIMITS[teaser])) mark(sink.teaserOptions[teaser], String(id));
    }
  }
  for (const [dimension, column] of Object.entries(SCALAR_COLUMNS) as Array<[OptionFilter, keyof IndexRow]>) {
    const id = row[column];
    if (id !== null) mark(sink.options[dimension], String(id));
  }
  const raised = raisedBand(row.total_raised);
  if (raised) mark(sink.options.raised, raised);
  const team = teamSizeBand(row.team_size);
  if (team) mark(sink.options.teamSize, team);
  for (const band of ticketBands(row.ticket_size)) mark(sink.options.ticketSize, band);
  mark(sink.levels, normalizeLevel(row.visibility));
  const own = toFieldVisibility(row.field_visibility);
  for (const [dimension, field] of Object.entries(GATED_FIELD_DIMENSIONS) as Array<[GatedFieldDimension, keyof typeof own]>) {
    mark(sink.fieldLevelSets[dimension], own[field] ?? "rule");
  }
}

/** Every map of sets a row is marked in. */
export function setMaps(sink: Omit<RowSink, "mark">): Array<Map<string, Bitset>> {
  return [...Object.values(sink.options), ...Object.values(sink.teaserOptions), sink.levels, ...Object.values(sink.fieldLevelSets)];
}
