/**
 * The built, unchanging part of the directory's search over card text (search-index.ts): sorted names, the name and
 * card vocabularies and the card words by stem, over listing slots, answering a query's relevance classes as bitsets
 * of its capacity. It is never changed once made: listings changed since are masked out of its answers and answered
 * by a small one made of them alone (SearchIndex), until the two are merged into a new one (card-text-merge.ts).
 */
import { allowedTypos } from "./edit-distance.ts";
import { emptyBitset, intersectInto, setBit, uniteInto, type Bitset } from "./bitset.ts";
import { normalizeText, queryWordsOf, stem } from "./search-text.ts";
import type { Vocabulary } from "./search-vocabulary.ts";
import { sortedOrder, type Steps } from "./sliced-steps.ts";
import { lowerBound } from "./sorted-slots.ts";

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

/** Names joined into one string (a step of the build: joining them all at once held the event loop for 15 ms). */
export const NAMES_PER_PIECE = 8_192;

/**
 * The normalised names (normalizeText) in order, joined into a few long strings: a million names as separate strings,
 * each in a map entry of its own, took most of the index's memory. Exact names and name prefixes are found by binary
 * search.
 */
export class SortedNames {
  constructor(
    /** The names in order, NAMES_PER_PIECE to a string. */
    private readonly pieces: readonly string[],
    /** Where each name starts, counting through the pieces one after another; one more for the end of the last. */
    private readonly starts: Uint32Array,
    /** The slots of the listings, in name order. */
    readonly slots: Uint32Array,
  ) {}

  /** Names sorted with their slots (ties by slot), packed in steps. */
  static *of(keys: readonly string[], slots: ArrayLike<number>): Steps<SortedNames> {
    const order = yield* sortedOrder(keys);
    const starts = new Uint32Array(keys.length + 1);
    const pieces: string[] = [];
    const sortedSlots = new Uint32Array(keys.length);
    for (let from = 0; from < keys.length; from += NAMES_PER_PIECE) {
      const piece: string[] = [];
      for (let i = from; i < Math.min(keys.length, from + NAMES_PER_PIECE); i++) {
        const key = keys[order[i]!]!;
        piece.push(key);
        sortedSlots[i] = slots[order[i]!]!;
        starts[i + 1] = starts[i]! + key.length;
      }
      pieces.push(piece.join(""));
      yield;
    }
    return new SortedNames(pieces, starts, sortedSlots);
  }

  get length(): number {
    return this.slots.length;
  }

  /** What it is made of, for a snapshot (index-snapshot.server.ts); `new SortedNames(...)` takes them back. */
  toParts(): { pieces: readonly string[]; starts: Uint32Array; slots: Uint32Array } {
    return { pieces: this.pieces, starts: this.starts, slots: this.slots };
  }

  /** The name at `i` in name order. */
  nameAt(i: number): string {
    const start = this.startIn(i);
    return this.pieceOf(i).slice(start, start + this.starts[i + 1]! - this.starts[i]!);
  }

