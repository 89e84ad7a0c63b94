/**
 * Industries field validation (spec 02 §2, §3, §5): the fields the migration needs in the industries table, whether
 * each exists, and what to do about a missing one. A run is ready only if every required field exists. Column
 * names are matched with spec 02 §4's field mapping confidence: exact, case (differs only in case), partial
 * (one contains the other) or none; only an exact match exists for the database (unquoted SQL names are lower
 * case, so a "Primary_Category" column is not the one the application reads), the others are shown as hints.
 */

export type FieldType = "text" | "checkbox" | "single select" | "date and time";
export type FieldConfidence = "exact" | "case" | "partial" | "none";

export interface FieldSpec {
  name: string;
  column: string;
  type: FieldType;
  required: boolean;
  /** The column definition that adds it (our schema's, db/schema/reference.ts). */
  definition: string;
  /** information_schema data types that hold it. */
  dataTypes: readonly string[];
}

const TEXT = ["text", "character varying"] as const;
const TIMESTAMP = ["timestamp with time zone", "timestamp without time zone"] as const;

export const INDUSTRY_FIELDS: readonly FieldSpec[] = [
  { name: "Primary Category", column: "primary_category", type: "text", required: true, definition: "text", dataTypes: TEXT },
  { name: "Secondary Category", column: "secondary_category", type: "text", required: true, definition: "text", dataTypes: TEXT },
  { name: "Industry Key", column: "industry_key", type: "text", required: true, definition: "text UNIQUE", dataTypes: TEXT },
  {
    name: "LeadsOnTrees Source",
    column: "leads_on_trees_source",
    type: "checkbox",
    required: true,
    definition: "boolean NOT NULL DEFAULT false",
    dataTypes: ["boolean"],
  },
  { name: "Mapping Confidence", column: "mapping_confidence", type: "single select", required: true, definition: "text", dataTypes: TEXT },
  {
    name: "Last Updated",
    column: "last_updated",
    type: "date and time",
    required: true,
    definition: "timestamp with time zone NOT NULL DEFAULT now()",
    dataTypes: TIMESTAMP,
  },
  {
    name: "Migration Backup",
    column: "migration_backup",
    type: "date and time",
    required: false,
    definition: "timestamp with time zone",
    dataTypes: TIMESTAMP,
  },
  { name: "Pre-Migration Name", column: "pre_migration_name", type: "text", required: false, definition: "text", dataTypes: TEXT },
];

export interface TableColumn {
  name: string;
  dataType: string;
}

export interface FieldStatus {
  name: string;
  column: string;
  type: FieldType;
  required: boolean;
  exists: boolean;
  confidence: FieldConfidence;
  /** The column that matched best, when any did. */
  foundColumn: string | null;
  foundType: string | null;
  /** False when the column exists with a type that cannot hold the field. */
  typeMatches: boolean;
}

export interface FieldReport {
  success: true;
  error: null;
  table: string;
  tableExists: boolean;
  /** Every column of the industries table, as the database names them (spec 02 §7: existingFields). */
  existingFields: string[];
  fields: FieldStatus[];
  missingRequired: string[];
  ready: boolean;
  message: string;
  manualSteps: string[];
  sql: string | null;
}

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "");

/** Spec 02 §4 field mapping confidence of one column name against a field (its column or its display name). */
export function fieldConfidence(field: Pick<FieldSpec, "name" | "column">, column: string): FieldConfidence {
  if (column === field.column) return "exact";
  if (column.toLowerCase() === field.column || column.toLowerCase() === field.name.toLowerCase()) return "case";
  // Partial: the column holds the whole field name, or a good part of it ("name" is not "Pre-Migration Name").
  const a = squash(column);
  const wanted = squash(field.name);
  if (a.includes(wanted) || (a.length >= 5 && a.length * 2 >= wanted.length && wanted.includes(a))) return "partial";
  return "none";
}

const RANK: Record<FieldConfidence, number> = { exact: 3, case: 2, partial: 1, none: 0 };

function statusOf(field: FieldSpec, columns: TableColumn[]): FieldStatus {
  let best: { column: TableColumn; confidence: FieldConfidence } | null = null;
  for (const column of columns) {
    const confidence = fieldConfidence(field, column.name);
    if (confidence !== "none" && (!best || RANK[confidence] > RANK[best.confidence])) best = { column, confidence };
  }
  const exists = best?.confidence === "exact";
  return {
    name: field.name,
    column: field.column,
    type: field.type,
    required: field.required,
    exists,
    confidence: best?.confidence ?? "none",
    foundColumn: best?.column.name ?? null,
    foundType: best?.column.dataType ?? null,
    typeMatches: !exists || field.dataTypes.includes(best!.column.dataType),
  };
}

/** Spec 02 §2: 'Ready for Migration!' or 'Missing N Required Fields'. */
export function readinessMessage(missingRequired: number): string {
  return missingRequired === 0 ? "Ready for Migration!" : `Missing ${missingRequired} Required Fields`;
}

export function evaluateIndustryFields(columns: TableColumn[], table = "industries"): FieldReport {
  const fields = INDUSTRY_FIELDS.map((f) => statusOf(f, columns));
  const missing = fields.filter((f) => !f.exists);
  const missingRequired = missing.filter((f) => f.required).map((f) => f.name);
  const statements = INDUSTRY_FIELDS.filter((f) => missing.some((m) => m.column === f.column)).map(
    (f) => `ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS ${f.column} ${f.definition};`,
  );
  return {
    success: true,
    error: null,
    table,
    tableExists: columns.length > 0,
    existingFields: columns.map((c) => c.name),
    fields,
    missingRequired,
    ready: missingRequired.length === 0,
    message: readinessMessage(missingRequired.length),
    manualSteps: statements.length ? manualSteps(missing, table) : [],
    sql: statements.length ? statements.join("\n") : null,
  };
}

/** What an operator does about missing fields in our database (spec 02 §2 "manual steps"). */
function manualSteps(missing: FieldStatus[], table: string): string[] {
  const renames = missing.filter((f) => f.confidence === "case" || f.confidence === "partial");
  return [
    "Back up the database first (pg_dump for a PostgreSQL server; for the embedded database, stop the server and copy its data directory).",
    `Open a SQL session on the database (psql with DATABASE_URL) and run the statements below: they add ${missing
      .map((f) => `${f.name} (${f.column}, ${f.type})`)
      .join(", ")} to the ${table} table.`,
    ...renames.map(
      (f) =>
        `A column named "${f.foundColumn}" looks like ${f.name}: if it holds that field, copy its values into ${f.column} (UPDATE ${table} SET ${f.column} = "${f.foundColumn}") before dropping it.`,
    ),
    "The columns belong to the schema the server creates at start (db/schema/reference.ts); if this database was made by an older version, starting the current version applies its migrations instead.",
    "Click Validate Fields again: every required field should show as existing.",
  ];
}
