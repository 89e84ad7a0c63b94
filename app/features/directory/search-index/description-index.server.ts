/**
 * Reading the description index (description-index.ts, decision 0096) from the database: every published listing's
 * description lexemes as PostgreSQL's English configuration made them (listing_description_terms.terms, decision
 * 0060), in pages by listing id; a changed listing's lexemes by id; and what `to_tsquery('english', 'word:*')` makes
 * of a query word, asked once per word and kept, so a description matches in memory exactly as the database would
 * match it (the same lexemes, stems and stop words; no stemmer of our own to disagree with PostgreSQL's).
 */
import { sql } from "drizzle-orm";
import { uuidArray, type Database } from "~/lib/db.server.ts";
import { DescriptionIndexBuilder } from "./description-index-builder.ts";
import { DescriptionSearch } from "./description-search.ts";
import { Pacer } from "./give-way.ts";
import { runInSlices } from "./sliced-steps.ts";
import { descriptionQueryOf, lexemesOf, type DescriptionQuery } from "./tsvector-text.ts";

/**
 * Table pages per read: about 13,000 listings' lexemes (3 MB of text). The table is read in the order it is stored
 * (a TID range scan: 4 s for a million listings) rather than by listing id (an index scan visiting the rows in
 * random order: 12 s).
 */
const PAGES_PER_READ = 500;

function readPages(database: Database, from: number, to: number | undefined): Promise<Array<{ id: string; terms: string }>> {
  return database.rows<{ id: string; terms: string }>(sql`
    SELECT listing_id AS id, terms::text AS terms FROM listing_description_terms
    WHERE ctid >= ${`(${from},0)`}::tid ${to === undefined ? sql`` : sql`AND ctid < ${`(${to},0)`}::tid`}`);
}

/**
 * The description index of the listings `slotOf` knows (a listing the directory index does not hold is left out, as
 * the database's answer was), over `capacity` slots. The next read is asked for while this one is indexed; the event
 * loop is given back every few milliseconds. Reads are separate statements: a description written meanwhile may be
 * missed (or read twice: the later read wins), and the caller applies the changes it heard of meanwhile afterwards
 * (text-indexes.server.ts). The last read has no upper bound, for rows stored past the table's size at the start.
 */
export async function readDescriptionIndex(
  database: Database,
  capacity: number,
  slotOf: (id: string) => number | undefined,
): Promise<DescriptionSearch> {
  const builder = new DescriptionIndexBuilder(capacity);
  const pacer = new Pacer(500);
  const [size] = await database.rows<{ pages: number }>(sql`
    SELECT (pg_relation_size('listing_description_terms') / current_setting('block_size')::int)::int AS pages`);
  const pages = size?.pages ?? 0;
  const read = (from: number) => readPages(database, from, from + PAGES_PER_READ > pages ? undefined : from + PAGES_PER_READ);
  for (let from = 0, next = read(0); ;) {
    const rows = await next;
    from += PAGES_PER_READ;
    const more = from <= pages;
    if (more) {
      next = read(from);
      // Handled now, awaited below: a failed read must not be an unhandled rejection while this one is indexed.
      next.catch(() => {});
    }
    for (const row of rows) {
      const slot = slotOf(row.id);
      if (slot !== undefined) builder.addText(slot, row.terms);
      if (pacer.due()) await pacer.giveWay();
    }
    if (!more) break;
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
