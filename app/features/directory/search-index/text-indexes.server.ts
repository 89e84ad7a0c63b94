/**
 * The directory's two text indexes for one directory index, and how they follow changes (issue 33, decision 0096):
 * the card-text search (search-index.ts, made by the directory index) and the description index
 * (description-search.ts), read from the database on the first description search and answered by the database's
 * own full-text query until it is read.
 *
 * For the change step of the directory index: after it has moved the changed listings' slots, it calls
 *
 *     await applyTextChanges(database, index, changes, rows)   // changes: Array<{ id, slot, previousSlot }>
 *
 * once per batch, batches one after another (each awaited). `slot` is where the listing is now (null: it left the
 * index: unpublished or deleted), `previousSlot` where it was (null: it is new); `rows` are the batch's rows, whose
 * name, tagline and industries the card-text search takes. This reads the description lexemes of those listings,
 * updates both indexes, and every search after it resolves sees the change (textVersion() changes, so no cached
 * answer from before is served).
 *
 * A snapshot of the directory index carries both (text-index-snapshot.server.ts): adoptDescriptions() gives a loaded
 * index the description index the snapshot held.
 */
import type { Database } from "~/lib/db.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { getReferenceData } from "../../catalog/reference-data.server.ts";
import type { Bitset } from "./bitset.ts";
import type { DescriptionSearch } from "./description-search.ts";
import { databaseMatches, descriptionQuery, readDescriptionIndex, readLexemes } from "./description-index.server.ts";
import type { DirectoryIndex } from "./directory-index.ts";
import type { IndexRow } from "./index-builder.ts";
import type { SearchableListing } from "./search-index.ts";

/** A listing a change touched, and its slots before and after (null: none). */
export interface ListingChange {
  id: string;
  slot: number | null;
  previousSlot: number | null;
}

interface TextIndexes {
  /** Changes applied so far: cached answers are kept per version. */
  version: number;
  descriptions?: DescriptionSearch;
  reading?: Promise<void>;
  /** Changes applied while the description index was being read: applied to it again once it is read. */
  missed: ListingChange[];
}

/** By the index's shared columns: every version of one index (directory-index.ts `next`) has the same text indexes. */
const held = new WeakMap<object, TextIndexes>();

/**
 * Below this many slots a search waits for the description index to be read (a fraction of a second); above, the
 * database answers until it is (some seconds at a million listings: a process is ready before it).
 */
const WAIT_FOR_READ_BELOW = 20_000;

function textIndexesOf(index: DirectoryIndex): TextIndexes {
  let text = held.get(index.parts);
  if (!text) held.set(index.parts, (text = { version: 0, missed: [] }));
  return text;
}

/** Changes to the text indexes of `index` so far: a cached answer of another version is not served. */
export function textVersion(index: DirectoryIndex): number {
  return textIndexesOf(index).version;
}

/** Starts reading the description index (once), e.g. when a process has built its directory index. */
export function warmDescriptionIndex(database: Database, index: DirectoryIndex): Promise<void> {
  const text = textIndexesOf(index);
  text.reading ??= (async () => {
    const capacity = index.search.capacity;
    const descriptions = await readDescriptionIndex(database, capacity, (id) => index.slotOf(id));
    // Catch up with what changed while it was read, until nothing is left (each catch-up is a few listings).
    while (text.missed.length) {
      const missed = text.missed.splice(0);
      await applyDescriptions(database, descriptions, missed);
    }
    text.descriptions = descriptions;
    text.version++;
  })().catch((error: unknown) => {
    logger.error({ err: error }, "description index read failed; descriptions are searched in the database");
    text.reading = undefined;
  });
  return text.reading;
}

/**
 * Listings whose description has a word starting with `word` (its English stem, so word forms match too), as
 * `terms @@ to_tsquery('english', 'word:*')` finds them: from memory once the description index is read, from the
 * database before that and for the rare word the index cannot answer (tsvector-text.ts).
 */
