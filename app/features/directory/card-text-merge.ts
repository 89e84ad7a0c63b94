/**
 * Compaction of the card-text search (search-index.ts): the built index without the listings changed since
 * (`gone`), merged with the small index of those listings as they are now (`delta`, its positions mapped to slots by
 * `slots`, ascending), into one new CardTextIndex equal to one built afresh from every listing. Word lists and names
 * are merged in order, never re-read or re-sorted whole, in steps that give the event loop back: a server keeps
 * answering from the old index and its delta while this runs.
 */
import { emptyBitset, hasBit, setBit, type Bitset } from "./bitset.ts";
import { CardTextIndex, SortedNames, Stems } from "./card-text-index.ts";
import { Chunks, typoTables, Vocabulary } from "./search-vocabulary.ts";
import { STEP, type Steps } from "./sliced-steps.ts";

/** A word on one listing in this many or more keeps a bitset, as VocabularyBuilder decides. */
function commonAt(capacity: number): number {
  return Math.max(64, Math.ceil(capacity / 32));
}

function* mergedVocabulary(base: Vocabulary, gone: Bitset, delta: Vocabulary, slots: Uint32Array, capacity: number): Steps<Vocabulary> {
  const words: string[] = [];
  const starts: number[] = [0];
  const postings = new Chunks();
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
    kept = [];
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
      } else {
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
      else for (const slot of kept) postings.push(slot);
      starts.push(postings.length);
    }
    if (work >= STEP) {
      work = 0;
      yield;
    }
  }
  const packed = new Uint32Array(postings.length);
  postings.chunks.forEach((chunk, k) =>
    packed.set(chunk.subarray(0, Math.min(chunk.length, postings.length - k * chunk.length)), k * chunk.length),
  );
  yield;
  return new Vocabulary({ words, starts: Uint32Array.from(starts), postings: packed, common, ...(yield* typoTables(words)) });
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
  const keys: string[] = [];
  const keySlots: number[] = [];
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
    if (takeBase) {
      keys.push(a);
      keySlots.push(base.slots[i++]!);
    } else {
      keys.push(b!);
      keySlots.push(slots[delta.slots[j++]!]!);
    }
    if ((keys.length & (STEP - 1)) === 0) yield;
  }
  // Already in order: sortedOrder finds the runs in order and merges them by one comparison each.
  return yield* SortedNames.of(keys, keySlots);
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
export function addMapped(into: Bitset, delta: Bitset, slots: Uint32Array): Bitset {
  for (let w = 0; w < delta.length; w++)
    for (let bits = delta[w]!; bits; bits &= bits - 1) setBit(into, slots[w * 32 + 31 - Math.clz32(bits & -bits)]!);
  return into;
}

/** `set` without `gone` (in place), with the delta's listings: how a changed listing's answer replaces its old one. */
export function layered(set: Bitset, gone: Bitset, delta: Bitset | undefined, slots: Uint32Array): Bitset {
  for (let w = 0; w < set.length; w++) set[w]! &= ~gone[w]!;
  return delta ? addMapped(set, delta, slots) : set;
}
