/**
 * The directory's default order (featured first, then name, then id, in the database's collation) over stable slots
 * (decision 0095). A full build gives slot = place in this order; after changes it is kept as a permutation of the live
 * slots and each slot's rank in it. Where a changed listing goes is asked of PostgreSQL (its successor among the
 * unchanged listings, directory-changes.server.ts), so no name is ever compared here, in a collation that may differ.
 */
import { countBits, hasBit, setPositions, type Bitset } from "./bitset.ts";

/** A changed listing's successor when it goes last. */
export const AT_END = -1;

/** Below this many members a set is paged by sorting its slots by rank; above it, by walking the order. */
const SORT_BELOW = 4_096;

export class DefaultOrder {
  private constructor(
    /** The live slots, in the default order. */
    private order: Uint32Array,
    /** A live slot's place in `order`. */
    readonly rank: Uint32Array,
    /** Whether `order` is ascending: then a set's bits are already in the default order. */
    private ascending: boolean,
  ) {}

  /** The order of a fresh build: slots 0 to size - 1. */
  static ofBuild(size: number, capacity: number): DefaultOrder {
    const order = new Uint32Array(size);
    const rank = new Uint32Array(capacity);
    for (let i = 0; i < size; i++) order[i] = rank[i] = i;
    return new DefaultOrder(order, rank, true);
  }

  get size(): number {
    return this.order.length;
  }

  /** The live slots in the default order (tests and the comparison with a fresh build). */
  slots(): Uint32Array {
    return this.order;
  }

  /**
   * Applies a batch in one pass: the `changed` slots leave the order; `placed` (in the default order among themselves)
   * come back, each before its successor (an unchanged live slot) or at the end.
   */
  apply(changed: Bitset, placed: ReadonlyArray<{ slot: number; before: number }>): void {
    const groups = new Map<number, number[]>();
    for (const { slot, before } of placed) {
      const group = groups.get(before);
      if (group) group.push(slot);
      else groups.set(before, [slot]);
    }
    let kept = 0;
    for (const slot of this.order) if (!hasBit(changed, slot)) kept++;
    const order = new Uint32Array(kept + placed.length);
    let at = 0;
    for (const slot of this.order) {
      if (hasBit(changed, slot)) continue;
      const group = groups.get(slot);
      if (group) for (const inserted of group) order[at++] = inserted;
      order[at++] = slot;
    }
    for (const inserted of groups.get(AT_END) ?? []) order[at++] = inserted;
    if (at !== order.length) throw new Error("a changed listing's successor is not in the directory order");
    let ascending = true;
    for (let i = 0; i < order.length; i++) {
      this.rank[order[i]!] = i;
      if (i && order[i]! < order[i - 1]!) ascending = false;
    }
    this.order = order;
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
    for (const slot of this.order) {
      if (!hasBit(set, slot)) continue;
      if (toSkip > 0) toSkip--;
      else if (out.push(slot) >= limit) break;
    }
    return out;
  }
}
