/**
 * The word lists of the directory's search index (search-index.ts): each word's listings, its words found by prefix
 * and by typo, and how they are gathered while the listings are read one after another, in steps that give the event
 * loop back. Made to hold a million listings in little memory (issue 17): postings are typed arrays, one run per word
 * in a single array, and a word on one listing in 32 or more keeps a bitset instead (no larger than its postings, and
 * faster to unite).
 */
import { emptyBitset, hasBit, setBit, uniteInto, type Bitset } from "./bitset.ts";
import { allowedTypos, typoDistance } from "./edit-distance.ts";
import { sortedOrder, STEP, type Steps } from "./sliced-steps.ts";
import { lowerBound } from "./sorted-slots.ts";

/** Numbers appended in chunks: a growing list never copies what it holds (a copy of 50 MB stalls the event loop). */
export class Chunks {
  static readonly BITS = 16;
  readonly chunks: Uint32Array[] = [];
  length = 0;

  push(value: number): void {
    const offset = this.length & ((1 << Chunks.BITS) - 1);
    if (offset === 0) this.chunks.push(new Uint32Array(1 << Chunks.BITS));
    this.chunks[this.chunks.length - 1]![offset] = value;
    this.length++;
  }

  at(index: number): number {
    return this.chunks[index >>> Chunks.BITS]![index & ((1 << Chunks.BITS) - 1)]!;
  }

  set(index: number, value: number): void {
    this.chunks[index >>> Chunks.BITS]![index & ((1 << Chunks.BITS) - 1)] = value;
  }

  clear(): void {
    this.chunks.length = 0;
    this.length = 0;
  }
}

function grown<T extends Uint32Array | Int32Array>(array: T, needed: number, make: (length: number) => T): T {
  if (needed <= array.length) return array;
  const bigger = make(Math.max(needed, array.length * 2));
  bigger.set(array);
  return bigger;
}

/**
 * Every distinct word read, each with an id: one table for all vocabularies, so a word is looked up once. A hash
 * table of its own rather than a Map, so that a word is found where it stands in the text read, without being cut out
 * of it as a new string first: that was a third of the time of reading a million listings.
 */
export class WordTable {
  readonly words: string[] = [];
  private hashes = new Int32Array(1024);
  /** Word ids by hash, -1 for a free slot; at most half full. */
  private slots = new Int32Array(2048).fill(-1);

  idOf(word: string): number {
    return this.idIn(word, 0, word.length);
  }

  /** The id of the word `text.slice(start, end)`. */
  idIn(text: string, start: number, end: number): number {
    let hash = 0x811c9dc5 | 0; // FNV-1a over the UTF-16 code units
    for (let i = start; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
    const mask = this.slots.length - 1;
    let slot = hash & mask;
    for (let id = this.slots[slot]!; id >= 0; id = this.slots[slot]!) {
      const word = this.words[id]!;
      if (this.hashes[id] === hash && word.length === end - start && text.startsWith(word, start)) return id;
      slot = (slot + 1) & mask;
    }
    const id = this.words.push(start === 0 && end === text.length ? text : text.slice(start, end)) - 1;
    this.hashes = grown(this.hashes, id + 1, (n) => new Int32Array(n));
    this.hashes[id] = hash;
    this.slots[slot] = id;
    if (2 * this.words.length > this.slots.length) this.rehash(2 * this.slots.length);
    return id;
  }

  /** The words in order (sortedOrder), when no more are coming: the table is spent. */
  *sorted(): Steps<Uint32Array> {
    this.slots = new Int32Array(0);
    this.hashes = new Int32Array(0);
    return yield* sortedOrder(this.words);
  }

  private rehash(size: number): void {
    this.slots = new Int32Array(size).fill(-1);
    const mask = size - 1;
    for (let id = 0; id < this.words.length; id++) {
      let slot = this.hashes[id]! & mask;
      while (this.slots[slot]! >= 0) slot = (slot + 1) & mask;
      this.slots[slot] = id;
    }
  }
}

/**
 * A vocabulary as the listings are read: each listing's use of a word (a WordTable id) is recorded once, as the id
 * in one list of all listings' words (the listing is known by where its words start). A word reaching one listing
 * in 32 gets its bitset at once; its earlier listings are moved into it by build().
 */
export class VocabularyBuilder {
  /**
   * Per word id, two numbers side by side (one memory read for both: adding was bound by memory reads): the position
   * of the last listing using it, plus one (0 for none), and how many listings use it so far, or for a common word
   * the bitwise NOT of its index in `commonSets` (negative).
   */
  private records = new Int32Array(2048);
  private readonly commonSets: Bitset[] = [];
  private readonly used = new Chunks();
  /** Where each listing's words start in `used`, up to the listing read last. */
  private readonly starts: Uint32Array;
  private reading = -1;
  private readonly commonAt: number;

