/**
 * Finding the existing listing an incoming company is (issue 7 §3, spec 02 §4), in memory. An import loads the
 * live listings' match columns once (`ImportSnapshot.load`, about a second at 100,000 listings) and answers each
 * company from indexes on the same terms the database probe used: same registrable domain, same LinkedIn page,
 * same name key, or a similar one by pg_trgm's rules (trigram.ts). Candidates are scored with the duplicate
 * matcher, so an import and a scan agree on a pair. One probe query per company cost 50 ms at 100,000 listings
 * (the trigram index rechecks thousands of rows for a common word); this costs well under a millisecond.
 * Listings others add while an import runs are not seen by it: the duplicate scan finds those pairs later.
 */
import { sql } from "drizzle-orm";
import { refreshMatchColumns } from "~/features/duplicates/server/duplicate-scan.server.ts";
import { matchColumns } from "~/features/duplicates/matching/match-columns.ts";
import { prepare, scorePair, type Band, type PreparedRecord } from "~/features/duplicates/matching/match-score.ts";
import { onChange } from "~/lib/change-feed.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { SIMILARITY_THRESHOLD, trigrams, trigramSimilarity, WORD_SIMILARITY_THRESHOLD } from "../trigram.ts";

/** Enough for any real name: a key shared by more listings than this is a common word, and the best few are first. */
const MAX_CANDIDATES = 50;

export interface ImportMatch {
  listingId: string;
  name: string;
  score: number;
  band: Band;
  reasons: string[];
  autoMergeAllowed: boolean;
}

/** What the matcher needs of a listing. */
export interface MatchableListing {
  id: string;
  name: string;
  websiteUrl: string | null;
  linkedinUrl: string | null;
  countryIds?: readonly number[];
}

interface Entry {
  id: string;
  name: string;
  websiteUrl: string | null;
  linkedinUrl: string | null;
  country: string | null;
  key: string;
  domain: string | null;
  linkedinPage: string | null;
  /** The matcher's view of the listing, worked out the first time it is a candidate. */
  prepared?: PreparedRecord;
}

/** id, name, website, LinkedIn, the one country (or null), match key, match domain, match LinkedIn page. */
type SnapshotRow = [string, string, string | null, string | null, number | null, string | null, string | null, string | null];

function push<K>(map: Map<K, number[]>, key: K, value: number) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * What a snapshot was taken of: live listings, their latest change and how many wait for match columns (a rename or
 * new URL empties them). Equal fingerprints mean no listing was added, merged away, edited or renamed since.
 */
async function fingerprintOf(database: Database): Promise<string> {
  const [row] = await database.rows<{ f: string }>(sql`
    SELECT concat_ws(' ', count(*) FILTER (WHERE processing_status <> 'merged'), max(updated_at), max(created_at),
      count(*) FILTER (WHERE match_key IS NULL)) AS f FROM listings`);
  return row?.f ?? "";
}

/**
 * The last run's snapshot per database, kept for the next run while the listings are as that run left them: dropped
 * when any app server announces a change of listings (decision 0049), and checked against the fingerprint besides,
 * for writes that announce nothing (SQL by hand).
 */
const lastSnapshots = new WeakMap<Database, { snapshot: ImportSnapshot; fingerprint: string }>();
onChange("listings", (database) => lastSnapshots.delete(database));

export class ImportSnapshot {
  /** Live listings by position; a removed one leaves null so the indexes' positions stay valid. */
  private entries: Array<Entry | null> = [];
  private positions = new Map<string, number>();
  private byDomain = new Map<string, number[]>();
  private byLinkedin = new Map<string, number[]>();
  private byKey = new Map<string, number[]>();
  private postings = new Map<string, number[]>();
  /** How many live listings bear each name word, and how many there are: the matcher's rarity weights. */
  private words = new Map<string, number>();
  private liveCount = 0;
  /** Investor listings by exact name, the earliest first (an imported investor links to it). */
  private investors = new Map<string, string>();
  /** Each position's number of distinct trigrams (0: removed), and counting space for `candidates`. */
  private gramCounts = new Uint8Array(1024);
  private shared = new Uint16Array(0);
  /** Industry records by a company's taxonomy keys ("AI::Machine Learning,..."), filled by the batches of a run. */
  readonly industryIds = new Map<string, number[]>();
  private touched = new Int32Array(0);

