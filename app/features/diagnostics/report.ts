/**
 * The schema diagnostics report (spec 02 §2 "Schema debugger screen") as the page receives it: plain data, the same
 * shape for our database and for a spreadsheet base, so one set of components shows both.
 */
import type { FieldComparison } from "./field-mapping.ts";
import type { MigrationStatus } from "./migrations.ts";

export interface RecordCount {
  n: number;
  /** From the planner's statistics (pg_class.reltuples), not counted. */
  estimated?: boolean;
  /** The scan stopped at its page limit with records left: there are more than n. */
  more?: boolean;
}

export type ColumnState = "exists" | "missing" | "type differs";

export interface ColumnCheck {
  name: string;
  expectedType: string | null;
  detectedType: string | null;
  state: ColumnState;
}

export interface TableCheck {
  /** The table as the source names it. */
  name: string;
  /** The spec's name for it (spec 02 §3), when the spec names it. */
  specName?: string;
  exists: boolean;
  /** How existence and fields were detected: "information_schema", "metadata API" or "record scan". */
  method: string;
  records: RecordCount | null;
  /** Why a table counts as missing: the HTTP status and message of the failed read. */
  problem?: { status?: number; message: string };
  columns: ColumnCheck[];
}

export type Severity = "error" | "warning" | "info";

export interface QuickFix {
  severity: Severity;
  text: string;
  /** Statements or commands that carry the fix out, shown verbatim. */
  code?: string[];
}

export interface SourceReport {
  title: string;
  info: Array<{ label: string; value: string }>;
  tables: TableCheck[];
  companies: (FieldComparison & { method: string; table: string }) | null;
  quickFixes: QuickFix[];
  /** The source could not be read at all. */
  error?: string;
}

export interface DatabaseReport extends SourceReport {
  migrations: MigrationStatus[];
  extraTables: string[];
}

export type SpreadsheetSection = { configured: false; missing: string[] } | ({ configured: true } & SourceReport);

export interface DiagnosticsReport {
  ranAt: string;
  ms: number;
  database: DatabaseReport;
  spreadsheet: SpreadsheetSection;
}
