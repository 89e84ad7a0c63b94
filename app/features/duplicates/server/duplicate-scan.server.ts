/**
 * Finding duplicate listings (issue 5 §2). Candidates come from blocking in the database, never from all pairs:
 * listings with the same name key, sharing a rare word of it (or the first five letters of a long one, for
 * typos), the same registrable domain or the same LinkedIn page. Each candidate pair is then scored in TypeScript
 * with its reasons. (A pg_trgm self-join was measured at 41 s for 3,300 listings on PGlite; trigram lookups serve
 * single-listing checks instead, where the index answers one probe.)
 */
import { inArray, isNull, sql, type SQL } from "drizzle-orm";
import { listings } from "#db/schema/listings.ts";
import { underLock } from "~/lib/atomic-limit.server.ts";
import { textArray, uuidArray, type Database } from "~/lib/db.server.ts";
import { matchColumns } from "../matching/match-columns.ts";
import { prepare, scorePair, type Band, type PreparedRecord } from "../matching/match-score.ts";
import { readingCandidatePairs } from "./name-reading-pairs.server.ts";

/** A word shared by more listings than this says little about identity, and its block would be too large. */
const MAX_BLOCK = 150;
/** A word in this many listings or fewer is distinctive enough to pair listings on its own. */
const RARE_ALONE = 12;

export interface ScoredPair {
  a: string;
  b: string;
  score: number;
  band: Band;
  reasons: string[];
}

/**
 * Works out the match columns of every listing whose name or URLs changed since (null columns), in batches. One
 * caller at a time per batch: parallel callers (members reporting duplicates at once) updating the same stale rows
 * in different orders deadlocked on PostgreSQL; under the lock the next caller finds them done.
 */
export async function refreshMatchColumns(database: Database, batch = 5000): Promise<number> {
  let updated = 0;
  for (;;) {
    const done = await underLock(database, "duplicates:match-columns", async ({ db, rows }) => {
      const stale = await db
        .select({ id: listings.id, name: listings.name, websiteUrl: listings.websiteUrl, linkedinUrl: listings.linkedinUrl })
        .from(listings)
        .where(isNull(listings.matchKey))
        .limit(batch);
      if (!stale.length) return 0;
      const values = stale.map((row) => {
        const columns = matchColumns(row);
        return { id: row.id, match_key: columns.matchKey, match_domain: columns.matchDomain, match_linkedin: columns.matchLinkedin };
      });
      await rows(sql`
        UPDATE listings AS l SET match_key = v.match_key, match_domain = v.match_domain, match_linkedin = v.match_linkedin
        FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS v(id uuid, match_key text, match_domain text, match_linkedin text)
        WHERE l.id = v.id`);
      return stale.length;
    });
    if (!done) return updated;
    updated += done;
  }
}

/** Pairs of live listings sharing a value of `term`, in blocks of at most MAX_BLOCK (aggregated, then paired). */
function pairsIn(term: SQL, maxBlock = MAX_BLOCK) {
  return sql`SELECT x AS a, y AS b FROM (SELECT array_agg(id) AS ids FROM live WHERE ${term} IS NOT NULL GROUP BY ${term} HAVING count(*) BETWEEN 2 AND ${maxBlock}) blocks, unnest(ids) AS x, unnest(ids) AS y WHERE x < y`;
}

/** Listings that take part in duplicate detection: everything but merged-away records. */
const LIVE = sql`processing_status <> 'merged'`;

/**
 * Candidate pairs (a < b), optionally only those touching `onlyIds` (a batch of the cleanup screen), with the
 * document frequency of every name word (the rarity weights) and the number of listings.
 */
