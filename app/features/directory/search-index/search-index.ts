/**
 * The directory's ranked search over what every card shows: names, taglines and industries (decision 0040). It
 * runs in memory over listing slots, like the filter index, and answers per query the listings of each relevance
 * class as bitsets of the index's capacity, best first:
 *   1. the exact name ("vanta pay" → Vanta Pay),
 *   2. a name starting with the query ("vanta" → Vanta Pay, Vanta Foods),
 *   3. every query word starts a word of the name ("pay vanta"),
 *   4. the same with typos in the name ("kario" → Kairo Flow),
 *   5. every word found in the name, tagline or industries, word forms included ("payments" → "payment").
 * Descriptions are matched by the description index (description-index.ts) and rank after all of these. "Word" means
 * a query term (queryWordsOf, decision 0082): stop words left out, a linked word found joined or by all its parts.
 *
 * It is made while the listings are read (SearchIndexBuilder), and holds a million of them in 91 MiB, where it took
 * 333 MiB (and 1 GB more while it was made) when every word kept an array of positions and every name a map entry
 * (issue 17, bench/results/search-index-build-2026-11-25.md).
 *
 * It follows changes per listing (update(), issue 33, decision 0096): the built index (card-text-index.ts) never
 * changes; changed listings are answered beside it by a small index of their own until the two are merged
 * (card-text-merge.ts), as changed-slots.ts does for both text indexes.
 */
import { AppError } from "~/lib/errors.ts";
import { ChangedSlots, type TextIndexKind } from "./changed-slots.ts";
import { CardTextIndex, closestOf, SortedNames, Stems, type RankedClasses } from "./card-text-index.ts";
import { layered, mergedCardText } from "./card-text-merge.ts";
import { allowedTypos } from "./edit-distance.ts";
import { normalizeText, wordsOf } from "./search-text.ts";
import { Chunks, VocabularyBuilder, WordTable } from "./search-vocabulary.ts";
import { runAtOnce, runInSlices, type Steps } from "./sliced-steps.ts";
import { PlainReader } from "./plain-reader.ts";

export { allOf, termSets, type RankedClasses } from "./card-text-index.ts";

/** What one listing contributes, at its slot. */
export interface SearchableListing {
  name: string;
  tagline: string | null;
  industries: readonly string[];
}

export { COMPACT_AT } from "./changed-slots.ts";

/** How the card-text search follows changes per listing (changed-slots.ts). */
const CARD_TEXT: TextIndexKind<CardTextIndex, SearchableListing> = {
  name: "search index",
  copy: (listing) => ({ name: listing.name, tagline: listing.tagline, industries: [...listing.industries] }),
  indexOf(listings) {
    const builder = new SearchIndexBuilder(listings.length);
    listings.forEach((listing, position) => builder.add(position, listing.name, listing.tagline, listing.industries));
    return runAtOnce(builder.cardTextSteps());
  },
  merged: mergedCardText,
};

export class SearchIndex extends ChangedSlots<CardTextIndex, SearchableListing> {
  constructor(base: CardTextIndex) {
    super(base, CARD_TEXT);
  }

  /** For a few listings at once (tests): slot = place in the list. */
  static of(listings: readonly SearchableListing[], capacity = listings.length): SearchIndex {
    const builder = new SearchIndexBuilder(capacity);
    listings.forEach((listing, slot) => builder.add(slot, listing.name, listing.tagline, listing.industries));
    return builder.finishAtOnce();
  }

  /** A built index and the listings changed since, as state() gave them (a snapshot: index-snapshot.server.ts). */
  static restored(base: CardTextIndex, changes: ReadonlyArray<[slot: number, listing: SearchableListing | null]>): SearchIndex {
    const search = new SearchIndex(base);
    search.restore(changes);
    return search;
  }

  /** The listings of each relevance class for a search text. */
  rank(search: string): RankedClasses {
    const ranked = this.base.rank(search);
    const delta = this.deltaIndex();
    if (!delta) return ranked;
    const near = delta.index.rank(search);
    const { gone } = this;
    for (const key of ["exactName", "namePrefix", "nameWords", "nameTypos", "cardText"] as const)
      layered(ranked[key], gone, near[key], delta.slots);
    ranked.perWord.forEach((set, i) => layered(set, gone, near.perWord[i], delta.slots));
    ranked.inName.forEach((set, i) => layered(set, gone, near.inName[i], delta.slots));
    return ranked;
  }

  /** A word of the card text near `word` with more typos than a search allows, for "did you mean" (decision 0082). */
  respell(word: string): string | null {
    const delta = this.deltaIndex();
    if (!delta) return this.base.respell(word);
    const max = allowedTypos(word) + 1;
    return closestOf([...this.base.near(word, max, this.gone), ...delta.index.near(word, max)]);
  }

