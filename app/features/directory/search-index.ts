/**
 * The directory's ranked search over what every card shows: names, taglines and industries (decision 0040). It
 * runs in memory over listing positions, like the filter index, and answers per query the listings of each
 * relevance class as bitsets, best first:
 *   1. the exact name ("vanta pay" → Vanta Pay),
 *   2. a name starting with the query ("vanta" → Vanta Pay, Vanta Foods),
 *   3. every query word starts a word of the name ("pay vanta"),
 *   4. the same with typos in the name ("kario" → Kairo Flow),
 *   5. every word found in the name, tagline or industries, word forms included ("payments" → "payment").
 * Descriptions are matched by the database (search-listings.server.ts) and rank after all of these. "Word" means a
 * query term (queryWordsOf, decision 0082): stop words left out, a linked word found joined or by all its parts.
 *
 * It is made while the listings are read (SearchIndexBuilder), and holds a million of them in 91 MiB, where it took
 * 333 MiB (and 1 GB more while it was made) when every word kept an array of positions and every name a map entry
 * (issue 17, bench/results/search-index-build-2026-11-25.md).
 */
import { AppError } from "~/lib/errors.ts";
import { allowedTypos } from "./edit-distance.ts";
import { emptyBitset, intersectInto, setBit, uniteInto, type Bitset } from "./bitset.ts";
import { normalizeText, queryWordsOf, stem, wordsOf } from "./search-text.ts";
import { Chunks, VocabularyBuilder, WordTable, type Vocabulary } from "./search-vocabulary.ts";
import { runAtOnce, runInSlices, sortedOrder, type Steps } from "./sliced-steps.ts";
import { PlainReader } from "./plain-reader.ts";

/** What one listing contributes, at its position in the directory order. */
export interface SearchableListing {
  name: string;
  tagline: string | null;
  industries: string[];
}

/** Per query: the listings of each class (they overlap: a class's listings usually also fit the ones below it). */
export interface RankedClasses {
  exactName: Bitset;
  namePrefix: Bitset;
  nameWords: Bitset;
  nameTypos: Bitset;
  cardText: Bitset;
  /** Per query word, the listings whose card text has it: the description matches are added to these. */
  perWord: Bitset[];
  /** Per query word, the listings whose name has it (typos allowed): the best place for a word to match. */
  inName: Bitset[];
  /** The query's words in normal form, as the description search needs them (stop words left out). */
  words: string[];
  /** The terms a listing must match, as alternatives of words (queryWordsOf). */
  terms: number[][][];
}

/**
 * The normalised names (normalizeText) in order, joined into a few long strings: a million names as separate strings,
 * each in a map entry of its own, took most of the index's memory. Exact names and name prefixes are found by binary
 * search.
 */
class SortedNames {
  constructor(
    /** The names in order, NAMES_PER_PIECE to a string. */
    private readonly pieces: readonly string[],
    /** Where each name starts, counting through the pieces one after another; one more for the end of the last. */
    private readonly starts: Uint32Array,
    /** The positions of the listings, in name order. */
    private readonly positions: Uint32Array,
  ) {}

  /** The listings named `phrase` exactly or, with `prefix`, named starting with it. */
  matching(phrase: string, prefix: boolean, size: number): Bitset {
    const out = emptyBitset(size);
    let low = 0;
    let high = this.positions.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.compare(mid, phrase) < 0) low = mid + 1;
      else high = mid;
    }
    for (let i = low; i < this.positions.length; i++) {
      const length = this.starts[i + 1]! - this.starts[i]!;
      if (prefix ? length < phrase.length : length !== phrase.length) break;
      if (!this.pieceOf(i).startsWith(phrase, this.startIn(i))) break;
      setBit(out, this.positions[i]!);
    }
    return out;
  }

  /** The name at `i` against `phrase`, as `<` compares strings. */
  private compare(i: number, phrase: string): number {
    const piece = this.pieceOf(i);
    const start = this.startIn(i);
    const length = this.starts[i + 1]! - this.starts[i]!;
    const shared = Math.min(length, phrase.length);
    for (let k = 0; k < shared; k++) {
      const difference = piece.charCodeAt(start + k) - phrase.charCodeAt(k);
      if (difference) return difference;
    }
    return length - phrase.length;
  }

  private pieceOf(i: number): string {
    return this.pieces[Math.floor(i / NAMES_PER_PIECE)]!;
  }

  /** Where the name at `i` starts in its piece. */
  private startIn(i: number): number {
    return this.starts[i]! - this.starts[i - (i % NAMES_PER_PIECE)]!;
  }
}