export async function candidatePairs(database: Database, { onlyIds }: { onlyIds?: string[] } = {}) {
  const scope = onlyIds ? sql`(a = ANY(${uuidArray(onlyIds)}) OR b = ANY(${uuidArray(onlyIds)}))` : sql`TRUE`;
  const blocked = await database.rows<{ a: string; b: string }>(sql`
    WITH live AS (SELECT id, match_key, match_domain, match_linkedin, phone FROM listings WHERE ${LIVE} AND match_key <> ''),
    words AS (SELECT DISTINCT id, w FROM live, unnest(string_to_array(match_key, ' ')) AS w WHERE length(w) > 1),
    -- A word in a few listings makes a candidate on its own; a commoner one (up to MAX_BLOCK) needs a second
    -- shared word, so "Arbor" alone does not pair every Arbor in the directory.
    df AS (SELECT w, count(*) AS n FROM words GROUP BY w HAVING count(*) BETWEEN 2 AND ${MAX_BLOCK}),
    shared AS (
      SELECT x.id AS a, y.id AS b, count(*) AS k, min(df.n) AS rarest
      FROM words x JOIN df USING (w) JOIN words y USING (w) WHERE x.id < y.id GROUP BY 1, 2
    ),
    by_word AS (SELECT a, b FROM shared WHERE rarest <= ${RARE_ALONE} OR k >= 2),
    -- The first five letters of a long word meet a typo further on ("Newberry" / "Newbery").
    prefixes AS (SELECT DISTINCT id, left(w, 5) AS p FROM words WHERE length(w) >= 7),
    pblocks AS (SELECT array_agg(id) AS ids FROM prefixes GROUP BY p HAVING count(*) BETWEEN 2 AND ${RARE_ALONE}),
    by_prefix AS (SELECT x AS a, y AS b FROM pblocks, unnest(ids) AS x, unnest(ids) AS y WHERE x < y),
    -- The same key, also written as one word or two ("Data Robot" / "DataRobot"), the same domain, the same page;
    -- each capped like the words: 500 listings on one domain are a shared host, not one company.
    by_key AS (${pairsIn(sql`replace(match_key, ' ', '')`)}),
    by_domain AS (${pairsIn(sql`match_domain`)}),
    by_linkedin AS (${pairsIn(sql`match_linkedin`)}),
    -- A typo in the first word ("Deltta Labs" / "Delta Labs"): its first letter and the rest of the name, in blocks
    -- as small as the prefix blocks (at 150, common tails such as "c center" made the 100,000-listing scan 51 s, not 19).
    by_tail AS (${pairsIn(sql`CASE WHEN position(' ' IN match_key) > 0 THEN left(match_key, 1) || substr(match_key, position(' ' IN match_key)) END`, RARE_ALONE)}),
    -- A typo in a later word of a name with common words, where the two listings have no URL of one kind to meet on
    -- ("maple agrritech" without URLs / "Maple Agritech", or a website on one and a page on the other; issue 32): the
    -- first word with the rest's first two letters, or with its last three (a typo at its start). Blocks as small as
    -- the prefix blocks.
    typo_keys AS (
      SELECT id, no_site, no_page, k FROM (
        SELECT id, match_domain IS NULL AS no_site, match_linkedin IS NULL AS no_page, split_part(match_key, ' ', 1) AS head,
          substr(match_key, position(' ' IN match_key) + 1) AS rest
        FROM live WHERE position(' ' IN match_key) > 0
      ) named, LATERAL (VALUES (head || ' <' || left(rest, 2)), (head || ' >' || right(rest, 3))) AS keys(k)
      WHERE length(rest) >= 3
    ),
    tblocks AS (SELECT array_agg(id) AS ids, array_agg(no_site) AS no_sites, array_agg(no_page) AS no_pages FROM typo_keys GROUP BY k
      HAVING count(*) BETWEEN 2 AND ${RARE_ALONE} AND (bool_or(no_site) OR bool_or(no_page))),
    by_typo AS (SELECT ids[i] AS a, ids[j] AS b FROM tblocks, generate_subscripts(ids, 1) AS i, generate_subscripts(ids, 1) AS j
      WHERE ids[i] < ids[j] AND (no_sites[i] OR no_sites[j]) AND (no_pages[i] OR no_pages[j])),
    -- A LinkedIn page named like another listing's domain ("company/polar-materials" / "polarmaterials.co"), also with
    -- the domain's country ending ("company/atlasdynamics-se" / "atlasdynamics.se").
    stems AS (
      SELECT id, regexp_replace(split_part(match_domain, '.', 1), '[^a-z0-9]', '', 'g') AS s FROM live WHERE match_domain IS NOT NULL
      UNION SELECT id, regexp_replace(split_part(match_domain, '.', 1) || regexp_replace(match_domain, '^.*[.]', ''), '[^a-z0-9]', '', 'g')
        FROM live WHERE match_domain ~ '[.][a-z]{2}$'
      UNION SELECT id, regexp_replace(split_part(match_linkedin, '/', 2), '[^a-z0-9]', '', 'g') FROM live
        WHERE match_linkedin IS NOT NULL AND match_linkedin NOT LIKE 'in/%'
    ),
    sblocks AS (SELECT array_agg(DISTINCT id) AS ids FROM stems WHERE length(s) >= 4 GROUP BY s HAVING count(DISTINCT id) BETWEEN 2 AND ${MAX_BLOCK}),
    by_stem AS (SELECT x AS a, y AS b FROM sblocks, unnest(ids) AS x, unnest(ids) AS y WHERE x < y),
    -- The same phone number (E.164): what an agency and its renamed site keep; capped like the rest (a switchboard).
    by_phone AS (${pairsIn(sql`phone`)}),
    -- Numbers of one switchboard's block (all but the last two digits alike): an organisation's other line.
    by_phone_block AS (${pairsIn(sql`CASE WHEN length(phone) >= 10 THEN left(phone, -2) END`, RARE_ALONE)}),
    every AS (SELECT a, b FROM by_word UNION SELECT a, b FROM by_prefix UNION SELECT a, b FROM by_key UNION SELECT a, b FROM by_domain
      UNION SELECT a, b FROM by_linkedin UNION SELECT a, b FROM by_tail UNION SELECT a, b FROM by_stem UNION SELECT a, b FROM by_phone
      UNION SELECT a, b FROM by_phone_block UNION SELECT a, b FROM by_typo)
    SELECT a::text, b::text FROM every WHERE ${scope}`);
  // Names in another script ("ソニー" / "Sony") share no word with their Latin name: their own block (name-reading.ts).
  const seen = new Set(blocked.map((p) => `${p.a}|${p.b}`));
  const read = (await readingCandidatePairs(database, LIVE, MAX_BLOCK)).filter(
    (p) => !seen.has(`${p.a}|${p.b}`) && (!onlyIds || onlyIds.includes(p.a) || onlyIds.includes(p.b)),
  );
  const pairs = [...blocked, ...read];
  const [{ n }] = (await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM listings WHERE ${LIVE}`)) as [{ n: number }];
  const frequencies = await database.rows<{ w: string; n: number }>(sql`
    SELECT w, count(DISTINCT id)::int AS n FROM listings, unnest(string_to_array(match_key, ' ')) AS w WHERE ${LIVE} GROUP BY w`);
  const sharedKeys = await database.rows<{ k: string; n: number }>(sql`
    SELECT match_key AS k, count(*)::int AS n FROM listings WHERE ${LIVE} AND match_key <> '' GROUP BY match_key HAVING count(*) > 2`);
  return {
    pairs,
    listingCount: n,
    wordCounts: new Map(frequencies.map((f) => [f.w, f.n])),
    keyCounts: new Map(sharedKeys.map((k) => [k.k, k.n])),
  };
}

/** Rarity of a word: inverse document frequency, so a word in every listing weighs almost nothing. */
export function rarity(wordCounts: Map<string, number>, listingCount: number) {
  const total = Math.max(listingCount, 1);
  return (word: string) => Math.log(1 + total / (wordCounts.get(word) ?? 1));
}

async function preparedRecords({ db }: Database, ids: string[]): Promise<Map<string, PreparedRecord>> {
  const out = new Map<string, PreparedRecord>();
  for (let i = 0; i < ids.length; i += 5000) {
    const rows = await db
      .select({
        id: listings.id,
        name: listings.name,
        website: listings.websiteUrl,
        linkedin: listings.linkedinUrl,
        countries: listings.countryIds,
        industries: listings.industryIds,
        hqStreet: listings.hqStreet,
        hqCity: listings.hqCity,
        hqRegion: listings.hqRegion,
        hqPostalCode: listings.hqPostalCode,
        phone: listings.phone,
        contactEmail: listings.contactEmail,
      })
      .from(listings)
      .where(inArray(listings.id, ids.slice(i, i + 5000)));
    for (const row of rows) {
      // One country is a country; several (a multinational) say nothing against a match.
      const { countries, ...record } = row;
      out.set(row.id, prepare({ ...record, country: countries.length === 1 ? String(countries[0]) : null }));
    }
  }
  return out;
}

/** Every candidate pair scored, flagged ones first (auto-merge band, then review), highest score first. */
export async function findDuplicates(
  database: Database,
  options: {
    onlyIds?: string[];
    includeUnflagged?: boolean;
  } = {},
): Promise<ScoredPair[]> {
  await refreshMatchColumns(database);
  const { pairs, listingCount, wordCounts, keyCounts } = await candidatePairs(database, options);
  const context = { weight: rarity(wordCounts, listingCount), listingsWithKey: (key: string) => keyCounts.get(key) ?? 2 };
  const records = await preparedRecords(database, [...new Set(pairs.flatMap((p) => [p.a, p.b]))]);
  const scored: ScoredPair[] = [];
  for (const { a, b } of pairs) {
    const ra = records.get(a);
    const rb = records.get(b);
    if (!ra || !rb) continue;
    const result = scorePair(ra, rb, context);
    if (result.band !== "none" || options.includeUnflagged)
      scored.push({ a, b, score: result.score, band: result.band, reasons: result.reasons });
  }
  return scored.sort((x, y) => y.score - x.score);
}

/** One pair scored as a scan would score it (a member's report): rarity from the words of these two names only. */
export async function scorePairOf(database: Database, a: string, b: string): Promise<ScoredPair | null> {
  await refreshMatchColumns(database);
  const records = await preparedRecords(database, [a, b]);
  const [ra, rb] = [records.get(a), records.get(b)];
  if (!ra || !rb) return null;
  const keys = await database.rows<{ k: string }>(sql`SELECT match_key AS k FROM listings WHERE id IN (${a}, ${b})`);
  const words = [...new Set(keys.flatMap((k) => k.k.split(" ")).filter(Boolean))];
  const counts = await database.rows<{ w: string; n: number }>(sql`
    SELECT w, count(*)::int AS n FROM listings, unnest(string_to_array(match_key, ' ')) AS w
    WHERE ${LIVE} AND w = ANY(${textArray(words)}) GROUP BY w`);
  const keyCounts = await database.rows<{ k: string; n: number }>(sql`
    SELECT match_key AS k, count(*)::int AS n FROM listings WHERE ${LIVE} AND match_key IN (${keys[0]?.k ?? ""}, ${keys[1]?.k ?? ""}) GROUP BY match_key`);
  const [{ n }] = (await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM listings WHERE ${LIVE}`)) as [{ n: number }];
  const keyCount = new Map(keyCounts.map((k) => [k.k, k.n]));
  const result = scorePair(ra, rb, {
    weight: rarity(new Map(counts.map((c) => [c.w, c.n])), n),
    listingsWithKey: (key) => Math.max(2, keyCount.get(key) ?? 2),
  });
  return { a, b, score: result.score, band: result.band, reasons: result.reasons };
}
