/**
 * The description index as listings change (issue 33, decision 0096): a listing whose description changed, came or
 * went is answered beside the built DescriptionIndex until the two are merged, lexeme by lexeme in order
 * (changed-slots.ts says how, for both text indexes).
 */
import { hasBit, setBit, type Bitset } from "./bitset.ts";
import { layered, mergeSorted, positionsOf } from "./card-text-merge.ts";
import type { DescriptionIndex } from "./description-index.ts";
import { PostingsWriter } from "./description-index.ts";
import { DescriptionIndexBuilder } from "./description-index-builder.ts";
import { ChangedSlots, type TextIndexKind } from "./changed-slots.ts";
import { runAtOnce, STEP, type Steps } from "./sliced-steps.ts";

/** How the description index follows changes per listing (changed-slots.ts). */
const DESCRIPTIONS: TextIndexKind<DescriptionIndex, readonly string[]> = {
  name: "description index",
  copy: (lexemes) => [...new Set(lexemes)],
  indexOf(values) {
    const builder = new DescriptionIndexBuilder(values.length);
    values.forEach((lexemes, position) => builder.add(position, lexemes));
    return runAtOnce(builder.build());
  },
  merged,
};

export class DescriptionSearch extends ChangedSlots<DescriptionIndex, readonly string[]> {
  constructor(base: DescriptionIndex) {
    super(base, DESCRIPTIONS);
  }

  /** For a few listings at once (tests). */
  static of(listings: Iterable<[slot: number, lexemes: readonly string[]]>, capacity: number): DescriptionSearch {
    const builder = new DescriptionIndexBuilder(capacity);
    for (const [slot, lexemes] of listings) builder.add(slot, lexemes);
    return new DescriptionSearch(runAtOnce(builder.build()));
  }

  /** A built index and the listings changed since, as state() gave them (a snapshot). */
  static restored(base: DescriptionIndex, changes: ReadonlyArray<[slot: number, lexemes: readonly string[] | null]>): DescriptionSearch {
    const search = new DescriptionSearch(base);
    search.restore(changes);
    return search;
  }

  /** The listings whose description has a lexeme starting with `lexeme` (with `prefix`) or equal to it. */
  matching(lexeme: string, prefix: boolean): Bitset {
    const out = this.base.matching(lexeme, prefix);
    const delta = this.deltaIndex();
    return delta ? layered(out, this.gone, delta.index.matching(lexeme, prefix), delta.slots) : out;
  }

  /** Bytes held, roughly (for the bench and the process's memory report). */
  bytes(): number {
    let changed = 0;
    for (const [, lexemes] of this.state().changes) changed += 64 + 24 * (lexemes?.length ?? 0);
    const { base, gone, heldDelta } = this;
    return base.bytes() + gone.byteLength + (heldDelta?.bytes() ?? 0) + changed;
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
