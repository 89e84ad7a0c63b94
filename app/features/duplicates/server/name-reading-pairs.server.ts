/**
 * The scan's block for names in another script (issue 19, name-reading.ts). Such listings are rare, so they are
 * found by a regular expression on the name; only when there are any are the Latin listings' first words fetched
 * (those starting with a letter a reading starts with) and paired with them in TypeScript.
 */
import { sql, type SQL } from "drizzle-orm";
import { textArray, type Database } from "~/lib/db.server.ts";
import { jaroWinkler } from "../matching/name-similarity.ts";
import { nameReading, READING_PATTERN_SQL, readingPairs } from "../matching/name-reading.ts";

/** `live` is the scan's condition for a listing that takes part; `maxBlock` its cap on a block. */
export async function readingCandidatePairs(database: Database, live: SQL, maxBlock: number): Promise<{ a: string; b: string }[]> {
  const readers = await database.rows<{ id: string; name: string }>(sql`
    SELECT id::text, name FROM listings WHERE ${live} AND match_key <> '' AND name ~ ${READING_PATTERN_SQL}`);
  if (!readers.length) return [];
  const initials = [...new Set(readers.map((r) => nameReading(r.name)?.text[0]).filter((c): c is string => Boolean(c)))];
  const latin = await database.rows<{ id: string; word: string }>(sql`
    SELECT id::text, split_part(match_key, ' ', 1) AS word FROM listings
    WHERE ${live} AND match_key ~ '^[a-z]{4}' AND left(match_key, 1) = ANY(${textArray(initials)})`);
  return readingPairs(readers, latin, jaroWinkler, maxBlock);
}
