/**
 * The published listings' description words in memory (issue 33, decision 0096): each lexeme PostgreSQL's English
 * configuration keeps of a description (listing_description_terms, decision 0060) with the slots of the listings
 * whose description has it. A query word's matches (every lexeme it is a prefix of, as `terms @@ to_tsquery('english',
 * 'word:*')` finds them) come out as a bitset of the index's capacity without a round trip, where a common word cost
 * PostgreSQL 74-680 ms and sent 33,000-169,000 ids to the process at a million listings.
 *
 * Compressed: a lexeme's slots ascending, each as its distance from the one before in a variable-length integer (7
 * bits a byte; most distances take one or two bytes), all lexemes in one byte array; a lexeme on one listing in
 * DENSE_SHARE or more keeps a bitset instead (at most twice its list, and united 32 slots at a time). Built once,
 * never changed: changed listings are answered beside it (description-search.ts). Made by DescriptionIndexBuilder
 * (description-index-builder.ts).
 */
import { emptyBitset, hasBit, setBit, uniteInto, type Bitset } from "./bitset.ts";
import { lowerBound } from "./sorted-slots.ts";

/** A lexeme on at least 1 listing in this many keeps a bitset. */
const DENSE_SHARE = 16;

export function denseAt(capacity: number): number {
  return Math.max(64, Math.ceil(capacity / DENSE_SHARE));
}

/** Bytes of `gap` as a variable-length integer. */
export function varintLength(gap: number): number {
  return gap < 0x80 ? 1 : gap < 0x4000 ? 2 : gap < 0x200000 ? 3 : gap < 0x10000000 ? 4 : 5;
}

/** The slots of one lexeme, ascending. */
export type Slots = ArrayLike<number>;

/** Lexemes appended in order with their slots, into one byte array (sized beforehand) and the dense bitsets. */
export class PostingsWriter {
  readonly terms: string[] = [];
  private readonly starts: number[] = [0];
  private bytes: Uint8Array;
  private length = 0;
  private readonly dense = new Map<number, Bitset>();

  constructor(
    readonly capacity: number,
    bytes: number,
  ) {
    this.bytes = new Uint8Array(bytes);
  }

  /** The lexeme after the ones written, with its slots (ascending) or its bitset. */
  write(term: string, slots: Slots | Bitset, isBitset = false): void {
    const index = this.terms.push(term) - 1;
    if (isBitset) this.dense.set(index, slots as Bitset);
    else if (slots.length >= denseAt(this.capacity)) {
      const set = emptyBitset(this.capacity);
      for (let k = 0; k < slots.length; k++) setBit(set, slots[k]!);
      this.dense.set(index, set);
    } else {
      let previous = -1;
      for (let k = 0; k < slots.length; k++) {
        this.push(slots[k]! - previous);
        previous = slots[k]!;
      }
    }
    this.starts.push(this.length);
  }

  /**
   * The lexeme at `i` of `index` after the ones written, without the slots in `gone` (left out when none is left):
   * decoded and written slot by slot, no array per lexeme (a merge at a million listings made 28 million numbers of
   * garbage that way).
   */
  copyWithout(term: string, index: DescriptionIndex, i: number, gone: Bitset): number {
    const from = this.length;
    let previous = -1;
    const slots = index.forEachSlot(i, (slot) => {
      if (hasBit(gone, slot)) return;
      this.push(slot - previous);
      previous = slot;
    });
    if (this.length > from) {
      this.terms.push(term);
      this.starts.push(this.length);
    }
    return slots;
  }

  /** The index written. */
  finish(): DescriptionIndex {
    return new DescriptionIndex(this.capacity, this.terms, Uint32Array.from(this.starts), this.bytes.subarray(0, this.length), this.dense);
  }

  private push(gap: number): void {
    if (this.length + 5 > this.bytes.length) {
      const bigger = new Uint8Array(Math.max(64, 2 * this.bytes.length));
      bigger.set(this.bytes.subarray(0, this.length));
      this.bytes = bigger;
    }
    let value = gap;
    while (value >= 0x80) {
      this.bytes[this.length++] = (value & 0x7f) | 0x80;
      value = Math.floor(value / 0x80);
    }
    this.bytes[this.length++] = value;
  }
}

export class DescriptionIndex {
  constructor(
    readonly capacity: number,
    /** The lexemes, sorted (as `<` compares strings). */
    readonly terms: readonly string[],
    /** Where each lexeme's slots start in `postings`; one more for the end. */
    private readonly starts: Uint32Array,
    private readonly postings: Uint8Array,
    private readonly dense: ReadonlyMap<number, Bitset>,
  ) {}

  /** What it is made of, for a snapshot; the constructor takes them back. */
  toParts(): { starts: Uint32Array; postings: Uint8Array; dense: ReadonlyMap<number, Bitset> } {
    return { starts: this.starts, postings: this.postings, dense: this.dense };
  }

  /** The listings with a lexeme starting with `lexeme` (with `prefix`) or equal to it. */
  matching(lexeme: string, prefix: boolean): Bitset {
    const out = emptyBitset(this.capacity);
    for (let i = this.find(lexeme); i < this.terms.length && (prefix ? this.terms[i]!.startsWith(lexeme) : this.terms[i] === lexeme); i++)
      this.uniteTerm(out, i);
    return out;
  }

  /** The lexeme at `i`'s listings: its bitset, or its slots ascending. */
  listingsOf(i: number): { dense: Bitset } | { slots: number[] } {
    const dense = this.dense.get(i);
    if (dense) return { dense };
    const slots: number[] = [];
    this.decode(i, (slot) => slots.push(slot));
    return { slots };
  }

  /** Whether the lexeme at `i` keeps a bitset. */
  isDense(i: number): boolean {
    return this.dense.has(i);
  }

  /** Bytes of the compressed lists. */
  get listBytes(): number {
    return this.postings.byteLength;
  }

  /** How many lexemes keep a bitset (for the memory report). */
  get denseTerms(): number {
    return this.dense.size;
  }

  /** Bytes held, roughly: the lists, the bitsets, the lexemes (two bytes a character and a string's header). */
  bytes(): number {
    let bytes = this.postings.byteLength + this.starts.byteLength;
    for (const set of this.dense.values()) bytes += set.byteLength;
    for (const term of this.terms) bytes += 16 + 2 * term.length;
    return bytes;
  }

  private uniteTerm(out: Bitset, i: number): void {
    const dense = this.dense.get(i);
    if (dense) uniteInto(out, dense);
    else this.decode(i, (slot) => setBit(out, slot));
  }

  /** Calls `each` with the slots of the lexeme at `i` (not one kept as a bitset), ascending; returns how many. */
  forEachSlot(i: number, each: (slot: number) => void): number {
    let count = 0;
    this.decode(i, (slot) => {
      count++;
      each(slot);
    });
    return count;
  }

  private decode(i: number, each: (slot: number) => void): void {
    const bytes = this.postings;
    let slot = -1;
    for (let k = this.starts[i]!, end = this.starts[i + 1]!; k < end;) {
      let byte = bytes[k++]!;
      let gap = byte & 0x7f;
      for (let scale = 0x80; byte & 0x80; scale *= 0x80) {
        byte = bytes[k++]!;
        gap += (byte & 0x7f) * scale;
      }
      slot += gap;
      each(slot);
    }
  }

  /** The first lexeme not below `lexeme`. */
  private find(lexeme: string): number {
    return lowerBound(this.terms, (term) => term < lexeme);
  }
}
