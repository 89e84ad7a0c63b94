import { ROUND_TYPES } from "#db/schema/listing-details.ts";
import type { FieldRules } from "../access/redact-listing.ts";
import { businessModelLabel, roundTypeLabel } from "../catalog/format.ts";
import type { ReferenceData } from "../catalog/reference-data.server.ts";
import type { EditorOptions } from "./editor-options.ts";

/** The reference lists and rules as the form's choices, trimmed to what the page's data needs to carry. */
export function editorOptions(reference: ReferenceData, globalRules: FieldRules): EditorOptions {
  const pick = (items: Array<{ id: number; name: string }>) => items.map(({ id, name }) => ({ id, name }));
  const choices = (items: Array<{ id: number; name: string }>) => items.map(({ id, name }) => ({ value: String(id), label: name }));
  return {
    industries: pick(reference.industries),
    geographies: pick(reference.geographies),
    // Names only: flag emoji need a font many operator machines lack, and they get in the way of the filter.
    countries: pick(reference.countries),
    personas: pick(reference.targetPersonas),
    fundingStages: choices(reference.fundingStages),
    businessModels: reference.businessModels.map(({ id, code, name }) => ({ value: String(id), label: name || businessModelLabel(code) })),
    revenueRanges: choices(reference.revenueRanges),
    roundTypes: ROUND_TYPES.map((t) => ({ value: t, label: roundTypeLabel(t) })),
    globalRules,
  };
}
