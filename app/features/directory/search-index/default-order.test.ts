import { describe, expect, it } from "vitest";
import { emptyBitset, setBit } from "./bitset.ts";
import { AT_END, DefaultOrder } from "./default-order.ts";
import { placesOf, reorder, valueOrder, type ValueOrder } from "./value-order.ts";

/** A small deterministic generator: the same cases on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe("DefaultOrder and the value orders after batches (decision 0095)", () => {
  it("equal a fresh sort after renames, removals and additions, including many into one gap", () => {
    const next = random(7);
    const capacity = 2_000;
    const size = 300;
    // A listing's place in the default order is its key; a value order sorts by value, ties by that place.
    const key = new Float64Array(capacity).fill(NaN);
    const values = new Float64Array(capacity).fill(NaN);
    for (let slot = 0; slot < size; slot++) {
      key[slot] = slot;
      values[slot] = Math.floor(next() * 20);
    }
    const order = DefaultOrder.ofBuild(size, capacity);
    let byValue: ValueOrder = { order: new Uint32Array(0), known: emptyBitset(capacity) };
    return (async () => {
      byValue = await valueOrder(values);
      const live = new Set(Array.from({ length: size }, (_, i) => i));
      let free = size;
      let crowded = 0;
      for (let round = 0; round < 60; round++) {
        const leaving: number[] = [];
        const placed: number[] = [];
        // The last rounds all land in the same gap, one after the other: its ranks run out and are renumbered.
        const crowd = round >= 40;
        for (const slot of [...live]) {
          if (next() < 0.03) {
            leaving.push(slot);
            live.delete(slot);
            if (next() < 0.7) placed.push(slot);
          }
        }
        for (let i = 0; i < 3; i++) placed.push(free++);
        const places = placesOf(byValue, values, order.rank, leaving);
        for (const slot of placed) {
          key[slot] = crowd ? 100.5 + ++crowded * 1e-9 : next() * size;
          values[slot] = Math.floor(next() * 20);
          live.add(slot);
        }
        for (const slot of leaving) if (!live.has(slot)) values[slot] = NaN;
        const sorted = [...live].sort((a, b) => key[a]! - key[b]!);
        const unchanged = new Set([...live].filter((slot) => !placed.includes(slot)));
        const successor = (slot: number) => sorted.slice(sorted.indexOf(slot) + 1).find((other) => unchanged.has(other)) ?? AT_END;
        const inOrder = placed.sort((a, b) => key[a]! - key[b]!);
        order.apply(
          leaving,
          inOrder.map((slot) => ({ slot, before: successor(slot) })),
        );
        expect([...order.slots()]).toEqual(sorted);
        byValue = reorder(byValue, places, leaving, values, order.rank, inOrder);
        const rankOf = new Map(sorted.map((slot, i) => [slot, i]));
        const expected = sorted
          .filter((slot) => !Number.isNaN(values[slot]!))
          .sort((a, b) => values[b]! - values[a]! || rankOf.get(a)! - rankOf.get(b)!);
        expect([...byValue.order]).toEqual(expected);
        const set = emptyBitset(capacity);
        for (const slot of sorted) if (slot % 3 === 0) setBit(set, slot);
        expect(order.page(set, 2, 5)).toEqual(sorted.filter((slot) => slot % 3 === 0).slice(2, 7));
      }
    })();
  });
});
