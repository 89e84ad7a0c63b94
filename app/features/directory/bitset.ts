/**
 * Fixed-size bitsets over listing positions (one bit per published listing, in the directory's default
 * order). The directory ANDs and ORs them to filter and count 100,000 listings in a few milliseconds.
 */
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
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export function countBits(set: Bitset): number {
  let n = 0;
  for (let i = 0; i < set.length; i++) n += popcount(set[i]!);
  return n;
}

/** |a AND b| without allocating. */
export function countIntersection(a: Bitset, b: Bitset): number {
  let n = 0;
  for (let i = 0; i < a.length; i++) n += popcount(a[i]! & b[i]!);
  return n;
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
