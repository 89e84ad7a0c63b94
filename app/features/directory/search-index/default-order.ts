/**
 * The directory's default order (featured first, then name, then id, in the database's collation) over stable slots
 * (decision 0095). A full build gives slot = place in this order; after changes it is kept as a permutation of the live
 * slots and each slot's rank in it. Where a changed listing goes is asked of PostgreSQL (its successor among the
 * unchanged listings, directory-changes.server.ts), so no name is ever compared here, in a collation that may differ.
 */
import { countBits, hasBit, setPositions, type Bitset } from "./bitset.ts";
import { lowerBound, moveInPlace } from "./sorted-slots.ts";

/** A changed listing's successor when it goes last. */
export const AT_END = -1;

/** Below this many members a set is paged by sorting its slots by rank; above it, by walking the order. */
const SORT_BELOW = 4_096;

/** Rank spacing at a build: 16 halvings' room for listings put between the same two before a renumbering. */
const SPACING = 2 ** 16;

export class DefaultOrder {
  private constructor(
    /** The live slots, in the default order: the first `length` of a buffer of the index's capacity. */
    private readonly buffer: Uint32Array,
    private length: number,
    /**
     * A live slot's rank: increasing along `order`, with gaps, so that listings put between two get ranks between
     * theirs without renumbering the others (all of them are renumbered, rarely, when a gap is used up).
     */
    readonly rank: Float64Array,
    /** Whether `order` is ascending: then a set's bits are already in the default order. */
    private ascending: boolean,
  ) {}

  /** The order of a fresh build: slots 0 to size - 1. */
  static ofBuild(size: number, capacity: number): DefaultOrder {
    const order = new Uint32Array(capacity);
    const rank = new Float64Array(capacity);
    for (let i = 0; i < size; i++) {
      order[i] = i;
      rank[i] = i * SPACING;
    }
    return new DefaultOrder(order, size, rank, true);
  }

  get size(): number {
    return this.length;
  }

  /** What a snapshot keeps of the order (index-snapshot.server.ts): the buffer of the index's capacity and its length. */
  toParts(): { buffer: Uint32Array; length: number; rank: Float64Array; ascending: boolean } {
    return { buffer: this.buffer, length: this.length, rank: this.rank, ascending: this.ascending };
  }

  /** The order a snapshot kept. */
  static fromParts(parts: { buffer: Uint32Array; length: number; rank: Float64Array; ascending: boolean }): DefaultOrder {
    return new DefaultOrder(parts.buffer, parts.length, parts.rank, parts.ascending);
  }

  /** The live slots in the default order (a view, valid until the next batch). */
  slots(): Uint32Array {
    return this.buffer.subarray(0, this.length);
  }

  /** Where a slot of `order` is, by its rank. */
  private placeIn(order: Uint32Array, slot: number): number {
    const rank = this.rank[slot]!;
    const at = lowerBound(order, (other) => this.rank[other]! < rank);
    if (order[at] !== slot) throw new Error(`slot ${slot} is not in the directory order`);
    return at;
  }

  /**
   * Applies a batch: the `leaving` slots (in the order until now) leave it; `placed` (in the default order among
   * themselves) come in, each before its successor (a live slot that is not leaving) or at the end. Binary searches
   * and block copies: no loop over every listing unless a gap between ranks is used up.
   */
  apply(leaving: readonly number[], placed: ReadonlyArray<{ slot: number; before: number }>): void {
    const positions = leaving.map((slot) => this.placeIn(this.slots(), slot)).sort((a, b) => a - b);
    this.length = moveInPlace(this.buffer, this.length, positions, []);
    const kept = this.slots();
    const bySuccessor = new Map<number, number[]>();
    for (const { slot, before } of placed) {
      const group = bySuccessor.get(before);
      if (group) group.push(slot);
      else bySuccessor.set(before, [slot]);
    }
    const groups = [...bySuccessor].map(([before, slots]) => ({ at: before === AT_END ? kept.length : this.placeIn(kept, before), slots }));
    groups.sort((a, b) => a.at - b.at);
    let renumber = false;
    let ascending = this.ascending;
    for (const { at, slots } of groups) {
      const n = slots.length;
      const high = at < kept.length ? this.rank[kept[at]!]! : (at > 0 ? this.rank[kept[at - 1]!]! : 0) + SPACING * (n + 1);
      const low = at > 0 ? this.rank[kept[at - 1]!]! : high - SPACING * (n + 1);
      const step = (high - low) / (n + 1);
      if (step < 1) renumber = true;
      let previous = at > 0 ? kept[at - 1]! : -1;
      slots.forEach((slot, j) => {
        this.rank[slot] = low + Math.floor(step * (j + 1));
        if (slot <= previous) ascending = false;
        previous = slot;
      });
      if (at < kept.length && kept[at]! <= previous) ascending = false;
    }
    this.length = moveInPlace(this.buffer, this.length, [], groups);
    if (renumber) for (let i = 0; i < this.length; i++) this.rank[this.buffer[i]!] = i * SPACING;
    this.ascending = ascending;
  }

  /** Up to `limit` members of `set` (live slots) after skipping `skip`, in the default order. */
  page(set: Bitset, skip: number, limit: number): number[] {
    if (this.ascending) return setPositions(set, skip, limit);
    if (limit <= 0) return [];
    const count = countBits(set);
    if (skip >= count) return [];
    if (count < SORT_BELOW) {
      const members = setPositions(set, 0, count);
      members.sort((a, b) => this.rank[a]! - this.rank[b]!);
      return members.slice(skip, skip + limit);
    }
    const out: number[] = [];
    let toSkip = skip;
    for (let i = 0; i < this.length; i++) {
      const slot = this.buffer[i]!;
      if (!hasBit(set, slot)) continue;
      if (toSkip > 0) toSkip--;
      else if (out.push(slot) >= limit) break;
    }
    return out;
  }
}
