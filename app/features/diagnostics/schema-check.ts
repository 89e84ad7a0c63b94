/**
 * Our Drizzle schema (what the code expects) against the tables and columns a database really has, and the quick
 * fixes that follow: which migration to run, or which statement puts a dropped piece back. Pure.
 */
import type { MigrationSummary, Origins } from "./migrations.ts";
import type { ColumnCheck, QuickFix, RecordCount, TableCheck } from "./report.ts";
import { plural } from "~/lib/wording.ts";

export interface ExpectedTable {
  name: string;
  columns: Array<{ name: string; type: string }>;
}

export interface DetectedColumn {
  table: string;
  name: string;
  type: string;
}

/** Drizzle's SQL type names and PostgreSQL's format_type() differ in spelling only; this brings both to one. */
const TYPE_SYNONYMS: Record<string, string> = {
  serial: "integer",
  serial4: "integer",
  bigserial: "bigint",
  serial8: "bigint",
  smallserial: "smallint",
  int: "integer",
  int4: "integer",
  int8: "bigint",
  int2: "smallint",
  varchar: "character varying",
  char: "character",
  bool: "boolean",
  float8: "double precision",
  float4: "real",
  timestamp: "timestamp without time zone",
  timestamptz: "timestamp with time zone",
  time: "time without time zone",
};

export function normalizeType(type: string): string {
  const trimmed = type
    .trim()
    .toLowerCase()
    .replace(/"/g, "")
    .replace(/\s*,\s*/g, ",")
    .replace(/\s+\(/g, "(");
  const match = /^([a-z0-9 ]+?)(\(.*\))?((?:\[\])*)$/.exec(trimmed);
  if (!match) return trimmed;
  const [, base, args = "", array = ""] = match;
  return `${TYPE_SYNONYMS[base!] ?? base}${args}${array}`;
}

export interface SchemaCheck {
  tables: TableCheck[];
  /** Tables the database has that our schema does not. */
  extraTables: string[];
}

export function checkSchema(
  expected: readonly ExpectedTable[],
  detectedTables: readonly string[],
  detectedColumns: readonly DetectedColumn[],
  records: ReadonlyMap<string, RecordCount>,
  specName: (table: string) => string | undefined = () => undefined,
): SchemaCheck {
  const present = new Set(detectedTables);
  const types = new Map(detectedColumns.map((c) => [`${c.table}.${c.name}`, c.type]));
  const tables = expected.map((table): TableCheck => {
    const exists = present.has(table.name);
    const columns = table.columns.map((column): ColumnCheck => {
      const detectedType = types.get(`${table.name}.${column.name}`) ?? null;
      const state =
        detectedType === null ? "missing" : normalizeType(detectedType) === normalizeType(column.type) ? "exists" : "type differs";
      return { name: column.name, expectedType: column.type, detectedType, state };
    });
    const known = new Set(table.columns.map((c) => c.name));
    const extra = detectedColumns
      .filter((c) => c.table === table.name && !known.has(c.name))
      .map((c): ColumnCheck => ({ name: c.name, expectedType: null, detectedType: c.type, state: "exists" }));
    return {
      name: table.name,
      specName: specName(table.name),
      exists,
      method: "information_schema",
      records: exists ? (records.get(table.name) ?? null) : null,
      columns: [...columns, ...extra],
    };
  });
  const expectedNames = new Set(expected.map((t) => t.name));
  return { tables, extraTables: detectedTables.filter((t) => !expectedNames.has(t)) };
}

const RESTART = "restart the server (migrations run at start: `npm start`, or `npm run serve` after a build)";

/** What a missing table or column needs, according to the state of the migration that creates it. */
function missingFix(what: string, origin: { tag: string; statements: string[] } | undefined, summary: MigrationSummary): QuickFix {
  if (!origin) {
    return {
      severity: "error",
      text: `${what} is missing and no committed migration creates it: run \`npm run db:generate\`, commit the migration and ${RESTART}.`,
    };
  }
  const state = summary.migrations.find((m) => m.tag === origin.tag)?.state ?? "pending";
  const by = `it is created by migration ${origin.tag}`;
  if (state === "pending") return { severity: "error", text: `${what} is missing: ${by}, which has not been applied: ${RESTART}.` };
  if (state === "skipped") {
    return {
      severity: "error",
      text: `${what} is missing: ${by}, which was skipped (a later migration is recorded, so the migrator will not run it): apply db/migrations/${origin.tag}.sql by hand.`,
      code: origin.statements,
    };
  }
  return {
    severity: "error",
    text: `${what} is missing although ${by}, which is recorded as applied: it was removed by hand. Put it back with the statements below (from db/migrations/${origin.tag}.sql), or restore a backup.`,
    code: origin.statements,
  };
}

export function databaseQuickFixes(check: SchemaCheck, summary: MigrationSummary, origins: Origins): QuickFix[] {
  const fixes: QuickFix[] = [];
  for (const table of check.tables) {
    if (!table.exists) {
      fixes.push(missingFix(`Table ${table.name}`, origins.tables.get(table.name), summary));
      continue;
    }
    for (const column of table.columns) {
      if (column.state === "missing")
        fixes.push(missingFix(`Column ${table.name}.${column.name}`, origins.columns.get(`${table.name}.${column.name}`), summary));
    }
  }
  for (const m of summary.migrations) {
    if (m.state === "pending") fixes.push({ severity: "error", text: `Migration ${m.tag} has not been applied: ${RESTART}.` });
    if (m.state === "skipped") {
      fixes.push({
        severity: "error",
        text: `Migration ${m.tag} is not recorded as applied, but a later one is: the migrator will not run it by itself. Apply db/migrations/${m.tag}.sql by hand.`,
      });
    }
    if (m.changedSinceApplied) {
      fixes.push({
        severity: "warning",
        text: `Migration ${m.tag} was edited after it ran on this database, so its later changes never ran: restore the file as it was and make the change in a new migration.`,
      });
    }
  }
  for (const table of check.tables) {
    for (const column of table.columns.filter((c) => c.state === "type differs")) {
      fixes.push({
        severity: "warning",
        text: `Column ${table.name}.${column.name} is ${column.detectedType} in the database; the schema says ${column.expectedType}: change it with a migration (edit db/schema, \`npm run db:generate\`).`,
      });
    }
  }
  if (summary.unknownApplied > 0) {
    fixes.push({
      severity: "warning",
      text: `The database has ${plural(summary.unknownApplied, "applied migration")} this version does not know: a newer version of Introbase migrated it. Run that version against it.`,
    });
  }
  if (check.extraTables.length > 0) {
    fixes.push({
      severity: "info",
      text: `Tables outside our schema (made by hand or by an older version; nothing reads them): ${check.extraTables.join(", ")}.`,
    });
  }
  return fixes;
}
