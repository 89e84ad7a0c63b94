/**
 * Compaction of the card-text search (search-index.ts): the built index without the listings changed since
 * (`gone`), merged with the small index of those listings as they are now (`delta`, its positions mapped to slots by
 * `slots`, ascending), into one new CardTextIndex equal to one built afresh from every listing. Word lists and names
 * are merged in order, never re-read or re-sorted whole, in steps that give the event loop back: a server keeps
 * answering from the old index and its delta while this runs.
 */
import { emptyBitset, hasBit, setBit, type Bitset } from "./bitset.ts";
import { CardTextIndex, NAMES_PER_PIECE, SortedNames, Stems } from "./card-text-index.ts";
import { typoTables, Vocabulary } from "./search-vocabulary.ts";
import { STEP, type Steps } from "./sliced-steps.ts";

/** No listings (shared, never added to). */
const NONE: number[] = [];

/** A word on one listing in this many or more keeps a bitset, as VocabularyBuilder decides. */
function commonAt(capacity: number): number {
  return Math.max(64, Math.ceil(capacity / 32));
}

function* mergedVocabulary(base: Vocabulary, gone: Bitset, delta: Vocabulary, slots: Uint32Array, capacity: number): Steps<Vocabulary> {
  const words: string[] = [];
  const starts: number[] = [0];
  // Written in place, never copied at the end (copying 50 MB at once held the event loop for 0.4 s at a million
  // listings): the merged lists are no longer than the base's and the delta's together.
  const postings = new Uint32Array(base.postingCount + delta.postingCount);
  let length = 0;
  const common = new Map<number, Bitset>();
  const threshold = commonAt(capacity);
  let i = 0;
  let j = 0;
  let work = 0;
  let kept: number[] = [];
  while (i < base.words.length || j < delta.words.length) {
    const a = base.words[i];
    const b = delta.words[j];
    const fromBase = a !== undefined && (b === undefined || a <= b);
    const fromDelta = b !== undefined && (a === undefined || b <= a);
    const word = (fromBase ? a : b)!;
    kept = NONE;
    /** The word's listings as a bitset (a common word), and whether it is still the base's own (not to be changed). */
    let set: Bitset | undefined;
    let shared = false;
    if (fromBase) {
      const listings = base.listingsOf(i++);
      if ("common" in listings) {
        set = listings.common;
        shared = true;
        for (let k = 0; k < set.length; k++)
          if (set[k]! & gone[k]!) {
            set = set.slice();
            shared = false;
            for (let w = k; w < set.length; w++) set[w]! &= ~gone[w]!;
            break;
          }
        work += set.length >>> 5;
      } else if (!fromDelta) {
        // Most words: only the base has them; their slots go straight to the lists (no array per word to collect).
        const from = length;
        for (const slot of listings.slots) if (!hasBit(gone, slot)) postings[length++] = slot;
        if (length > from) {
          words.push(word);
          starts.push(length);
        }
        work += listings.slots.length;
        if (work >= STEP) {
          work = 0;
          yield;
        }
        continue;
      } else {
        kept = [];
        for (const slot of listings.slots) if (!hasBit(gone, slot)) kept.push(slot);
        work += listings.slots.length;
      }
    }
    if (fromDelta) {
      const listings = delta.listingsOf(j++);
      const added = ("common" in listings ? positionsOf(listings.common) : Array.from(listings.slots)).map((p) => slots[p]!);
      if (set) {
        if (shared && added.length) set = set.slice();
        for (const slot of added) setBit(set, slot);
      } else {
        kept = mergeSorted(kept, added);
      }
      work += added.length;
    }
    if (set || kept.length) {
      const index = words.push(word) - 1;
      if (!set && kept.length >= threshold) {
        set = emptyBitset(capacity);
        for (const slot of kept) setBit(set, slot);
      }
      if (set) common.set(index, set);
      else for (const slot of kept) postings[length++] = slot;
      starts.push(length);
    }
    if (work >= STEP) {
      work = 0;
      yield;
    }
  }
  return new Vocabulary({
    words,
    starts: Uint32Array.from(starts),
    postings: postings.subarray(0, length),
    common,
    ...(yield* typoTables(words)),
  });
}

/** The set positions of a bitset, ascending. */
export function positionsOf(set: Bitset): number[] {
  const out: number[] = [];
  for (let w = 0; w < set.length; w++) for (let bits = set[w]!; bits; bits &= bits - 1) out.push(w * 32 + 31 - Math.clz32(bits & -bits));
  return out;
}

/** Two ascending lists as one. */
export function mergeSorted(a: number[], b: number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) out.push(j >= b.length || (i < a.length && a[i]! < b[j]!) ? a[i++]! : b[j++]!);
  return out;
}

function* mergedNames(base: SortedNames, gone: Bitset, delta: SortedNames, slots: Uint32Array): Steps<SortedNames> {
  // Both are in order: the merge is in order too, packed into pieces as it goes (no sort of a million names again).
  const most = base.length + delta.length;
  const starts = new Uint32Array(most + 1);
  const mergedSlots = new Uint32Array(most);
  const pieces: string[] = [];
  let piece: string[] = [];
  let count = 0;
  let i = 0;
  let j = 0;
  while (i < base.length || j < delta.length) {
    if (i < base.length && hasBit(gone, base.slots[i]!)) {
      i++;
      continue;
    }
    const a = i < base.length ? base.nameAt(i) : undefined;
    const b = j < delta.length ? delta.nameAt(j) : undefined;
    const takeBase = a !== undefined && (b === undefined || a < b || (a === b && base.slots[i]! < slots[delta.slots[j]!]!));
    const name = takeBase ? a : b!;
    mergedSlots[count] = takeBase ? base.slots[i++]! : slots[delta.slots[j++]!]!;
    starts[count + 1] = starts[count]! + name.length;
    piece.push(name);
    count++;
    if (piece.length === NAMES_PER_PIECE) {
      pieces.push(piece.join(""));
      piece = [];
      yield;
    }
  }
  if (piece.length) pieces.push(piece.join(""));
  return new SortedNames(pieces, starts.slice(0, count + 1), mergedSlots.slice(0, count));
}

/** The built index without `gone`, with `delta` (positions mapped to slots by `slots`), as one new index. */
export function* mergedCardText(base: CardTextIndex, gone: Bitset, delta: CardTextIndex, slots: Uint32Array): Steps<CardTextIndex> {
  const capacity = base.capacity;
  const names = yield* mergedNames(base.names, gone, delta.names, slots);
  const nameWords = yield* mergedVocabulary(base.nameWords, gone, delta.nameWords, slots, capacity);
  const cardWords = yield* mergedVocabulary(base.cardWords, gone, delta.cardWords, slots, capacity);
  const cardStems = yield* Stems.of(cardWords);
  return new CardTextIndex({ capacity, names, nameWords, cardWords, cardStems });
}

/** Delta listings' bitset mapped to slots, added to `into`. */
function addMapped(into: Bitset, delta: Bitset, slots: Uint32Array): Bitset {
  for (let w = 0; w < delta.length; w++)
    for (let bits = delta[w]!; bits; bits &= bits - 1) setBit(into, slots[w * 32 + 31 - Math.clz32(bits & -bits)]!);
  return into;
}

/** `set` without `gone` (in place), with the delta's listings: how a changed listing's answer replaces its old one. */
export function layered(set: Bitset, gone: Bitset, delta: Bitset | undefined, slots: Uint32Array): Bitset {
  for (let w = 0; w < set.length; w++) set[w]! &= ~gone[w]!;
  return delta ? addMapped(set, delta, slots) : set;
}