  /** The listings named `phrase` exactly or, with `prefix`, named starting with it. */
  matching(phrase: string, prefix: boolean, capacity: number): Bitset {
    const out = emptyBitset(capacity);
    let low = 0;
    let high = this.slots.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.compare(mid, phrase) < 0) low = mid + 1;
      else high = mid;
    }
    for (let i = low; i < this.slots.length; i++) {
      const length = this.starts[i + 1]! - this.starts[i]!;
      if (prefix ? length < phrase.length : length !== phrase.length) break;
      if (!this.pieceOf(i).startsWith(phrase, this.startIn(i))) break;
      setBit(out, this.slots[i]!);
    }
    return out;
  }

  /** Bytes held, roughly: the pieces (two per character) and the arrays. */
  bytes(): number {
    return 2 * this.starts[this.slots.length]! + this.starts.byteLength + this.slots.byteLength;
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
export class Stems {
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

  /** What it is made of, for a snapshot; `new Stems(...)` takes them back. */
  toParts(): { stems: readonly string[]; words: Uint32Array } {
    return { stems: this.stems, words: this.words };
  }

  /** Indexes of the card words with the stem `of`. */
  wordsWith(of: string): number[] {
    const low = lowerBound(this.stems, (stem) => stem < of);
    const out: number[] = [];
    for (let i = low; i < this.stems.length && this.stems[i] === of; i++) out.push(this.words[i]!);
    return out;
  }

  bytes(): number {
    return this.words.byteLength + this.stems.reduce((sum, s) => sum + 16 + 2 * s.length, 0);
  }
}

/** What a CardTextIndex is made of. */
export interface CardTextParts {
  capacity: number;
  names: SortedNames;
  nameWords: Vocabulary;
  cardWords: Vocabulary;
  cardStems: Stems;
}

export class CardTextIndex {
  readonly capacity: number;
  readonly names: SortedNames;
  readonly nameWords: Vocabulary;
  readonly cardWords: Vocabulary;
  private readonly cardStems: Stems;

  constructor(parts: CardTextParts) {
    ({
      capacity: this.capacity,
      names: this.names,
      nameWords: this.nameWords,
      cardWords: this.cardWords,
      cardStems: this.cardStems,
    } = parts);
  }

  /** What it is made of, for a snapshot; `new CardTextIndex(parts)` takes them back. */
  toParts(): CardTextParts {
    return { capacity: this.capacity, names: this.names, nameWords: this.nameWords, cardWords: this.cardWords, cardStems: this.cardStems };
  }

  /** The listings of each relevance class for a search text. */
  rank(search: string): RankedClasses {
    const capacity = this.capacity;
    const phrase = normalizeText(search);
    const { words, terms } = queryWordsOf(search);
    const exactName = this.names.matching(phrase, false, capacity);
    const namePrefix = phrase.length < 2 ? emptyBitset(capacity) : this.names.matching(phrase, true, capacity);
    const inName = words.map((word) => this.nameWords.union(capacity, this.nameWords.withPrefix(word)));
    const nearName = words.map((word, i) => uniteInto(this.nameWords.union(capacity, this.nameWords.near(word)), inName[i]!));
    const perWord = words.map((word, i) => {
      const set = this.cardWords.union(capacity, [...this.cardWords.withPrefix(word), ...this.cardWords.near(word)]);
      for (const j of this.cardStems.wordsWith(stem(word))) this.cardWords.uniteWord(set, j);
      return uniteInto(set, nearName[i]!);
    });
    return {
      exactName,
      namePrefix,
      nameWords: allOf(termSets(terms, inName, capacity), capacity),
      nameTypos: allOf(termSets(terms, nearName, capacity), capacity),
      cardText: allOf(termSets(terms, perWord, capacity), capacity),
      perWord,
      inName: nearName,
      words,
      terms,
    };
  }

  /**
   * The card words near `word` with at most `max` typos and their distance, leaving out words used only by listings
   * in `gone` (changed since this index was made).
   */
  near(word: string, max: number, gone?: Bitset): Array<{ word: string; distance: number }> {
    return this.cardWords
      .nearWithDistance(word, max)
      .filter(({ index }) => !gone || this.cardWords.usedOutside(index, gone))
      .map(({ index, distance }) => ({ word: this.cardWords.words[index]!, distance }));
  }

  /** A word of the card text near `word` with more typos than a search allows, for "did you mean" (decision 0082). */
  respell(word: string): string | null {
    return closestOf(this.near(word, allowedTypos(word) + 1));
  }

  /** Bytes held, roughly (for the bench and the process's memory report). */
  bytes(): number {
    return this.names.bytes() + this.nameWords.bytes() + this.cardWords.bytes() + this.cardStems.bytes();
  }
}

/**
 * The candidate fewest typos away, or null; among equals the first as Vocabulary.near lists them (shorter words
 * first, then in word order), so candidates from two vocabularies are put in that order first.
 */
export function closestOf(candidates: Array<{ word: string; distance: number }>): string | null {
  const ordered = candidates.slice().sort((a, b) => a.word.length - b.word.length || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
  let best: { word: string; distance: number } | null = null;
  for (const candidate of ordered) if (!best || candidate.distance < best.distance) best = candidate;
  return best?.word ?? null;
}

/**
 * Per term, the listings matching it: any alternative, each with all its words (sets: per word of the query). A term
 * of one alternative is that alternative's answer (allOf), not a copy: the callers only read it.
 */
export function termSets(terms: number[][][], sets: Bitset[], capacity: number): Bitset[] {
  return terms.map((alternatives) => {
    if (alternatives.length === 1)
      return allOf(
        alternatives[0]!.map((i) => sets[i]!),
        capacity,
      );
    const out = emptyBitset(capacity);
    for (const words of alternatives)
      uniteInto(
        out,
        allOf(
          words.map((i) => sets[i]!),
          capacity,
        ),
      );
    return out;
  });
}

/**
 * Listings in every set (none when there are no sets: an empty query matches nothing). A single set is the answer
 * itself, not a copy (a one-word term, a one-term search): the callers only read it.
 */
export function allOf(sets: Bitset[], capacity: number): Bitset {
  if (!sets.length) return emptyBitset(capacity);
  if (sets.length === 1) return sets[0]!;
  const out = sets[0]!.slice();
  for (const set of sets.slice(1)) intersectInto(out, set);
  return out;
}