  constructor(private readonly size: number) {
    this.starts = new Uint32Array(size + 1);
    // Below 64 listings a bitset object costs more than the positions it replaces.
    this.commonAt = Math.max(64, Math.ceil(size / 32));
  }

  /** The listing at `position` uses word `id`; positions never go down. */
  add(id: number, position: number): void {
    const at = 2 * id;
    if (at >= this.records.length) this.records = grown(this.records, at + 2, (n) => new Int32Array(n));
    const records = this.records;
    if (records[at] === position + 1) return;
    records[at] = position + 1;
    while (this.reading < position) this.starts[++this.reading] = this.used.length;
    const count = records[at + 1]!;
    if (count < 0) setBit(this.commonSets[~count]!, position);
    else if (count + 1 < this.commonAt) {
      records[at + 1] = count + 1;
      this.used.push(id);
    } else {
      const made = emptyBitset(this.size);
      setBit(made, position);
      records[at + 1] = ~(this.commonSets.push(made) - 1);
    }
  }

  /**
   * The vocabulary of the words added (`order`: every id of `words` in word order), made in steps; the builder is
   * spent.
   */
  *build(words: readonly string[], order: Uint32Array): Steps<Vocabulary> {
    while (this.reading < this.size) this.starts[++this.reading] = this.used.length;
    const records = this.records;
    // Each word of this vocabulary gets its index in word order.
    const indexOf = new Int32Array(records.length / 2).fill(-1);
    const own: string[] = [];
    for (let i = 0; i < order.length; i++) {
      const id = order[i]!;
      if (id < indexOf.length && records[2 * id + 1] !== 0) indexOf[id] = own.push(words[id]!) - 1;
      if ((i & (STEP - 1)) === 0) yield;
    }
    const count = own.length;
    const starts = new Uint32Array(count + 1);
    const common = new Map<number, Bitset>();
    for (let id = 0; id < indexOf.length; id++) {
      if ((id & (STEP - 1)) === 0) yield;
      const index = indexOf[id]!;
      const used = records[2 * id + 1]!;
      if (used < 0) common.set(index, this.commonSets[~used]!);
      else if (index >= 0) starts[index + 1] = used;
    }
    for (let i = 0; i < count; i++) starts[i + 1]! += starts[i]!;
    const postings = new Uint32Array(starts[count]!);
    const next = starts.slice(0, count);
    yield;
    // Listing after listing, so each word's positions come out in order.
    let k = 0;
    for (let position = 0; position < this.size; position++) {
      for (const end = this.starts[position + 1]!; k < end; k++) {
        const id = this.used.at(k);
        const used = records[2 * id + 1]!;
        if (used < 0) setBit(this.commonSets[~used]!, position);
        else postings[next[indexOf[id]!]!++] = position;
        if ((k & (STEP - 1)) === 0) yield;
      }
    }
    this.used.clear();
    this.records = new Int32Array(0);
    yield;
    return new Vocabulary({ words: own, starts, postings, common, ...(yield* typoTables(own)) });
  }
}

/** The words by length and their letters counted, for the typo search (Vocabulary.near). */
export function* typoTables(own: readonly string[]): Steps<Pick<VocabularyParts, "letters" | "byLength" | "lengthStarts">> {
  const count = own.length;
  const letters = new Int32Array(2 * count);
  let longest = 0;
  for (let i = 0; i < count; i++) {
    letterCounts(own[i]!, letters, 2 * i);
    longest = Math.max(longest, own[i]!.length);
    if ((i & (STEP - 1)) === 0) yield;
  }
  const lengthStarts = new Uint32Array(longest + 2);
  for (const word of own) lengthStarts[word.length + 1]!++;
  for (let length = 0; length <= longest; length++) lengthStarts[length + 1]! += lengthStarts[length]!;
  const nextOfLength = lengthStarts.slice();
  const byLength = new Uint32Array(count);
  for (let i = 0; i < count; i++) {
    byLength[nextOfLength[own[i]!.length]!++] = i;
    if ((i & (STEP - 1)) === 0) yield;
  }
  return { letters, byLength, lengthStarts };
}

/** What a Vocabulary is made of (VocabularyBuilder.build). */
export interface VocabularyParts {
  words: readonly string[];
  /** Where each word's positions start in `postings` (none for a common word); one more for the end. */
  starts: Uint32Array;
  postings: Uint32Array;
  /** The bitsets of the common words, by word index. */
  common: ReadonlyMap<number, Bitset>;
  /** Each word's letters counted (letterCounts): most words are ruled out by these before any distance is computed. */
  letters: Int32Array;
  /** Word indexes by word length, and where each length starts in it. */
  byLength: Uint32Array;
  lengthStarts: Uint32Array;
}

/** A sorted word list with the positions of the listings using each word, searchable by prefix and by typo. */
export class Vocabulary {
  readonly words: readonly string[];
  private readonly starts: Uint32Array;
  private readonly postings: Uint32Array;
  private readonly common: ReadonlyMap<number, Bitset>;
  private readonly letters: Int32Array;
  private readonly byLength: Uint32Array;
  private readonly lengthStarts: Uint32Array;

