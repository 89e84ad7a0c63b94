import { GATED_FIELDS, type GatedField } from "../catalog/listing-types.ts";

/** The three multi-word names whose camel case the flattening below would lose (spec 01 §3). */
const CAMEL_CASE: Record<string, string> = {
  revenuerange: "revenueRange",
  howitworks: "howItWorks",
  keyusecases: "keyUseCases",
};

/**
 * A field-rule name as the rules are keyed (spec 01 §3): lowercased without spaces, with revenuerange,
 * howitworks and keyusecases restored to camel case. "Revenue Range" → "revenueRange", " Team " → "team".
 */
export function normalizeFieldName(name: string): string {
  const flat = name.toLowerCase().replace(/\s+/g, "");
  return CAMEL_CASE[flat] ?? flat;
}

/** The gated field a rule name refers to, or null for names no profile field is gated by. */
export function toGatedField(name: string): GatedField | null {
  const normalized = normalizeFieldName(name);
  return (GATED_FIELDS as readonly string[]).includes(normalized) ? (normalized as GatedField) : null;
}
