import { GATED_FIELDS, type GatedField } from "../catalog/listing-types.ts";
import { ACCESS_LEVELS, normalizeLevel, type AccessLevel } from "./tiers.ts";

/** The multi-word names whose camel case the flattening below would lose (spec 01 §3; the hq and contact fields, 0066). */
const CAMEL_CASE: Record<string, string> = {
  revenuerange: "revenueRange",
  howitworks: "howItWorks",
  keyusecases: "keyUseCases",
  hqstreet: "hqStreet",
  hqcity: "hqCity",
  hqregion: "hqRegion",
  hqpostalcode: "hqPostalCode",
  contactemail: "contactEmail",
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

/**
 * A listing's own field levels, with names normalised like the global rules. An entry with an unknown name
 * or level is dropped rather than read as public: a listing's setting overrides the global rule, and a typo
 * must not open a field the global rule closes.
 */
export function toFieldVisibility(raw: unknown): Partial<Record<GatedField, AccessLevel>> {
  const result: Partial<Record<GatedField, AccessLevel>> = {};
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return result;
  for (const [name, level] of Object.entries(raw)) {
    const field = toGatedField(name);
    const known = typeof level === "string" && (ACCESS_LEVELS as readonly string[]).includes(level.trim().toLowerCase());
    if (field && known) result[field] = normalizeLevel(level);
  }
  return result;
}