  constructor(parts: VocabularyParts) {
    ({
      words: this.words,
      starts: this.starts,
      postings: this.postings,
      common: this.common,
      letters: this.letters,
      byLength: this.byLength,
      lengthStarts: this.lengthStarts,
    } = parts);
  }

  /** What it is made of, for a snapshot; `new Vocabulary(parts)` takes them back. */
  toParts(): VocabularyParts {
    const { words, starts, postings, common, letters, byLength, lengthStarts } = this;
    return { words, starts, postings, common, letters, byLength, lengthStarts };
  }

  /** Indexes of the words starting with `prefix` (a one-letter prefix matches only the word itself). */
  withPrefix(prefix: string): number[] {
    if (prefix.length < 2) {
      const i = this.find(prefix);
      return this.words[i] === prefix ? [i] : [];
    }
    const out: number[] = [];
    for (let i = this.find(prefix); i < this.words.length && this.words[i]!.startsWith(prefix); i++) out.push(i);
    return out;
  }

  /** Indexes of the words within the typos allowed for `word` (or within `max`). */
  near(word: string, max = allowedTypos(word)): number[] {
    if (!max) return [];
    const out: number[] = [];
    const counts = new Int32Array(2);
    letterCounts(word, counts, 0);
    const low = counts[0]!;
    const high = counts[1]!;
    const longest = this.lengthStarts.length - 2;
    for (let length = Math.max(0, word.length - max); length <= Math.min(longest, word.length + max); length++) {
      // d typos of which n insert or delete a letter put the counts at most n + 2 (d - n) apart.
      const farthest = 2 * max - Math.abs(length - word.length);
      for (let k = this.lengthStarts[length]!; k < this.lengthStarts[length + 1]!; k++) {
        const i = this.byLength[k]!;
        if (countsApart(low, this.letters[2 * i]!) + countsApart(high, this.letters[2 * i + 1]!) > farthest) continue;
        if (typoDistance(word, this.words[i]!, max) <= max) out.push(i);
      }
    }
    return out;
  }

