/**
 * The schema report for our own database (DESIGN D3): what information_schema says the connected database holds,
 * against our Drizzle schema and committed migrations. The same SQL runs on PGlite and PostgreSQL.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server.ts";
import { expectedSchema } from "./expected-schema.server.ts";
import { compareFields } from "./field-mapping.ts";
import { COMPANY_FIELDS, LISTING_ALIASES, SPEC_TABLES, specTableName } from "./known-schema.ts";
import { readCommittedMigrations } from "./migration-files.server.ts";
import { migrationOrigins, migrationStatus, type AppliedMigration } from "./migrations.ts";
import type { DatabaseReport, RecordCount } from "./report.ts";
import { checkSchema, databaseQuickFixes, type DetectedColumn } from "./schema-check.ts";

/**
 * Tables the planner believes hold at least this many rows get its estimate instead of a count: counting 100,000
 * listings would make the page slow, and a diagnostics figure does not need the last row.
 */
const EXACT_COUNT_BELOW = 10_000;

export interface DatabaseReportOptions {
  migrationsFolder?: string;
  exactCountBelow?: number;
}

async function detectedTables(database: Database): Promise<string[]> {
  const rows = await database.rows<{ name: string }>(sql`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`);
  return rows.map((r) => r.name);
}

/** information_schema's own types are vague for arrays and numerics ("ARRAY", "numeric"): format_type names them exactly. */
async function detectedColumns(database: Database): Promise<DetectedColumn[]> {
  return database.rows<DetectedColumn>(sql`
    SELECT c.table_name AS "table", c.column_name AS name, format_type(a.atttypid, a.atttypmod) AS type
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
    JOIN pg_catalog.pg_attribute a
      ON a.attrelid = format('%I.%I', c.table_schema, c.table_name)::regclass AND a.attname = c.column_name
    WHERE c.table_schema = 'public'
    ORDER BY c.table_name, c.ordinal_position`);
}

/** Exact counts for small tables in one round trip, the planner's estimate (said so) for big ones. */
async function recordCounts(database: Database, tables: readonly string[], exactBelow: number): Promise<Map<string, RecordCount>> {
  const counts = new Map<string, RecordCount>();
  if (tables.length === 0) return counts;
  const estimates = await database.rows<{ name: string; estimate: number }>(sql`
    SELECT c.relname AS name, c.reltuples::float8 AS estimate
    FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')`);
  const estimate = new Map(estimates.map((r) => [r.name, Number(r.estimate)]));
  // -1: never analysed, so nothing is known about its size; counting is the only honest figure.
  const exact = tables.filter((t) => (estimate.get(t) ?? -1) < exactBelow);
  for (const t of tables) if (!exact.includes(t)) counts.set(t, { n: Math.round(estimate.get(t)!), estimated: true });
  if (exact.length > 0) {
    const parts = exact.map((t) => sql`SELECT ${t}::text AS name, count(*)::float8 AS n FROM ${sql.identifier(t)}`);
    const rows = await database.rows<{ name: string; n: number }>(sql.join(parts, sql` UNION ALL `));
    for (const r of rows) counts.set(r.name, { n: Number(r.n) });
  }
  return counts;
}

async function appliedMigrations(database: Database): Promise<AppliedMigration[]> {
  const [table] = await database.rows<{ present: boolean }>(sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`);
  if (!table?.present) return [];
  const rows = await database.rows<{ hash: string; created_at: string | number }>(
    sql`SELECT hash, created_at FROM drizzle.__drizzle_migrations`,
  );
  return rows.map((r) => ({ hash: r.hash, createdAt: Number(r.created_at) }));
}

/** The tables the spec names (spec 02 §3 "Database tables used") first, in its order; then ours by name. */
function specTablesFirst<T extends { name: string }>(tables: T[]): T[] {
  const rank = (name: string) => {
    const i = SPEC_TABLES.findIndex((t) => t.ours === name);
    return i < 0 ? SPEC_TABLES.length : i;
  };
  return [...tables].sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
}

export async function getDatabaseReport(database: Database, options: DatabaseReportOptions = {}): Promise<DatabaseReport> {
  const [server] = await database.rows<{ database: string; version: string }>(
    sql`SELECT current_database() AS database, current_setting('server_version') AS version`,
  );
  const tables = await detectedTables(database);
  const columns = await detectedColumns(database);
  const counts = await recordCounts(database, tables, options.exactCountBelow ?? EXACT_COUNT_BELOW);
  const committed = await readCommittedMigrations(options.migrationsFolder);
  const summary = migrationStatus(committed, await appliedMigrations(database));

  const check = checkSchema(specTablesFirst(expectedSchema()), tables, columns, counts, specTableName);
  const listingColumns = columns.filter((c) => c.table === "listings").map((c) => c.name);
  const companies = compareFields({ known: COMPANY_FIELDS, detected: listingColumns, tables, aliases: LISTING_ALIASES });
  const applied = `${summary.applied} of ${summary.committed} applied${summary.unknownApplied ? ` (+${summary.unknownApplied} unknown to this version)` : ""}`;

  return {
    title: "Our database",
    info: [
      { label: "Database", value: database.kind === "pglite" ? "PGlite (embedded PostgreSQL)" : "PostgreSQL server" },
      { label: "Version", value: `PostgreSQL ${server?.version ?? "unknown"}` },
      { label: "Database name", value: server?.database ?? "unknown" },
      { label: "Migrations", value: applied },
      { label: "Tables", value: `${check.tables.filter((t) => t.exists).length} of ${check.tables.length} expected present` },
    ],
    tables: check.tables,
    extraTables: check.extraTables,
    companies: { ...companies, method: "information_schema", table: "listings" },
    migrations: summary.migrations,
    quickFixes: databaseQuickFixes(check, summary, migrationOrigins(committed)),
  };
}
