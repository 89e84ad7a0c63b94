/**
 * Demo field provenance (decision 0068): believable and deterministic, drawn from a hash of the listing's name (like
 * the contact facts) and dated against the seed's fixed reference date, never the clock. Most listings came from the
 * lead-data provider some weeks before and were confirmed by later runs; some came from a spreadsheet base; featured
 * ones were submitted by the company; about one in five had a value or two edited by an operator since.
 */
import { isSupplied, PROVENANCE_FIELDS, type FieldSources, type FieldSource } from "../app/features/catalog/field-provenance.ts";
import { REFERENCE_DATE } from "./company-facts.ts";

const DAY = 24 * 3600 * 1000;

/** FNV-1a of the name: the same listing gets the same story on every seed. */
function nameHash(name: string): number {
  let hash = 0x811c9dc5;
  for (const char of name) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

const daysBefore = (days: number, hour: number) => new Date(REFERENCE_DATE.getTime() - days * DAY + hour * 3600 * 1000).toISOString();

/** Fields an operator most often touches after an import. */
const EDITED = ["tagline", "description", "team", "websiteUrl", "problem", "phone"] as const;

export function demoFieldSources(listing: { name: string; featured: boolean; values: Record<string, unknown> }): FieldSources {
  const h = nameHash(listing.name);
  const origin: FieldSource = listing.featured ? "feature_application" : h % 7 === 1 ? "spreadsheet_import" : "provider_import";
  const setAt = daysBefore(21 + (h % 60), 6 + (h % 12));
  // Imports run again and find the values unchanged: confirmed lately, set weeks ago. An application is not re-sent.
  const confirmedAt = origin === "feature_application" ? setAt : daysBefore(1 + ((h >>> 8) % 6), 5);
  const detail = origin === "spreadsheet_import" ? "spreadsheet:appDemoBase" : undefined;
  const fields: FieldSources = {};
  for (const field of PROVENANCE_FIELDS) {
    if (!isSupplied(listing.values[field])) continue;
    fields[field] = { source: origin, setAt, confirmedAt, ...(detail ? { detail } : {}) };
  }
  if ((h >>> 4) % 5 === 0) {
    const editedAt = daysBefore((h >>> 12) % 14, 14);
    for (const field of [EDITED[(h >>> 16) % EDITED.length]!, EDITED[(h >>> 20) % EDITED.length]!])
      if (fields[field]) fields[field] = { source: "operator_edit", setAt: editedAt, confirmedAt: editedAt };
  }
  return fields;
}