export async function descriptionMatches(database: Database, index: DirectoryIndex, word: string, capacity: number): Promise<Bitset> {
  const text = textIndexesOf(index);
  const reading = warmDescriptionIndex(database, index);
  if (capacity <= WAIT_FOR_READ_BELOW) await reading;
  const query = await descriptionQuery(database, word);
  if (query.kind === "none") return new Uint32Array((capacity + 31) >>> 5);
  if (query.kind === "lexeme" && text.descriptions) return text.descriptions.matching(query.lexeme, query.prefix);
  const out = new Uint32Array((capacity + 31) >>> 5);
  for (const id of await databaseMatches(database, word)) {
    const slot = index.slotOf(id);
    if (slot !== undefined && slot < capacity) out[slot >>> 5]! |= 1 << (slot & 31);
  }
  return out;
}

/** Updates both text indexes of `index` for the listings changed (see the top of this file). */
export async function applyTextChanges(
  database: Database,
  index: DirectoryIndex,
  changes: readonly ListingChange[],
  rows: readonly CardRow[],
): Promise<void> {
  if (!changes.length) return;
  const text = textIndexesOf(index);
  const search = index.search;
  const cards = await cardsOf(database, rows);
  updateSlots(changes, cards, (slot, card) => search.update(slot, card));
  if (text.descriptions) await applyDescriptions(database, text.descriptions, changes);
  else if (text.reading) text.missed.push(...changes);
  text.version++;
}

async function applyDescriptions(database: Database, descriptions: DescriptionSearch, changes: readonly ListingChange[]): Promise<void> {
  const lexemes = await readLexemes(database, stillListed(changes));
  updateSlots(changes, lexemes, (slot, words) => descriptions.update(slot, words));
}

/** The ids of the changed listings the index still holds (the others are only cleared). */
function stillListed(changes: readonly ListingChange[]): string[] {
  return changes.filter((change) => change.slot !== null).map((change) => change.id);
}

/** A listing that left its slot clears it; one that holds a slot gets its value there (none read: cleared). */
function updateSlots<V>(
  changes: readonly ListingChange[],
  values: ReadonlyMap<string, V>,
  update: (slot: number, value: V | null) => void,
): void {
  for (const change of changes) {
    if (change.previousSlot !== null && change.previousSlot !== change.slot) update(change.previousSlot, null);
    if (change.slot !== null) update(change.slot, values.get(change.id) ?? null);
  }
}

/** What a changed listing's card shows, as the change log's catch-up read it (directory-changes.server.ts). */
export type CardRow = Pick<IndexRow, "id" | "name" | "tagline" | "industry_ids">;

/** The cards of these rows as the search index reads them (industries by name). */
async function cardsOf(database: Database, rows: readonly CardRow[]): Promise<Map<string, SearchableListing>> {
  if (!rows.length) return new Map();
  const reference = await getReferenceData(database);
  const industryName = new Map(reference.industries.map((industry) => [industry.id, industry.name]));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        name: row.name,
        tagline: row.tagline,
        industries: (row.industry_ids ?? []).map((id) => industryName.get(id) ?? "").filter(Boolean),
      },
    ]),
  );
}

/** The description index of `index` once read (for its snapshot), else undefined. */
export function descriptionsOf(index: DirectoryIndex): DescriptionSearch | undefined {
  return textIndexesOf(index).descriptions;
}

/** Gives an index loaded from a snapshot the description index the snapshot held: it is not read again. */
export function adoptDescriptions(index: DirectoryIndex, descriptions: DescriptionSearch): void {
  const text = textIndexesOf(index);
  text.descriptions = descriptions;
  text.reading = Promise.resolve();
  text.version++;
}

/** Bytes the text indexes of `index` hold (for the bench and the memory report); descriptions 0 until read. */
export function textIndexBytes(index: DirectoryIndex): { cards: number; descriptions: number } {
  const text = textIndexesOf(index);
  return { cards: index.search.bytes(), descriptions: text.descriptions?.bytes() ?? 0 };
}
