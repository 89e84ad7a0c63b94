/**
 * Reading the description index (description-index.ts, decision 0096) from the database: every published listing's
 * description lexemes as PostgreSQL's English configuration made them (listing_description_terms.terms, decision
 * 0060), in pages by listing id; a changed listing's lexemes by id; and what `to_tsquery('english', 'word:*')` makes
 * of a query word, asked once per word and kept, so a description matches in memory exactly as the database would
 * match it (the same lexemes, stems and stop words; no stemmer of our own to disagree with PostgreSQL's).
 */
import { sql } from "drizzle-orm";
import { uuidArray, type Database } from "~/lib/db.server.ts";
import { DescriptionIndexBuilder } from "./description-index.ts";
import { DescriptionSearch } from "./description-search.ts";
import { Pacer } from "./give-way.ts";
import { runInSlices } from "./sliced-steps.ts";
import { descriptionQueryOf, lexemesOf, type DescriptionQuery } from "./tsvector-text.ts";

/** Rows per read: a range of the primary key; the text of 20,000 stripped vectors is about 5 MB. */
const PAGE_ROWS = 20_000;

function readPage(database: Database, after: string | undefined): Promise<Array<{ id: string; terms: string }>> {
  return database.rows<{ id: string; terms: string }>(sql`
    SELECT listing_id AS id, terms::text AS terms FROM listing_description_terms
    ${after ? sql`WHERE listing_id > ${after}::uuid` : sql``}
    ORDER BY listing_id LIMIT ${PAGE_ROWS}`);
}

/**
 * The description index of the listings `slotOf` knows (a listing the directory index does not hold is left out, as
 * the database's answer was), over `capacity` slots. The next page is asked for while this one is read; the event
 * loop is given back every few milliseconds. A description written while this reads may be missed: the caller
 * applies the changes it heard of meanwhile afterwards (text-indexes.server.ts).
 */
export async function readDescriptionIndex(
  database: Database,
  capacity: number,
  slotOf: (id: string) => number | undefined,
): Promise<DescriptionSearch> {
  const builder = new DescriptionIndexBuilder(capacity);
  const pacer = new Pacer(500);
  let page = await readPage(database, undefined);
  while (page.length) {
    const next = page.length < PAGE_ROWS ? Promise.resolve([]) : readPage(database, page[page.length - 1]!.id);
    // Handled now, awaited below: a failed read must not be an unhandled rejection while this page is read.
    next.catch(() => {});
    for (const row of page) {
      const slot = slotOf(row.id);
      if (slot !== undefined) builder.add(slot, lexemesOf(row.terms));
      if (pacer.due()) await pacer.giveWay();
    }
    page = await next;
  }
  return new DescriptionSearch(await runInSlices(builder.build()));
}

/** The description lexemes of these listings now; a listing without a row (unpublished, deleted) is absent. */
export async function readLexemes(database: Database, ids: readonly string[]): Promise<Map<string, string[]>> {
  if (!ids.length) return new Map();
  const rows = await database.rows<{ id: string; terms: string }>(sql`
    SELECT listing_id AS id, terms::text AS terms FROM listing_description_terms WHERE listing_id = ANY(${uuidArray(ids)})`);
  return new Map(rows.map((row) => [row.id, lexemesOf(row.terms)]));
}

/** Query words remembered per database: what to_tsquery makes of a word never changes (the configuration is fixed). */
const WORDS_KEPT = 20_000;
const queries = new WeakMap<Database, Map<string, Promise<DescriptionQuery>>>();

/** What a description must have for `word` (a query word in normal form), as PostgreSQL reads `word:*`. */
export function descriptionQuery(database: Database, word: string): Promise<DescriptionQuery> {
  let known = queries.get(database);
  if (!known) queries.set(database, (known = new Map()));
  let query = known.get(word);
  if (!query) {
    if (known.size >= WORDS_KEPT) known.clear();
    query = database
      .rows<{ query: string }>(sql`SELECT to_tsquery('english', ${`${word}:*`})::text AS query`)
      .then(([row]) => descriptionQueryOf(row?.query ?? ""));
    known.set(word, query);
    // A failed read is not remembered: the next search asks again.
    query.catch(() => known.delete(word));
  }
  return query;
}

/** The ids of the listings whose description matches `word:*`, asked of the database (decision 0060). */
export async function databaseMatches(database: Database, word: string): Promise<string[]> {
  const rows = await database.rows<{ id: string }>(sql`
    SELECT listing_id AS id FROM listing_description_terms WHERE terms @@ to_tsquery('english', ${`${word}:*`})`);
  return rows.map((row) => row.id);
}
