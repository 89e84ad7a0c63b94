/**
 * Taking slots out of, and putting them into, a long ordered array of slots (the default order, a value order) by
 * block copies: a batch of k changes at a million listings costs k binary searches and one copy of the array (native
 * memmove speed), not a JavaScript loop over every element nor one memmove per change (decision 0095).
 */

/** Index of the first element of `order` for which `before(element)` is false (`before` true on a prefix). */
export function lowerBound(order: Uint32Array, before: (slot: number) => boolean): number {
  let low = 0;
  let high = order.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (before(order[mid]!)) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** `order` without the elements at `positions` (ascending, distinct). */
export function withoutPositions(order: Uint32Array, positions: readonly number[]): Uint32Array {
  if (!positions.length) return order;
  const out = new Uint32Array(order.length - positions.length);
  let from = 0;
  let at = 0;
  for (const position of positions) {
    out.set(order.subarray(from, position), at);
    at += position - from;
    from = position + 1;
  }
  out.set(order.subarray(from), at);
  return out;
}

/** `order` with each group's slots put before the element at its index (`at` ascending; order.length: at the end). */
export function withInserted(order: Uint32Array, groups: ReadonlyArray<{ at: number; slots: readonly number[] }>): Uint32Array {
  let added = 0;
  for (const group of groups) added += group.slots.length;
  if (!added) return order;
  const out = new Uint32Array(order.length + added);
  let from = 0;
  let to = 0;
  for (const group of groups) {
    out.set(order.subarray(from, group.at), to);
    to += group.at - from;
    from = group.at;
    for (const slot of group.slots) out[to++] = slot;
  }
  out.set(order.subarray(from), to);
  return out;
}
