/**
 * The schema the code expects: every table and column of our Drizzle schema with its SQL type, walked from the
 * schema modules the way the merge walks foreign keys (features/duplicates/server/merge.server.ts), so a table added later
 * is checked without anyone listing it here.
 */
import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import * as schema from "#db/schema/index.ts";
import type { ExpectedTable } from "./schema-check.ts";

export function expectedSchema(): ExpectedTable[] {
  return (Object.values(schema) as unknown[])
    .filter((table): table is PgTable => is(table, PgTable))
    .map((table) => getTableConfig(table))
    .map((config) => ({ name: config.name, columns: config.columns.map((c) => ({ name: c.name, type: c.getSQLType() })) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
