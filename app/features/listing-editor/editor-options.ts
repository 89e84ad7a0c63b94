/**
 * The choices the editor offers. Built on the server (editor-options.server.ts) from the reference lists and the
 * schema's round types, so the page's script never loads the database schema.
 */
import type { FieldRules } from "../access/redact-listing.ts";
import { TYPE_LABEL, LISTING_TYPES } from "../catalog/listing-types.ts";

export interface Choice {
  value: string;
  label: string;
}

export interface EditorOptions {
  industries: Array<{ id: number; name: string }>;
  geographies: Array<{ id: number; name: string }>;
  countries: Array<{ id: number; name: string }>;
  personas: Array<{ id: number; name: string }>;
  fundingStages: Choice[];
  businessModels: Choice[];
  revenueRanges: Choice[];
  roundTypes: Choice[];
  /** The global per-field rules, named in each field's "Use global rule" choice. */
  globalRules: FieldRules;
}

export const TYPE_CHOICES: Choice[] = LISTING_TYPES.map((t) => ({ value: t, label: TYPE_LABEL[t] }));
export const LEVEL_CHOICES: Choice[] = [
  { value: "public", label: "Public: everyone" },
  { value: "subscriber", label: "Subscriber and above" },
  { value: "premium", label: "Premium only" },
];