  /** The words within `max` typos of `word`, with their distance, in the order of near(). */
  nearWithDistance(word: string, max: number): Array<{ index: number; distance: number }> {
    return this.near(word, max).map((index) => ({ index, distance: typoDistance(word, this.words[index]!, max) }));
  }

  /** Whether a listing outside `gone` uses word `i`. */
  usedOutside(i: number, gone: Bitset): boolean {
    const common = this.common.get(i);
    if (common) {
      for (let k = 0; k < common.length; k++) if (common[k]! & ~gone[k]!) return true;
      return false;
    }
    for (let k = this.starts[i]!, end = this.starts[i + 1]!; k < end; k++) if (!hasBit(gone, this.postings[k]!)) return true;
    return false;
  }

  /** The listings using word `i`: a bitset for a common word, else their slots in order (a view: not to be changed). */
  listingsOf(i: number): { common: Bitset } | { slots: Uint32Array } {
    const common = this.common.get(i);
    return common ? { common } : { slots: this.postings.subarray(this.starts[i]!, this.starts[i + 1]!) };
  }

  /** Listings in the lists of the words without a bitset. */
  get postingCount(): number {
    return this.postings.length;
  }

  /** Bytes held, roughly. */
  bytes(): number {
    let bytes = this.starts.byteLength + this.postings.byteLength + this.letters.byteLength + this.byLength.byteLength;
    for (const set of this.common.values()) bytes += set.byteLength;
    for (const word of this.words) bytes += 16 + 2 * word.length;
    return bytes;
  }

  /** Adds the listings using word `i` to `set`. */
  uniteWord(set: Bitset, i: number): void {
    const common = this.common.get(i);
    if (common) uniteInto(set, common);
    else for (let k = this.starts[i]!, end = this.starts[i + 1]!; k < end; k++) setBit(set, this.postings[k]!);
  }

  /** The listings using any of the words `indexes`. */
  union(size: number, indexes: Iterable<number>): Bitset {
    const out = emptyBitset(size);
    for (const i of indexes) this.uniteWord(out, i);
    return out;
  }

  /** The first index whose word is not below `word`. */
  private find(word: string): number {
    return lowerBound(this.words, (other) => other < word);
  }
}

/**
 * How many times a word has each letter, as 32 counts of 2 bits (letters by code unit modulo 32, counts above 3 as
 * 3) in two numbers, at `at` in `into`. A typo changes the counts by at most 2 in all (a substitution: one letter
 * fewer, one more; a swap none), and sharing or capping counts only lessens differences, so words within d typos
 * have counts at most 2d apart (countsApart): a bound that rules out all but a few of the words of a similar length
 * before any distance is computed.
 */
export function letterCounts(word: string, into: Int32Array, at: number): void {
  for (let i = 0; i < word.length; i++) {
    const bucket = word.charCodeAt(i) & 31;
    const half = at + (bucket >>> 4);
    const shift = 2 * (bucket & 15);
    if (((into[half]! >>> shift) & 3) < 3) into[half]! += 1 << shift;
  }
}

/** The sum of the differences between 16 counts of 2 bits each in `a` and in `b`. */
export function countsApart(a: number, b: number): number {
  return lanesApart(a & 0x33333333, b & 0x33333333) + lanesApart((a >>> 2) & 0x33333333, (b >>> 2) & 0x33333333);
}

/** The same for 8 counts of 0 to 3, each in 4 bits: no lane borrows from another. */
function lanesApart(x: number, y: number): number {
  const up = (x | 0x44444444) - y; // each lane x - y + 4
  const down = (y | 0x44444444) - x; // each lane y - x + 4
  const pick = ((up >>> 2) & 0x11111111) * 15; // lanes where x >= y
  const apart = ((up & pick) | (down & ~pick)) - 0x44444444; // each lane |x - y|
  const pairs = (apart & 0x0f0f0f0f) + ((apart >>> 4) & 0x0f0f0f0f);
  return Math.imul(pairs, 0x01010101) >>> 24;
}