/** The card words of each stem, for "payments" to find "payment": word indexes ordered by their stem. */
class Stems {
  constructor(
    private readonly stems: readonly string[],
    private readonly words: Uint32Array,
  ) {}

  static *of(vocabulary: Vocabulary): Steps<Stems> {
    const stems: string[] = [];
    for (const word of vocabulary.words) {
      stems.push(stem(word));
      if ((stems.length & 1023) === 0) yield;
    }
    const order = yield* sortedOrder(stems);
    return new Stems(
      Array.from(order, (i) => stems[i]!),
      order,
    );
  }

  /** Indexes of the card words with the stem `of`. */
  wordsWith(of: string): number[] {
    let low = 0;
    let high = this.stems.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.stems[mid]! < of) low = mid + 1;
      else high = mid;
    }
    const out: number[] = [];
    for (let i = low; i < this.stems.length && this.stems[i] === of; i++) out.push(this.words[i]!);
    return out;
  }
}

/** What a SearchIndexBuilder makes a SearchIndex of. */
interface IndexParts {
  size: number;
  names: SortedNames;
  nameWords: Vocabulary;
  cardWords: Vocabulary;
  cardStems: Stems;
}

export class SearchIndex {
  readonly size: number;
  private readonly names: SortedNames;
  private readonly nameWords: Vocabulary;
  private readonly cardWords: Vocabulary;
  private readonly cardStems: Stems;

  /** Made by a SearchIndexBuilder (or of()). */
  constructor(parts: IndexParts) {
    ({ size: this.size, names: this.names, nameWords: this.nameWords, cardWords: this.cardWords, cardStems: this.cardStems } = parts);
  }

  /** For a few listings at once (tests); a SearchIndexBuilder gives the event loop back while it makes many. */
  static of(listings: readonly SearchableListing[]): SearchIndex {
    const builder = new SearchIndexBuilder(listings.length);
    listings.forEach((listing, position) => builder.add(position, listing.name, listing.tagline, listing.industries));
    return builder.finishAtOnce();
  }

  /** The listings of each relevance class for a search text. */
  rank(search: string): RankedClasses {
    const phrase = normalizeText(search);
    const { words, terms } = queryWordsOf(search);
    const exactName = this.names.matching(phrase, false, this.size);
    const namePrefix = phrase.length < 2 ? emptyBitset(this.size) : this.names.matching(phrase, true, this.size);
    const inName = words.map((word) => this.nameWords.union(this.size, this.nameWords.withPrefix(word)));
    const nearName = words.map((word, i) => uniteInto(this.nameWords.union(this.size, this.nameWords.near(word)), inName[i]!));
    const perWord = words.map((word, i) => {
      const set = this.cardWords.union(this.size, [...this.cardWords.withPrefix(word), ...this.cardWords.near(word)]);
      for (const j of this.cardStems.wordsWith(stem(word))) this.cardWords.uniteWord(set, j);
      return uniteInto(set, nearName[i]!);
    });
    return {
      exactName,
      namePrefix,
      nameWords: allOf(termSets(terms, inName, this.size), this.size),
      nameTypos: allOf(termSets(terms, nearName, this.size), this.size),
      cardText: allOf(termSets(terms, perWord, this.size), this.size),
      perWord,
      inName: nearName,
      words,
      terms,
    };
  }

  /** A word of the card text near `word` with more typos than a search allows, for "did you mean" (decision 0082). */
  respell(word: string): string | null {
    return this.cardWords.closest(word, allowedTypos(word) + 1);
  }
}

/** Per term, the listings matching it: any alternative, each with all its words (sets: per word of the query). */
export function termSets(terms: number[][][], sets: Bitset[], size: number): Bitset[] {
  return terms.map((alternatives) => {
    const out = emptyBitset(size);
    for (const words of alternatives)
      uniteInto(
        out,
        allOf(
          words.map((i) => sets[i]!),
          size,
        ),
      );
    return out;
  });
}

