/**
 * The description index as listings change (issue 33, decision 0096): the built DescriptionIndex never changes; a
 * listing whose description changed, came or went is masked out of its answers (`gone`) and answered by a small
 * index of the changed listings alone, remade on the first search after a change. Past COMPACT_AT changed listings
 * the two are merged into a new built index, lexeme by lexeme in order, in slices that give the event loop back;
 * searches meanwhile answer from the old one and its delta, and changes made meanwhile stay in the delta.
 */
import { AppError } from "~/lib/errors.ts";
import { emptyBitset, hasBit, setBit, type Bitset } from "./bitset.ts";
import { layered, mergeSorted, positionsOf } from "./card-text-merge.ts";
import type { DescriptionIndex } from "./description-index.ts";
import { PostingsWriter } from "./description-index.ts";
import { DescriptionIndexBuilder } from "./description-index-builder.ts";
import { COMPACT_AT } from "./search-index.ts";
import { runAtOnce, runInSlices, STEP, type Steps } from "./sliced-steps.ts";

interface Delta {
  index: DescriptionIndex;
  slots: Uint32Array;
}

export class DescriptionSearch {
  private base: DescriptionIndex;
  /** Slots changed since `base` was made, with their lexemes now (null: no listing, or no searchable description). */
  private readonly changes = new Map<number, readonly string[] | null>();
  private gone: Bitset;
  private delta?: Delta;
  private compacting?: Promise<void>;
  /** Whether a merge failed (a bug): the changed listings are then still answered, from a growing delta. */
  compactionFailed = false;

  constructor(base: DescriptionIndex) {
    this.base = base;
    this.gone = emptyBitset(base.capacity);
  }

  /** For a few listings at once (tests). */
  static of(listings: Iterable<[slot: number, lexemes: readonly string[]]>, capacity: number): DescriptionSearch {
    const builder = new DescriptionIndexBuilder(capacity);
    for (const [slot, lexemes] of listings) builder.add(slot, lexemes);
    return new DescriptionSearch(runAtOnce(builder.build()));
  }

  /** Its built part and the listings changed since, for a snapshot (as SearchIndex.state); restored() takes them back. */
  state(): { base: DescriptionIndex; changes: Array<[slot: number, lexemes: readonly string[] | null]> } {
    return { base: this.base, changes: [...this.changes] };
  }

  static restored(base: DescriptionIndex, changes: ReadonlyArray<[slot: number, lexemes: readonly string[] | null]>): DescriptionSearch {
    const search = new DescriptionSearch(base);
    for (const [slot, lexemes] of changes) search.update(slot, lexemes);
    return search;
  }

  get capacity(): number {
    return this.base.capacity;
  }

  /** Listings changed since the built index was made (answered beside it until the next merge). */
  get changed(): number {
    return this.changes.size;
  }

  /** The lexemes of the listing at `slot` now, or null when it has none to search: every answer after this has it. */
  update(slot: number, lexemes: readonly string[] | null): void {
    if (!Number.isInteger(slot) || slot < 0 || slot >= this.capacity) {
      throw new AppError("internal", `description index: slot ${slot} outside a capacity of ${this.capacity}`);
    }
    this.changes.set(slot, lexemes && [...new Set(lexemes)]);
    setBit(this.gone, slot);
    this.delta = undefined;
    if (this.changes.size >= COMPACT_AT && !this.compacting) {
      this.compact().catch(() => {
        this.compactionFailed = true;
      });
    }
  }

  /** The listings whose description has a lexeme starting with `lexeme` (with `prefix`) or equal to it. */
  matching(lexeme: string, prefix: boolean): Bitset {
    const out = this.base.matching(lexeme, prefix);
    if (!this.changes.size) return out;
    const { index, slots } = this.deltaIndex();
    return layered(out, this.gone, index.matching(lexeme, prefix), slots);
  }

  /** Merges the changed listings into a new built index (on its own past COMPACT_AT changes; tests await it). */
  compact(): Promise<void> {
    this.compacting ??= this.merge().finally(() => {
      this.compacting = undefined;
    });
    return this.compacting;
  }

  /** Bytes held, roughly (for the bench and the process's memory report). */
  bytes(): number {
    let changed = 0;
    for (const lexemes of this.changes.values()) changed += 64 + 24 * (lexemes?.length ?? 0);
    return this.base.bytes() + this.gone.byteLength + (this.delta?.index.bytes() ?? 0) + changed;
  }

  private async merge(): Promise<void> {
    if (!this.changes.size) return;
    const taken = new Map(this.changes);
    const { index, slots } = this.deltaIndex();
    this.base = await runInSlices(merged(this.base, this.gone.slice(), index, slots));
    for (const [slot, lexemes] of taken) if (this.changes.get(slot) === lexemes) this.changes.delete(slot);
    this.gone = emptyBitset(this.capacity);
    for (const slot of this.changes.keys()) setBit(this.gone, slot);
    this.delta = undefined;
  }

  private deltaIndex(): Delta {
    if (this.delta) return this.delta;
    const live = [...this.changes].filter((entry): entry is [number, readonly string[]] => entry[1] !== null).sort((a, b) => a[0] - b[0]);
    const builder = new DescriptionIndexBuilder(live.length);
    live.forEach(([, lexemes], position) => builder.add(position, lexemes));
    this.delta = { index: runAtOnce(builder.build()), slots: Uint32Array.from(live, ([slot]) => slot) };
    return this.delta;
  }
}

/** The built index without `gone`, with the delta's listings (positions mapped to slots by `slots`), as one new index. */
function* merged(base: DescriptionIndex, gone: Bitset, delta: DescriptionIndex, slots: Uint32Array): Steps<DescriptionIndex> {
  const writer = new PostingsWriter(base.capacity, base.listBytes + delta.listBytes * 4);
  let i = 0;
  let j = 0;
  let work = 0;
  while (i < base.terms.length || j < delta.terms.length) {
    const a = base.terms[i];
    const b = delta.terms[j];
    const fromBase = a !== undefined && (b === undefined || a <= b);
    const fromDelta = b !== undefined && (a === undefined || b <= a);
    const term = (fromBase ? a : b)!;
    if (fromBase && !fromDelta && !base.isDense(i)) {
      // Most lexemes: only the base has them, written back without the changed slots.
      work += writer.copyWithout(term, base, i++, gone);
      if (work >= STEP) {
        work = 0;
        yield;
      }
      continue;
    }
    let dense: Bitset | undefined;
    let kept: number[] = [];
    if (fromBase) {
      const listings = base.listingsOf(i++);
      if ("dense" in listings) {
        dense = listings.dense.slice();
        for (let w = 0; w < dense.length; w++) dense[w]! &= ~gone[w]!;
        work += dense.length >>> 3;
      } else {
        kept = listings.slots.filter((slot) => !hasBit(gone, slot));
        work += listings.slots.length;
      }
    }
    if (fromDelta) {
      const listings = delta.listingsOf(j++);
      const added = ("dense" in listings ? positionsOf(listings.dense) : listings.slots).map((p) => slots[p]!);
      if (dense) for (const slot of added) setBit(dense, slot);
      else kept = mergeSorted(kept, added);
      work += added.length;
    }
    if (dense) writer.write(term, dense, true);
    else if (kept.length) writer.write(term, kept);
    if (work >= STEP) {
      work = 0;
      yield;
    }
  }
  return writer.finish();
}
