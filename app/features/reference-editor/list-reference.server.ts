/** Reads for the reference editor: a list's rows as the form shows them, with what uses each value. */
import { asc, count, ilike, sql } from "drizzle-orm";
import * as s from "#db/schema/index.ts";
import type { Database } from "~/lib/db.server.ts";
import { LIST_SLUGS, LISTS, NO_USAGE, type ListSlug, type Option, type UsageCount } from "./reference-lists.ts";
import { LIST_TABLES, usageByValue } from "./reference-tables.server.ts";

export interface ReferenceRow {
  id: number;
  name: string;
  /** Every form field as text, as the edit form starts from it. */
  values: Record<string, string>;
  /** Values the server derives (the industry key). */
  derived: Record<string, string>;
  usage: UsageCount;
}

/** A database row's columns as form text: flags "on" or "", empty for null. */
function rowToValues(list: ListSlug, row: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    LISTS[list].fields.map((f) => {
      const value = row[f.name];
      return [f.name, typeof value === "boolean" ? (value ? "on" : "") : value === null || value === undefined ? "" : String(value)];
    }),
  );
}

/** "%" and "_" typed into the filter are meant literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A list's rows in display order, filtered by name when `query` is given. */
export async function getReferenceRows({ db }: Database, list: ListSlug, query = ""): Promise<ReferenceRow[]> {
  const { table, nameColumn, order } = LIST_TABLES[list];
  const filter = query.trim();
  const [rows, usage] = await Promise.all([
    db
      .select()
      .from(table)
      .where(filter ? ilike(nameColumn, likePattern(filter)) : undefined)
      .orderBy(...order) as Promise<Array<Record<string, unknown>>>,
    usageByValue(db, list),
  ]);
  const definition = LISTS[list];
  return rows.map((row) => {
    const id = Number(row.id);
    return {
      id,
      name: String(row[definition.nameField] ?? ""),
      values: rowToValues(list, row),
      derived: Object.fromEntries((definition.derived ?? []).map((d) => [d.name, row[d.name] == null ? "" : String(row[d.name])])),
      usage: usage.get(id) ?? NO_USAGE,
    };
  });
}

/** How many values each list holds, for the index of lists. */
export async function countReferenceLists({ db }: Database): Promise<Record<ListSlug, number>> {
  const counts = await Promise.all(LIST_SLUGS.map((list) => db.select({ n: count() }).from(LIST_TABLES[list].table)));
  return Object.fromEntries(LIST_SLUGS.map((list, i) => [list, counts[i]![0]?.n ?? 0])) as Record<ListSlug, number>;
}

/** The choices of the country form's geography select. */
export async function getGeographyOptions({ db }: Database): Promise<Option[]> {
  const rows = await db.select({ id: s.geographies.id, name: s.geographies.name }).from(s.geographies).orderBy(asc(s.geographies.id));
  return rows.map((g) => ({ value: String(g.id), label: g.name }));
}

/** Form values a new row starts from: the next sort order, so an added value goes last. */
export async function getNewRowDefaults({ db }: Database, list: ListSlug): Promise<Record<string, string>> {
  const sorted = list === "funding-stages" ? s.fundingStages : list === "revenue-ranges" ? s.revenueRanges : null;
  if (!sorted) return {};
  const [row] = await db.select({ next: sql<number>`coalesce(max(${sorted.sortOrder}) + 1, 0)::int` }).from(sorted);
  return { sortOrder: String(row?.next ?? 0) };
}
