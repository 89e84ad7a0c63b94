/**
 * Taking slots out of, and putting them into, a long ordered array of slots (the default order, a value order) by
 * block copies: a batch of k changes at a million listings costs k binary searches and one copy of the array (native
 * memmove speed), not a JavaScript loop over every element nor one memmove per change (decision 0095).
 */

/** Index of the first element of `order` for which `before(element)` is false (`before` true on a prefix). */
export function lowerBound<T>(order: ArrayLike<T>, before: (item: T) => boolean): number {
  let low = 0;
  let high = order.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (before(order[mid]!)) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * The first `length` slots of `buffer` after taking out the elements at `positions` (ascending, distinct) and putting
 * each group's slots before the element at its index in the list without them (`at` ascending; that list's length: at
 * the end), changed in place: one memmove pass left, one right, no allocation. `buffer` must hold the final length.
 * Returns the new length.
 */
export function moveInPlace(
  buffer: Uint32Array,
  length: number,
  positions: readonly number[],
  groups: ReadonlyArray<{ at: number; slots: readonly number[] }>,
): number {
  let to = positions[0] ?? length;
  positions.forEach((position, i) => {
    const end = positions[i + 1] ?? length;
    buffer.copyWithin(to, position + 1, end);
    to += end - position - 1;
  });
  let kept = length - positions.length;
  let shift = 0;
  for (const group of groups) shift += group.slots.length;
  const total = kept + shift;
  if (total > buffer.length) throw new RangeError("no room for the inserted slots");
  let end = kept;
  for (let g = groups.length - 1; g >= 0; g--) {
    const { at, slots } = groups[g]!;
    buffer.copyWithin(at + shift, at, end);
    shift -= slots.length;
    slots.forEach((slot, j) => (buffer[at + shift + j] = slot));
    end = at;
  }
  kept = total;
  return kept;
}
