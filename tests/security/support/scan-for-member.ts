/**
 * Test code only: every table and every column that can hold words (text of any kind, json and jsonb, arrays),
 * read from information_schema when the test runs, so a table or column added later by anyone is searched too; and
 * where a member's name, address (in any letter case) or id still appears.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server.ts";

export interface WordColumn {
  table: string;
  column: string;
}

export async function everyTable(database: Database): Promise<string[]> {
  const rows = await database.rows<{ name: string }>(sql`
    SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
    ORDER BY table_name`);
  return rows.map((r) => r.name);
}

async function everyWordColumn(database: Database): Promise<WordColumn[]> {
  return database.rows<WordColumn>(sql`
    SELECT c.table_name AS "table", c.column_name AS "column" FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
    WHERE c.table_schema = 'public'
      AND (c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED') OR c.udt_name = 'citext')
    ORDER BY c.table_name, c.ordinal_position`);
}

export interface Hit {
  table: string;
  column: string;
  found: string;
}

/** Every column holding one of `needles` anywhere in its text, case-insensitively: "table.column holds <needle>". */
export async function findMentions(database: Database, needles: readonly string[]): Promise<Hit[]> {
  const hits: Hit[] = [];
  for (const { table, column } of await everyWordColumn(database)) {
    for (const needle of needles) {
      const pattern = `%${needle.replace(/[\\%_]/g, "\\$&")}%`;
      const [row] = await database.rows<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)}::text ILIKE ${pattern}`,
      );
      if (row!.n > 0) hits.push({ table, column, found: needle });
    }
  }
  return hits;
}

export const describeHits = (hits: readonly Hit[]) => hits.map((h) => `${h.table}.${h.column} holds ${JSON.stringify(h.found)}`);
