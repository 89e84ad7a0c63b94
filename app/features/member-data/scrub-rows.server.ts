/**
 * The database side of scrub-mentions.ts: rows of a table that mention a deleted member, rewritten without them. The
 * table's text, JSON and array columns are read from information_schema when the step runs, so a column added later
 * is scrubbed too. Rows are walked by ctid in pages, each page one transaction that locks what it rewrites; a row
 * already clean is left alone, so a step run twice (a resumed job) changes nothing more.
 */
import { sql, type SQL } from "drizzle-orm";
import { execRows, type Database } from "~/lib/db.server.ts";
import { mentionsMember, scrubJson, scrubText, type Mentions, type ScrubOptions } from "./scrub-mentions.ts";

type ColumnKind = "text" | "json" | "jsonb" | "array";
interface Column {
  name: string;
  kind: ColumnKind;
  nullable: boolean;
}

/**
 * The columns of `table` that can hold words: text of any sort, json and jsonb, and arrays of text. Foreign keys are
 * left out: a reference to the member is their database's to settle (set to null, or the row deleted, when the user
 * row goes), and words in it would break the reference.
 */
export async function wordColumns(database: Database, table: string): Promise<Column[]> {
  const rows = await database.rows<{ name: string; data_type: string; udt_name: string; is_nullable: string }>(sql`
    SELECT c.column_name AS name, c.data_type, c.udt_name, c.is_nullable FROM information_schema.columns c
    WHERE c.table_schema = 'public' AND c.table_name = ${table}
      -- A generated column (audit_log.actor_kind) follows the others and cannot be written.
      AND c.is_generated = 'NEVER'
      AND NOT EXISTS (
        SELECT 1 FROM information_schema.key_column_usage k
        JOIN information_schema.table_constraints tc ON tc.constraint_name = k.constraint_name AND tc.table_schema = k.table_schema
        WHERE tc.constraint_type = 'FOREIGN KEY' AND k.table_schema = 'public' AND k.table_name = c.table_name AND k.column_name = c.column_name)
    ORDER BY c.ordinal_position`);
  const columns: Column[] = [];
  for (const row of rows) {
    const nullable = row.is_nullable === "YES";
    if (["text", "character varying", "character"].includes(row.data_type)) columns.push({ name: row.name, kind: "text", nullable });
    else if (row.data_type === "json" || row.data_type === "jsonb") columns.push({ name: row.name, kind: row.data_type, nullable });
    else if (row.data_type === "ARRAY" && ["_text", "_varchar"].includes(row.udt_name))
      columns.push({ name: row.name, kind: "array", nullable });
  }
  return columns;
}

/** The member's address or id anywhere in the row's words (case-insensitive): a cheap filter for the database. */
export function rowMentionsAddressOrId(columns: readonly Column[], mentions: Mentions): SQL {
  const needles = [`%${likeEscape(mentions.email)}%`, `%${likeEscape(mentions.id)}%`];
  const tests = columns.flatMap((column) => needles.map((needle) => sql`${sql.identifier(column.name)}::text ILIKE ${needle}`));
  return tests.length ? sql.join(tests, sql` OR `) : sql`false`;
}

/** `text` inside a LIKE pattern as itself: %, _ and the escape character match only themselves. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, "\\$&");

const PAGE = 200;

/**
 * Rewrites every row of `table` matching `where` without the member (their address and id; their names too when
 * `withNames`). `where` may use the table's columns unqualified. Returns how many rows changed.
 */
export async function scrubRows(database: Database, table: string, where: SQL, mentions: Mentions, options: ScrubOptions): Promise<number> {
  const columns = await wordColumns(database, table);
  if (!columns.length) return 0;
  const list = sql.join(
    columns.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  let after = "(0,0)";
  let changed = 0;
  for (;;) {
    const page = await database.db.transaction(async (tx) => {
      const found = await execRows<Record<string, unknown>>(
        tx,
        sql`SELECT ctid::text AS ctid__, ${list} FROM ${sql.identifier(table)}
            WHERE ctid > ${after}::tid AND (${where}) ORDER BY ctid LIMIT ${PAGE} FOR UPDATE`,
      );
      for (const row of found) {
        const sets: SQL[] = [];
        for (const column of columns) {
          const value = row[column.name];
          if (value === null || value === undefined || !mentionsMember(value, mentions, options)) continue;
          sets.push(sql`${sql.identifier(column.name)} = ${scrubbed(column, value, mentions, options)}`);
        }
        if (!sets.length) continue;
        await tx.execute(sql`UPDATE ${sql.identifier(table)} SET ${sql.join(sets, sql`, `)} WHERE ctid = ${String(row.ctid__)}::tid`);
        changed++;
      }
      return found;
    });
    if (page.length < PAGE) return changed;
    after = String(page.at(-1)!.ctid__);
  }
}

function scrubbed({ kind, nullable }: Column, value: unknown, mentions: Mentions, options: ScrubOptions): SQL {
  if (kind === "text") {
    // A column that is nothing but the address or the id (a contact field, a record id) is emptied where it may be.
    const whole = String(value).trim().toLowerCase();
    if (nullable && (whole === mentions.email.toLowerCase() || whole === mentions.id.toLowerCase())) return sql`NULL`;
    return sql`${scrubText(String(value), mentions, options)}`;
  }
  if (kind === "json" || kind === "jsonb") {
    const parsed = typeof value === "string" ? (JSON.parse(value) as unknown) : value;
    const text = JSON.stringify(scrubJson(parsed, mentions, options));
    return kind === "json" ? sql`${text}::json` : sql`${text}::jsonb`;
  }
  const items = (Array.isArray(value) ? value : parseTextArray(String(value))).map((item) =>
    item === null ? null : scrubText(String(item), mentions, options),
  );
  return nullableTextArray(items);
}

/** A text[] as one parameter in PostgreSQL's array syntax, NULL elements kept (db.server.ts's textArray has none). */
function nullableTextArray(items: ReadonlyArray<string | null>): SQL {
  const literal = items.map((item) => (item === null ? "NULL" : `"${item.replace(/["\\]/g, "\\$&")}"`)).join(",");
  return sql`${`{${literal}}`}::text[]`;
}

/** A text[] as PostgreSQL's text form ("{a,\"b c\"}"), for a driver that did not parse it. */
function parseTextArray(text: string): Array<string | null> {
  const inner = text.replace(/^\{|\}$/g, "");
  if (!inner) return [];
  const items: Array<string | null> = [];
  const pattern = /"((?:[^"\\]|\\.)*)"|([^,]+)/g;
  for (const match of inner.matchAll(pattern)) {
    if (match[1] !== undefined) items.push(match[1].replace(/\\(.)/g, "$1"));
    else items.push(match[2] === "NULL" ? null : match[2]!);
  }
  return items;
}