  /** The live listings, with their match columns brought up to date first. */
  static async load(database: Database): Promise<ImportSnapshot> {
    await refreshMatchColumns(database);
    // One JSON text instead of 100,000 rows: the embedded database's row decoding took 4 s at 100,000 listings,
    // JSON.parse of the same data a tenth of that. Columns by position, to keep the text small.
    const [listed] = await database.rows<{ rows: string | null }>(sql`
      SELECT json_agg(json_build_array(id, name, website_url, linkedin_url,
        CASE WHEN cardinality(country_ids) = 1 THEN country_ids[1] END, match_key, match_domain, match_linkedin))::text AS rows
      FROM listings WHERE processing_status <> 'merged'`);
    const snapshot = new ImportSnapshot();
    for (const row of JSON.parse(listed?.rows ?? "[]") as SnapshotRow[]) {
      const [id, name, websiteUrl, linkedinUrl, country, matchKey, matchDomain, matchLinkedin] = row;
      // The match columns as stored (refreshed just now): working them out again for every listing costs seconds.
      snapshot.add(
        { id, name, websiteUrl, linkedinUrl, countryIds: country === null ? [] : [country] },
        { matchKey: matchKey ?? "", matchDomain, matchLinkedin },
      );
    }
    // An imported investor links to the earliest live investor listing of exactly its name.
    const investors = await database.rows<{ id: string; name: string }>(sql`
      SELECT DISTINCT ON (name) id::text, name FROM listings
      WHERE type = 'investor' AND processing_status <> 'merged' ORDER BY name, created_at, id`);
    for (const investor of investors) snapshot.investors.set(investor.name, investor.id);
    return snapshot;
  }

  /**
   * The previous import's snapshot when nothing changed since it ended (a run of ten provider jobs loads it once:
   * 1.8 s a load at 100,000 listings), else a fresh one.
   */
  static async forImport(database: Database): Promise<ImportSnapshot> {
    const kept = lastSnapshots.get(database);
    if (kept && kept.fingerprint === (await fingerprintOf(database))) {
      // Industries are not in the fingerprint: look them up again.
      kept.snapshot.industryIds.clear();
      return kept.snapshot;
    }
    lastSnapshots.delete(database);
    return ImportSnapshot.load(database);
  }

  /** Keeps this snapshot for the next import, with the listings' fingerprint as this import leaves them. */
  async keepFor(database: Database): Promise<void> {
    lastSnapshots.set(database, { snapshot: this, fingerprint: await fingerprintOf(database) });
  }

  get size(): number {
    return this.liveCount;
  }

  has(id: string): boolean {
    return this.positions.has(id);
  }

  /** A listing the import created (or changed: call `remove` first), so later companies are matched against it. */
  add(listing: MatchableListing, columns: ReturnType<typeof matchColumns> = matchColumns(listing)): void {
    const key = columns.matchKey;
    const grams = key ? trigrams(key) : [];
    const position = this.entries.length;
    const countries = listing.countryIds ?? [];
    this.entries.push({
      id: listing.id,
      name: listing.name,
      websiteUrl: listing.websiteUrl,
      linkedinUrl: listing.linkedinUrl,
      country: countries.length === 1 ? String(countries[0]) : null,
      key,
      domain: columns.matchDomain,
      linkedinPage: columns.matchLinkedin,
    });
    this.positions.set(listing.id, position);
    if (position >= this.gramCounts.length) {
      const grown = new Uint8Array(this.gramCounts.length * 2);
      grown.set(this.gramCounts);
      this.gramCounts = grown;
    }
    this.gramCounts[position] = Math.min(grams.length, 255);
    if (columns.matchDomain) push(this.byDomain, columns.matchDomain, position);
    if (columns.matchLinkedin) push(this.byLinkedin, columns.matchLinkedin, position);
    if (key) push(this.byKey, key, position);
    for (const gram of grams) push(this.postings, gram, position);
    for (const word of new Set(key.split(" ").filter(Boolean))) this.words.set(word, (this.words.get(word) ?? 0) + 1);
    this.liveCount += 1;
  }

  /** Forgets a listing (an import rolled back, or a merge about to add it again with new URLs). */
  remove(id: string): void {
    const position = this.positions.get(id);
    if (position === undefined) return;
    const entry = this.entries[position]!;
    for (const word of new Set(entry.key.split(" ").filter(Boolean))) this.words.set(word, (this.words.get(word) ?? 1) - 1);
    this.entries[position] = null;
    this.gramCounts[position] = 0;
    this.positions.delete(id);
    this.liveCount -= 1;
  }

  investorId(name: string): string | null {
    return this.investors.get(name) ?? null;
  }

