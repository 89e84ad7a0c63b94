/**
 * The directory's search index as it was before issue 17 (commit 8ae90c1), for tests only: the reference the streaming
 * SearchIndexBuilder must answer exactly like (search-index.test.ts).
 */
import { emptyBitset, setBit, uniteInto, type Bitset } from "./bitset.ts";
import { allowedTypos, typoDistance } from "./edit-distance.ts";
import { allOf, termSets, type RankedClasses, type SearchableListing } from "./search-index.ts";
import { normalizeText, queryWordsOf, stem, wordsOf } from "./search-text.ts";

/** A word list with the positions of the listings using each word, searchable by prefix and by typo. */
class BeforeVocabulary {
  readonly words: string[];
  readonly postings: Uint32Array[];
  private readonly byLength = new Map<number, number[]>();
  /** Each word's letters as bits (letterMask): most words are ruled out by these before any distance is computed. */
  private readonly masks: Int32Array;

  constructor(entries: Map<string, number[]>) {
    this.words = [...entries.keys()].sort();
    this.postings = this.words.map((word) => Uint32Array.from(new Set(entries.get(word))));
    this.masks = Int32Array.from(this.words, letterMask);
    this.words.forEach((word, i) => {
      const bucket = this.byLength.get(word.length);
      if (bucket) bucket.push(i);
      else this.byLength.set(word.length, [i]);
    });
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

  /** Indexes of the words within the typos allowed for `word`. */
  near(word: string): number[] {
    const max = allowedTypos(word);
    if (!max) return [];
    const out: number[] = [];
    const mask = letterMask(word);
    for (let length = word.length - max; length <= word.length + max; length++) {
      for (const i of this.byLength.get(length) ?? []) {
        // One typo adds or removes at most one letter of each word's set, so changes at most two bits.
        if (bitCount(mask ^ this.masks[i]!) > 2 * max) continue;
        if (typoDistance(word, this.words[i]!, max) <= max) out.push(i);
      }
    }
    return out;
  }

  exact(word: string): number[] {
    const i = this.find(word);
    return this.words[i] === word ? [i] : [];
  }

  /** The first index whose word is not below `word`. */
  private find(word: string): number {
    let low = 0;
    let high = this.words.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.words[mid]! < word) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

/** The set of a word's letters, one bit per letter (code point modulo 32: two letters may share a bit). */
function letterMask(word: string): number {
  let mask = 0;
  for (let i = 0; i < word.length; i++) mask |= 1 << (word.charCodeAt(i) & 31);
  return mask;
}

function bitCount(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** `fn` answering each distinct argument once (for one index build: the map goes with it). */
function memo<T>(fn: (text: string) => T): (text: string) => T {
  const seen = new Map<string, T>();
  return (text) => {
    let value = seen.get(text);
    if (value === undefined) seen.set(text, (value = fn(text)));
    return value;
  };
}

/** One listing's name and card words, at its position. */
function gather(
  into: Gathered,
  listing: SearchableListing,
  position: number,
  textWords: (text: string) => string[],
  stemOf: (word: string) => string,
): void {
  const key = normalizeText(listing.name);
  into.nameKeys[position] = key;
  addWord(into.exactNames, key, position);
  for (const word of textWords(listing.name)) addWord(into.nameEntries, word, position);
  for (const text of [listing.name, listing.tagline ?? "", ...listing.industries]) {
    for (const word of textWords(text)) {
      addWord(into.cardEntries, word, position);
      addWord(into.stemEntries, stemOf(word), position);
    }
  }
}

function addWord(entries: Map<string, number[]>, word: string, position: number): void {
  const list = entries.get(word);
  if (list) list.push(position);
  else entries.set(word, [position]);
}

/** What the listings contribute, gathered slice by slice before the index is made of it. */
interface Gathered {
  exactNames: Map<string, number[]>;
  nameKeys: string[];
  nameEntries: Map<string, number[]>;
  cardEntries: Map<string, number[]>;
  stemEntries: Map<string, number[]>;
}

function nothingGathered(size: number): Gathered {
  return {
    exactNames: new Map(),
    nameKeys: new Array<string>(size),
    nameEntries: new Map(),
    cardEntries: new Map(),
    stemEntries: new Map(),
  };
}

export class BeforeIndex {
  private readonly exactNames: Map<string, number[]>;
  /** Positions in the order of their normalised names, for prefix search. */
  private readonly byName: Uint32Array;
  private readonly nameKeys: string[];
  private readonly nameWords: BeforeVocabulary;
  private readonly cardWords: BeforeVocabulary;
  private readonly cardStems: Map<string, Uint32Array>;

  /** For a few listings at once (tests); build() gives the event loop back while it reads many. */
  static of(listings: readonly SearchableListing[]): BeforeIndex {
    const gathered = nothingGathered(listings.length);
    const textWords = memo(wordsOf);
    const stemOf = memo(stem);
    listings.forEach((listing, position) => gather(gathered, listing, position, textWords, stemOf));
    return new BeforeIndex(gathered, listings.length);
  }

  private constructor(
    gathered: Gathered,
    readonly size: number,
  ) {
    this.exactNames = gathered.exactNames;
    this.nameKeys = gathered.nameKeys;
    this.byName = Uint32Array.from(this.nameKeys.keys()).sort((a, b) => (this.nameKeys[a]! < this.nameKeys[b]! ? -1 : 1));
    this.nameWords = new BeforeVocabulary(gathered.nameEntries);
    this.cardWords = new BeforeVocabulary(gathered.cardEntries);
    this.cardStems = new Map([...gathered.stemEntries].map(([word, list]) => [word, Uint32Array.from(new Set(list))]));
  }

  /** The listings of each relevance class for a search text. */
  rank(search: string): RankedClasses {
    const phrase = normalizeText(search);
    // Queries are read as the index reads them (decision 0082): this file checks the vocabulary, not the reading.
    const { words, terms } = queryWordsOf(search);
    const exactName = this.positions(this.exactNames.get(phrase) ?? []);
    const namePrefix = this.namesStartingWith(phrase);
    const inName = words.map((word) => this.union(this.nameWords, this.nameWords.withPrefix(word)));
    const nearName = words.map((word, i) => uniteInto(this.union(this.nameWords, this.nameWords.near(word)), inName[i]!));
    const perWord = words.map((word, i) => {
      const set = this.union(this.cardWords, [...this.cardWords.withPrefix(word), ...this.cardWords.near(word)]);
      const stemmed = this.cardStems.get(stem(word));
      if (stemmed) for (const position of stemmed) setBit(set, position);
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

  private namesStartingWith(phrase: string): Bitset {
    const out = emptyBitset(this.size);
    if (phrase.length < 2) return out;
    let low = 0;
    let high = this.byName.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.nameKeys[this.byName[mid]!]! < phrase) low = mid + 1;
      else high = mid;
    }
    for (let i = low; i < this.byName.length && this.nameKeys[this.byName[i]!]!.startsWith(phrase); i++) setBit(out, this.byName[i]!);
    return out;
  }

  private positions(list: Iterable<number>): Bitset {
    const out = emptyBitset(this.size);
    for (const position of list) setBit(out, position);
    return out;
  }

  private union(vocabulary: BeforeVocabulary, indexes: number[]): Bitset {
    const out = emptyBitset(this.size);
    for (const i of indexes) for (const position of vocabulary.postings[i]!) setBit(out, position);
    return out;
  }
}
