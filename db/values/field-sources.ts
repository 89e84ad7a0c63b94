/**
 * Where a listing's value came from (issue 19 §4, decision 0068), without Drizzle: the schema types its column with
 * them and the listing model (features/catalog/field-provenance.ts) re-exports them for the app.
 */
export const FIELD_SOURCES = [
  "provider_import",
  "spreadsheet_import",
  "feature_application",
  "operator_edit",
  "merge",
  "owner_submission",
] as const;
export type FieldSource = (typeof FIELD_SOURCES)[number];

/**
 * One field's record. `setAt`: when the value last changed to what it is (null when it was first recorded by a
 * confirmation, before which nothing is known); `confirmedAt`: when a source last supplied it (set or unchanged).
 * Times are ISO strings. `detail` is for operators only (a spreadsheet base, the listing merged in) and never leaves
 * the back-office.
 */
export interface FieldSourceEntry {
  source: FieldSource;
  setAt: string | null;
  confirmedAt: string;
  detail?: string;
}

export type FieldSources = Record<string, FieldSourceEntry>;