  /** Bytes held, roughly (for the bench and the process's memory report). */
  bytes(): number {
    const { base, gone, heldDelta, changed } = this;
    return base.bytes() + gone.byteLength + (heldDelta?.bytes() ?? 0) + 200 * changed;
  }
}

/**
 * Makes a SearchIndex while the listings are read, one after another by slot: the caller needs no array of them all.
 * Each add() is a few microseconds; finish() sorts and packs what was gathered in slices that give the event loop
 * back, so a process keeps answering requests while it makes the index of a million listings.
 */
export class SearchIndexBuilder {
  private nameKeys: string[] = [];
  private nameSlots: number[] = [];
  private readonly table = new WordTable();
  private readonly nameWords: VocabularyBuilder;
  private readonly cardWords: VocabularyBuilder;
  /**
   * Taglines and industry names repeat across listings: where each one's word ids are in `textIds` (its count of
   * words, then the ids), for the last TEXTS_REMEMBERED of them.
   */
  private readonly texts = new Map<string, number>();
  private readonly textIds = new Chunks();
  private readonly reader = new PlainReader();
  /** The slot after the one added last. */
  private next = 0;
  private finished = false;

  /** For slots 0 to capacity - 1 (the bits of every answer). */
  constructor(readonly capacity: number) {
    this.nameWords = new VocabularyBuilder(capacity);
    this.cardWords = new VocabularyBuilder(capacity);
  }

  /** The listing at `slot`: slots ascending, each at most once (a slot left out holds no listing). */
  add(slot: number, name: string, tagline: string | null, industries: readonly string[]): void {
    if (slot < this.next || slot >= this.capacity || this.finished) {
      throw new AppError("internal", `search index: slot ${slot} added after ${this.next} of ${this.capacity}`);
    }
    this.next = slot + 1;
    this.nameSlots.push(slot);
    const reader = this.reader;
    if (reader.read(name)) {
      this.nameKeys.push(reader.normal ? reader.lower : normalizeText(name));
      for (let k = 0; k < reader.starts.length; k++)
        this.addNameWord(this.table.idIn(reader.lower, reader.starts[k]!, reader.ends[k]!), slot);
      for (const word of reader.others) this.addNameWord(this.table.idOf(word), slot);
    } else {
      this.nameKeys.push(normalizeText(name));
      for (const word of wordsOf(name)) this.addNameWord(this.table.idOf(word), slot);
    }
    if (tagline) this.addText(tagline, slot);
    for (const industry of industries) this.addText(industry, slot);
  }

  /** The index, made in slices that give the event loop back. */
  async finish(): Promise<SearchIndex> {
    return new SearchIndex(await runInSlices(this.cardTextSteps()));
  }

  /** The index, made at once: for a few listings (tests). */
  finishAtOnce(): SearchIndex {
    return new SearchIndex(runAtOnce(this.cardTextSteps()));
  }

  /** The built part of the index, in steps; the builder is spent. */
  *cardTextSteps(): Steps<CardTextIndex> {
    if (this.finished) throw new AppError("internal", "search index: finished twice");
    this.finished = true;
    this.texts.clear();
    this.textIds.clear();
    const names = yield* SortedNames.of(this.nameKeys, this.nameSlots);
    this.nameKeys = [];
    this.nameSlots = [];
    const words = this.table.words;
    const order = yield* this.table.sorted();
    const nameWords = yield* this.nameWords.build(words, order);
    const cardWords = yield* this.cardWords.build(words, order);
    const cardStems = yield* Stems.of(cardWords);
    return new CardTextIndex({ capacity: this.capacity, names, nameWords, cardWords, cardStems });
  }

  private addNameWord(id: number, slot: number): void {
    this.nameWords.add(id, slot);
    this.cardWords.add(id, slot);
  }

  private addText(text: string, slot: number): void {
    let at = this.texts.get(text);
    if (at === undefined) {
      if (this.texts.size >= TEXTS_REMEMBERED) {
        this.texts.clear();
        this.textIds.clear();
      }
      at = this.textIds.length;
      this.texts.set(text, at);
      const ids = this.textIds;
      ids.push(0);
      const reader = this.reader;
      if (reader.read(text)) {
        for (let k = 0; k < reader.starts.length; k++) ids.push(this.table.idIn(reader.lower, reader.starts[k]!, reader.ends[k]!));
        for (const word of reader.others) ids.push(this.table.idOf(word));
      } else for (const word of wordsOf(text)) ids.push(this.table.idOf(word));
      ids.set(at, ids.length - at - 1);
    }
    for (let k = at + 1, end = k + this.textIds.at(at); k < end; k++) this.cardWords.add(this.textIds.at(k), slot);
  }
}

/** Distinct taglines and industry names whose words are remembered at a time (then forgotten, and again). */
const TEXTS_REMEMBERED = 100_000;
