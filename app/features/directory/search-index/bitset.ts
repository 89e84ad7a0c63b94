/**
 * Fixed-size bitsets over listing positions (one bit per published listing, in the directory's default
 * order). The directory ANDs and ORs them to filter and count 100,000 listings in a few milliseconds.
 */
import { countEachAnd, KERNEL_MIN_WORDS } from "./popcount-kernel.ts";

export type Bitset = Uint32Array;

export function emptyBitset(size: number): Bitset {
  return new Uint32Array((size + 31) >>> 5);
}

/** Positions 0 to size - 1 set, in a set of `capacity` bits. */
export function fullBitset(size: number, capacity = size): Bitset {
  const set = emptyBitset(capacity);
  set.fill(0xffffffff, 0, size >>> 5);
  const tail = size & 31;
  if (tail) set[size >>> 5] = (1 << tail) - 1;
  return set;
}

export function setBit(set: Bitset, position: number): void {
  set[position >>> 5]! |= 1 << (position & 31);
}

export function hasBit(set: Bitset, position: number): boolean {
  return (set[position >>> 5]! & (1 << (position & 31))) !== 0;
}

/** The set bits of one 32-bit word. */
export function popcount(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

export function countBits(set: Bitset): number {
  if (set.length >= KERNEL_MIN_WORDS) return countEachAnd(set, [set])[0]!;
  let n = 0;
  for (let i = 0; i < set.length; i++) n += popcount(set[i]!);
  return n;
}

/**
 * |a AND b| without allocating. Big sets go to the processor's popcount (popcount-kernel.ts); small ones are counted
 * here, four words at a time through carry-save adders (the Harley-Seal count): one popcount per four words.
 */
export function countIntersection(a: Bitset, b: Bitset): number {
  if (a.length >= KERNEL_MIN_WORDS) return countEachAnd(a, [b])[0]!;
  let ones = 0;
  let twos = 0;
  let fours = 0;
  const end = a.length - (a.length & 3);
  let i = 0;
  for (; i < end; i += 4) {
    const x = a[i]! & b[i]!;
    const y = a[i + 1]! & b[i + 1]!;
    let sum = ones ^ x;
    const twosA = (ones & x) | (sum & y);
    ones = sum ^ y;
    const z = a[i + 2]! & b[i + 2]!;
    const w = a[i + 3]! & b[i + 3]!;
    sum = ones ^ z;
    const twosB = (ones & z) | (sum & w);
    ones = sum ^ w;
    sum = twos ^ twosA;
    fours += popcount((twos & twosA) | (sum & twosB));
    twos = sum ^ twosB;
  }
  let n = 4 * fours + 2 * popcount(twos) + popcount(ones);
  for (; i < a.length; i++) n += popcount(a[i]! & b[i]!);
  return n;
}

/** |base AND set| for each of `sets`, in their order: the base is copied to the popcount kernel once for all. */
export function countEachIntersection(base: Bitset, sets: readonly Bitset[]): number[] {
  return base.length >= KERNEL_MIN_WORDS ? countEachAnd(base, sets) : sets.map((set) => countIntersection(base, set));
}

/** a AND= b, in place. */
export function intersectInto(a: Bitset, b: Bitset): Bitset {
  for (let i = 0; i < a.length; i++) a[i]! &= b[i]!;
  return a;
}

/** a OR= b, in place. */
export function uniteInto(a: Bitset, b: Bitset): Bitset {
  for (let i = 0; i < a.length; i++) a[i]! |= b[i]!;
  return a;
}

/** a AND NOT b, as a new set. */
export function difference(a: Bitset, b: Bitset): Bitset {
  const out = new Uint32Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i]! & ~b[i]!;
  return out;
}

/**
 * Up to `limit` set positions, ascending, after skipping the first `skip` set positions. Whole words are
 * skipped by their popcount, so deep pages cost no more than the first one.
 */
export function setPositions(set: Bitset, skip: number, limit: number): number[] {
  const out: number[] = [];
  let toSkip = skip;
  for (let i = 0; i < set.length && out.length < limit; i++) {
    let word = set[i]!;
    if (!word) continue;
    const bits = popcount(word);
    if (toSkip >= bits) {
      toSkip -= bits;
      continue;
    }
    while (word && out.length < limit) {
      const low = word & -word;
      if (toSkip > 0) toSkip--;
      else out.push(i * 32 + 31 - Math.clz32(low));
      word ^= low;
    }
  }
  return out;
}