  /** The best-scoring live listing for the company, or null when nothing is a candidate. */
  match(listing: Omit<MatchableListing, "id">): ImportMatch | null {
    const incoming = matchColumns(listing);
    const key = incoming.matchKey;
    if (!key && !incoming.matchDomain && !incoming.matchLinkedin) return null;

    // Same domain first, then same LinkedIn page: the database probe's order.
    const pinned = new Map<number, number>();
    for (const position of incoming.matchDomain ? (this.byDomain.get(incoming.matchDomain) ?? []) : []) pinned.set(position, 2);
    for (const position of incoming.matchLinkedin ? (this.byLinkedin.get(incoming.matchLinkedin) ?? []) : [])
      pinned.set(position, (pinned.get(position) ?? 0) + 1);
    const candidates = this.candidates(key, pinned);
    if (!candidates.length) return null;

    // The incoming company counts as one more bearer of its words and name, as it would once written.
    const ownWords = new Set(key.split(" ").filter(Boolean));
    const keyCount = (this.byKey.get(key) ?? []).filter((p) => this.entries[p]).length;
    const context = {
      weight: (word: string) => Math.log(1 + (this.liveCount + 1) / ((this.words.get(word) ?? 0) + (ownWords.has(word) ? 1 : 0) || 1)),
      listingsWithKey: () => Math.max(2, keyCount + 1),
    };
    // No country or industries on the incoming side: the provider's country is not mapped to a record, and its
    // industries are taxonomy keys while older listings hold flat records, which would count as "nothing in common".
    const probe = prepare({ id: "incoming", name: listing.name, website: listing.websiteUrl, linkedin: listing.linkedinUrl });
    let best: ImportMatch | null = null;
    for (const entry of candidates) {
      entry.prepared ??= prepare({
        id: entry.id,
        name: entry.name,
        website: entry.websiteUrl,
        linkedin: entry.linkedinUrl,
        country: entry.country,
      });
      const scored = scorePair(probe, entry.prepared, context);
      if (!best || scored.score > best.score)
        best = {
          listingId: entry.id,
          name: entry.name,
          score: scored.score,
          band: scored.band,
          reasons: scored.reasons,
          autoMergeAllowed: scored.autoMergeAllowed,
        };
    }
    return best;
  }

  /**
   * The database probe's candidates and LIMIT 50, in its order: same domain, then same LinkedIn page, then the most
   * similar name key (`%` or `%>`), then id. A common word ("health", "cloud") makes thousands of candidates, so the
   * counting runs on typed arrays and only the few above the cut-off are sorted.
   */
  private candidates(key: string, pinned: Map<number, number>): Entry[] {
    const grams = key ? trigrams(key) : [];
    const { shared, touched } = this.scratch();
    let touchedCount = 0;
    for (const gram of grams)
      for (const position of this.postings.get(gram) ?? []) {
        if (shared[position] === 0) touched[touchedCount++] = position;
        shared[position]! += 1;
      }
    const positions: number[] = [];
    const values: number[] = [];
    const keep = (position: number, value: number) => {
      positions.push(position);
      values.push(value);
    };
    for (let i = 0; i < touchedCount; i++) {
      const position = touched[i]!;
      const common = shared[position]!;
      shared[position] = 0;
      // Read from a typed array, not the entries: 30,000 object reads a probe were most of its time.
      const gramCount = this.gramCounts[position]!;
      if (gramCount === 0) continue;
      const similarity = trigramSimilarity(common, grams.length, gramCount);
      const rank = pinned.get(position);
      if (rank !== undefined || similarity >= SIMILARITY_THRESHOLD || common / grams.length >= WORD_SIMILARITY_THRESHOLD)
        keep(position, (rank ?? 0) * 10 + similarity);
      pinned.delete(position);
    }
    // Pinned listings whose name shares no trigram at all.
    for (const [position, rank] of pinned) if (this.entries[position]) keep(position, rank * 10);

    let chosen = positions.map((_, i) => i);
    if (chosen.length > MAX_CANDIDATES) {
      const cutoff = Float64Array.from(values).sort()[values.length - MAX_CANDIDATES]!;
      chosen = chosen.filter((i) => values[i]! >= cutoff);
    }
    const idOf = (i: number) => this.entries[positions[i]!]!.id;
    chosen.sort((a, b) => values[b]! - values[a]! || (idOf(a) < idOf(b) ? -1 : idOf(a) > idOf(b) ? 1 : 0));
    return chosen.slice(0, MAX_CANDIDATES).map((i) => this.entries[positions[i]!]!);
  }

  /** Counting space for `candidates`, one slot per position, reused across probes (all zero between them). */
  private scratch() {
    if (this.shared.length < this.entries.length) {
      const size = Math.ceil(Math.max(this.entries.length * 1.25, 1024));
      this.shared = new Uint16Array(size);
      this.touched = new Int32Array(size);
    }
    return { shared: this.shared, touched: this.touched };
  }
}
