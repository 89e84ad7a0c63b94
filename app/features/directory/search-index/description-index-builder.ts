/**
 * Making the description index (description-index.ts) from the listings' lexemes, read in whatever order the database
 * gives them.
 */
import { AppError } from "~/lib/errors.ts";
import { emptyBitset, setBit, type Bitset } from "./bitset.ts";
import { DescriptionIndex, denseAt, varintLength } from "./description-index.ts";
import { Chunks, WordTable } from "./search-vocabulary.ts";
import { STEP, type Steps } from "./sliced-steps.ts";
import { lexemesOf } from "./tsvector-text.ts";

/**
 * A copy of `text` that holds no larger string: a lexeme cut out of a row's text (13 characters or more, in V8) keeps
 * that whole text alive, 110,000 of them some 60 MB at a million listings.
 */
function flat(text: string): string {
  return text.length < 13 ? text : Buffer.from(text, "utf8").toString("utf8");
}

/**
 * Makes a DescriptionIndex from listings read in any order (the database's pages come by listing id, not by slot):
 * each listing's lexeme ids are kept in one list while reading (4 bytes each), then read twice slot after slot (the
 * size of every lexeme's list, then the lists written in place), so each lexeme's slots come out ascending without a
 * sort and without a list per lexeme.
 */
export class DescriptionIndexBuilder {
  private readonly table = new WordTable();
  /** Per listing read: its slot, its count of lexemes, their ids. */
  private readonly rows = new Chunks();
  /** Per lexeme id, how many listings have it. */
  private counts = new Uint32Array(1024);
  /** Where the count of the listing being added is in `rows`. */
  private countAt = 0;
  private finished = false;

  constructor(readonly capacity: number) {}

  /** The listing at `slot` has these lexemes (each once, as a tsvector has them). Each slot once; a later read wins. */
  add(slot: number, lexemes: readonly string[]): void {
    this.begin(slot);
    for (const lexeme of lexemes) this.addId(this.table.idOf(lexeme));
    this.end();
  }

  /**
   * The same from a stripped tsvector's text form (`'pay' 'payment' …`): the lexemes are found where they stand in the
   * text, no string made for each (the parsing took 2.6 s of a million listings' 4 s when each lexeme was cut out).
   */
  addText(slot: number, text: string): void {
    this.begin(slot);
    for (let i = text.indexOf("'"); i >= 0;) {
      let end = i + 1;
      while (end < text.length && text.charCodeAt(end) !== 39 && text.charCodeAt(end) !== 92) end++;
      if (text.charCodeAt(end) === 39 && text.charCodeAt(end + 1) !== 39) {
        this.addId(this.table.idIn(text, i + 1, end));
        i = text.indexOf("'", end + 1);
      } else {
        // A quote or backslash inside the lexeme: read it the slow way (lexemesOf), from here to the end.
        for (const lexeme of lexemesOf(text.slice(i))) this.addId(this.table.idOf(lexeme));
        break;
      }
    }
    this.end();
  }

  private begin(slot: number): void {
    if (this.finished || !Number.isInteger(slot) || slot < 0 || slot >= this.capacity) {
      throw new AppError("internal", `description index: slot ${slot} outside a capacity of ${this.capacity}`);
    }
    this.rows.push(slot);
    this.countAt = this.rows.length;
    this.rows.push(0);
  }

  private addId(id: number): void {
    if (id >= this.counts.length) {
      const bigger = new Uint32Array(2 * this.counts.length);
      bigger.set(this.counts);
      this.counts = bigger;
    }
    this.counts[id]!++;
    this.rows.push(id);
  }

  private end(): void {
    this.rows.set(this.countAt, this.rows.length - this.countAt - 1);
  }

  /** The index, in steps; the builder is spent. */
  *build(): Steps<DescriptionIndex> {
    if (this.finished) throw new AppError("internal", "description index: built twice");
    this.finished = true;
    const words = this.table.words;
    const order = yield* this.table.sorted();
    // Where each slot's row is, so that rows are read in slot order.
    const rowAt = new Int32Array(this.capacity).fill(-1);
    for (let k = 0; k < this.rows.length; k += 2 + this.rows.at(k + 1)) rowAt[this.rows.at(k)] = k;
    yield;
    const dense = denseAt(this.capacity);
    const bitsets = new Array<Bitset | undefined>(words.length);
    for (let id = 0; id < words.length; id++) if (this.counts[id]! >= dense) bitsets[id] = emptyBitset(this.capacity);
    // Two passes in slot order: the bytes of every list (to size the array once), then the lists.
    const last = new Int32Array(words.length).fill(-1);
    const sizes = new Float64Array(words.length);
    yield* this.inSlotOrder(rowAt, (id, slot) => {
      const set = bitsets[id];
      if (set) setBit(set, slot);
      else sizes[id]! += varintLength(slot - last[id]!);
      last[id] = slot;
    });
    // Each list's place in the byte array, lexemes in order; then the second pass writes every list in place.
    const starts = new Uint32Array(words.length + 1);
    const cursor = new Float64Array(words.length);
    const denseByRank = new Map<number, Bitset>();
    for (let rank = 0; rank < order.length; rank++) {
      const id = order[rank]!;
      cursor[id] = starts[rank]!;
      starts[rank + 1] = starts[rank]! + sizes[id]!;
      const set = bitsets[id];
      if (set) denseByRank.set(rank, set);
    }
    const bytes = new Uint8Array(starts[words.length]!);
    last.fill(-1);
    yield* this.inSlotOrder(rowAt, (id, slot) => {
      if (bitsets[id]) return;
      let at = cursor[id]!;
      let value = slot - last[id]!;
      last[id] = slot;
      while (value >= 0x80) {
        bytes[at++] = (value & 0x7f) | 0x80;
        value = Math.floor(value / 0x80);
      }
      bytes[at++] = value;
      cursor[id] = at;
    });
    this.rows.clear();
    return new DescriptionIndex(
      this.capacity,
      Array.from(order, (id) => flat(words[id]!)),
      starts,
      bytes,
      denseByRank,
    );
  }

  /** Calls `each(lexeme id, slot)` for every listing's lexemes, slot after slot. */
  private *inSlotOrder(rowAt: Int32Array, each: (id: number, slot: number) => void): Steps<void> {
    let work = 0;
    for (let slot = 0; slot < rowAt.length; slot++) {
      const at = rowAt[slot]!;
      if (at < 0) continue;
      const count = this.rows.at(at + 1);
      for (let k = at + 2; k < at + 2 + count; k++) each(this.rows.at(k), slot);
      work += count;
      if (work >= STEP) {
        work = 0;
        yield;
      }
    }
  }
}