/** Listings in every set (none when there are no sets: an empty query matches nothing). */
export function allOf(sets: Bitset[], size: number): Bitset {
  if (!sets.length) return emptyBitset(size);
  const out = sets[0]!.slice();
  for (const set of sets.slice(1)) intersectInto(out, set);
  return out;
}

/**
 * Makes a SearchIndex while the listings are read, one after another in the directory order: the caller needs no
 * array of them all. Each add() is a few microseconds; finish() sorts and packs what was gathered in slices that give
 * the event loop back, so a process keeps answering requests while it makes the index of a million listings.
 */
export class SearchIndexBuilder {
  private nameKeys: string[];
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
  private added = 0;
  private finished = false;

  constructor(readonly size: number) {
    this.nameKeys = new Array<string>(size);
    this.nameWords = new VocabularyBuilder(size);
    this.cardWords = new VocabularyBuilder(size);
  }

  /** The listing at `position`: positions 0 to size - 1, each once, in order. */
  add(position: number, name: string, tagline: string | null, industries: readonly string[]): void {
    if (position !== this.added || position >= this.size || this.finished) {
      throw new AppError("internal", `search index: listing ${position} added after ${this.added} of ${this.size}`);
    }
    this.added++;
    const reader = this.reader;
    if (reader.read(name)) {
      this.nameKeys[position] = reader.normal ? reader.lower : normalizeText(name);
      for (let k = 0; k < reader.starts.length; k++)
        this.addNameWord(this.table.idIn(reader.lower, reader.starts[k]!, reader.ends[k]!), position);
      for (const word of reader.others) this.addNameWord(this.table.idOf(word), position);
    } else {
      this.nameKeys[position] = normalizeText(name);
      for (const word of wordsOf(name)) this.addNameWord(this.table.idOf(word), position);
    }
    if (tagline) this.addText(tagline, position);
    for (const industry of industries) this.addText(industry, position);
  }

  /** The index, made in slices that give the event loop back. */
  finish(): Promise<SearchIndex> {
    return runInSlices(this.steps());
  }

  /** The index, made at once: for a few listings (tests). */
  finishAtOnce(): SearchIndex {
    return runAtOnce(this.steps());
  }

  private addNameWord(id: number, position: number): void {
    this.nameWords.add(id, position);
    this.cardWords.add(id, position);
  }

  private addText(text: string, position: number): void {
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
    for (let k = at + 1, end = k + this.textIds.at(at); k < end; k++) this.cardWords.add(this.textIds.at(k), position);
  }

  private *steps(): Steps<SearchIndex> {
    if (this.finished || this.added !== this.size) {
      throw new AppError("internal", `search index: finished with ${this.added} of ${this.size} listings`);
    }
    this.finished = true;
    this.texts.clear();
    this.textIds.clear();
    const names = yield* this.sortedNames();
    const words = this.table.words;
    const order = yield* this.table.sorted();
    const nameWords = yield* this.nameWords.build(words, order);
    const cardWords = yield* this.cardWords.build(words, order);
    const cardStems = yield* Stems.of(cardWords);
    return new SearchIndex({ size: this.size, names, nameWords, cardWords, cardStems });
  }

  private *sortedNames(): Steps<SortedNames> {
    const order = yield* sortedOrder(this.nameKeys);
    const starts = new Uint32Array(this.size + 1);
    const pieces: string[] = [];
    for (let from = 0; from < this.size; from += NAMES_PER_PIECE) {
      const piece: string[] = [];
      for (let i = from; i < Math.min(this.size, from + NAMES_PER_PIECE); i++) {
        const key = this.nameKeys[order[i]!]!;
        piece.push(key);
        starts[i + 1] = starts[i]! + key.length;
      }
      pieces.push(piece.join(""));
      yield;
    }
    this.nameKeys = [];
    return new SortedNames(pieces, starts, order);
  }
}

/** Distinct taglines and industry names whose words are remembered at a time (then forgotten, and again). */
const TEXTS_REMEMBERED = 100_000;
/** Names joined into one string (a step of the build: joining them all at once held the event loop for 15 ms). */
const NAMES_PER_PIECE = 8_192;
