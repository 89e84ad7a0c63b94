/**
 * The listings ordered by a value (newest, recently funded, most raised), highest first, ties in the directory's
 * default order (by position). A comparator sort over 1,000,000 positions took 2-5 s on the event loop (issue 17);
 * here each position's key (the value's rank among the distinct values, then the position) is one exact integer in a
 * double, and the typed array's own numeric sort orders them in a fraction of that.
 */
import { emptyBitset, hasBit, setBit, type Bitset } from "./bitset.ts";
import { lowerBound, moveInPlace } from "./sorted-slots.ts";

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

/** Whether slot `a` comes before a slot of value `value` and rank `rank`: higher value, then lower rank. */
function before(values: Float64Array, rank: Float64Array, a: number, value: number, rank_: number): boolean {
  const v = values[a]!;
  return v > value || (v === value && rank[a]! < rank_);
}

/**
 * Where the `slots` that have a value are in `order`, ascending (decision 0095): found by binary search on their value
 * and rank, so `values` and `rank` must still be those the order was made with (before a batch changes them).
 */
export function placesOf(order: ValueOrder, values: Float64Array, rank: Float64Array, slots: readonly number[]): number[] {
  const out: number[] = [];
  for (const slot of slots) {
    if (!hasBit(order.known, slot)) continue;
    const at = lowerBound(order.order, (other) => before(values, rank, other, values[slot]!, rank[slot]!));
    if (order.order[at] !== slot) throw new Error(`slot ${slot} is not where its value puts it`);
    out.push(at);
  }
  return out.sort((a, b) => a - b);
}

/**
 * The order after a batch (decision 0095): the elements at `places` (placesOf, before the batch) leave it, and the
 * `slots` that now have a value come in at their place, by value (highest first) then rank (the default order).
 * Binary searches and block copies; the others keep their relative order, which no change can alter. `known` is
 * updated in place.
 */
export function reorder(
  old: ValueOrder,
  places: readonly number[],
  leaving: readonly number[],
  values: Float64Array,
  rank: Float64Array,
  slots: readonly number[],
): ValueOrder {
  const { known } = old;
  for (const slot of leaving) known[slot >>> 5]! &= ~(1 << (slot & 31));
  // The order's buffer, made as long as the index's capacity once, then changed in place batch after batch; never
  // past the capacity (an order loaded from a snapshot lies in the file's one buffer, before other arrays).
  const room = Math.min((old.order.buffer.byteLength - old.order.byteOffset) >>> 2, known.length * 32);
  let buffer = new Uint32Array(old.order.buffer, old.order.byteOffset, room);
  if (buffer.length < known.length * 32) {
    buffer = new Uint32Array(known.length * 32);
    buffer.set(old.order);
  }
  let length = moveInPlace(buffer, old.order.length, places, []);
  const kept = buffer.subarray(0, length);
  const inserts = slots.filter((slot) => !Number.isNaN(values[slot]!));
  inserts.sort((a, b) => values[b]! - values[a]! || rank[a]! - rank[b]!);
  const groups: Array<{ at: number; slots: number[] }> = [];
  for (const slot of inserts) {
    setBit(known, slot);
    const at = lowerBound(kept, (other) => before(values, rank, other, values[slot]!, rank[slot]!));
    const last = groups[groups.length - 1];
    if (last?.at === at) last.slots.push(slot);
    else groups.push({ at, slots: [slot] });
  }
  length = moveInPlace(buffer, length, [], groups);
  return { order: buffer.subarray(0, length), known };
}
