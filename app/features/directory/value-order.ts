/**
 * The listings ordered by a value (newest, recently funded, most raised), highest first, ties in the directory's
 * default order (by position). A comparator sort over 1,000,000 positions took 2-5 s on the event loop (issue 17);
 * here each position's key (the value's rank among the distinct values, then the position) is one exact integer in a
 * double, and the typed array's own numeric sort orders them in a fraction of that.
 */
import { emptyBitset, hasBit, setBit, type Bitset } from "./bitset.ts";

/** Positions ordered by a value, best first, and which positions have one. */
export interface ValueOrder {
  order: Uint32Array;
  known: Bitset;
}

/** Positions handled between two pauses: a few milliseconds of work. */
const SLICE = 20_000;

/**
 * `values[position]` is the listing's value, NaN when it has none. `pause` is awaited between the steps and between
 * slices of a step (the index build gives the event loop back there); the longest step left is one typed-array sort,
 * about 100 ms at 1,000,000 listings.
 */
export async function valueOrder(values: Float64Array, pause: () => Promise<void> = async () => {}): Promise<ValueOrder> {
  const size = values.length;
  const known = emptyBitset(size);
  let count = 0;
  for (let position = 0; position < size; position++) {
    if (Number.isNaN(values[position]!)) continue;
    setBit(known, position);
    count++;
  }
  // The distinct values, descending, so that a value's index among them is its rank (0 = highest).
  const sorted = new Float64Array(count);
  let at = 0;
  for (let position = 0; position < size; position++) if (!Number.isNaN(values[position]!)) sorted[at++] = values[position]!;
  await pause();
  sorted.sort().reverse();
  await pause();
  let distinct = 0;
  for (let i = 0; i < count; i++) if (i === 0 || sorted[i] !== sorted[distinct - 1]) sorted[distinct++] = sorted[i]!;
  const ranks = sorted.subarray(0, distinct);

  // rank * span + position stays an exact integer below 2^53 for any directory this process can hold.
  const span = 2 ** Math.ceil(Math.log2(size + 1));
  const keys = new Float64Array(count);
  at = 0;
  for (let position = 0; position < size; position++) {
    if (position % SLICE === SLICE - 1) await pause();
    const value = values[position]!;
    if (Number.isNaN(value)) continue;
    keys[at++] = rankOf(ranks, value) * span + position;
  }
  await pause();
  keys.sort();
  await pause();
  const order = new Uint32Array(count);
  for (let i = 0; i < count; i++) order[i] = keys[i]! % span;
  return { order, known };
}

/** The index of `value` in `descending` (which holds it). */
function rankOf(descending: Float64Array, value: number): number {
  let low = 0;
  let high = descending.length - 1;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (descending[mid]! > value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * The order after a batch of changes (decision 0095): the `changed` slots leave it, those of `slots` that have a value
 * come back at their place, by value (highest first) and then by `rank` (their place in the default order). One pass
 * over the old order: the others keep their relative order, which no change can alter (their values and their order
 * among themselves are the same). `known` is updated in place; the order is a new array.
 */
export function reorder(old: ValueOrder, values: Float64Array, rank: Uint32Array, changed: Bitset, slots: readonly number[]): ValueOrder {
  const known = old.known;
  for (const slot of slots) known[slot >>> 5]! &= ~(1 << (slot & 31));
  const inserts = slots.filter((slot) => !Number.isNaN(values[slot]!));
  inserts.sort((a, b) => values[b]! - values[a]! || rank[a]! - rank[b]!);
  for (const slot of inserts) setBit(known, slot);
  let kept = 0;
  for (const slot of old.order) if (!hasBit(changed, slot)) kept++;
  const order = new Uint32Array(kept + inserts.length);
  let at = 0;
  let next = 0;
  for (const slot of old.order) {
    if (hasBit(changed, slot)) continue;
    const value = values[slot]!;
    while (next < inserts.length) {
      const insert = inserts[next]!;
      const before = values[insert]! > value || (values[insert] === value && rank[insert]! < rank[slot]!);
      if (!before) break;
      order[at++] = insert;
      next++;
    }
    order[at++] = slot;
  }
  while (next < inserts.length) order[at++] = inserts[next++]!;
  return { order, known };
}
