/**
 * The WebAssembly count (popcount-kernel.ts) must give what counting bit by bit gives, for sets of any length (its
 * loop takes eight words a turn, so the words past a set's end must count nothing), after a larger set left its words
 * in the scratch memory, and for a set counted against itself. Facet counts and totals at a million listings are
 * these numbers.
 */
import { describe, expect, it } from "vitest";
import { countBits, countEachIntersection, countIntersection, emptyBitset, fullBitset, popcount, setBit } from "./bitset.ts";
import { countEachAnd, KERNEL_MIN_WORDS } from "./popcount-kernel.ts";

let seed = 11;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;

function randomSet(words: number, density: number): Uint32Array {
  const set = emptyBitset(words * 32);
  for (let p = 0; p < words * 32; p++) if (random() < density) setBit(set, p);
  return set;
}

/** The count bit by bit, word by word: no shortcut shared with the code under test. */
function slowCount(a: Uint32Array, b: Uint32Array): number {
  let n = 0;
  for (let i = 0; i < a.length; i++) for (let bit = 0; bit < 32; bit++) if ((a[i]! & b[i]! & (1 << bit)) !== 0) n++;
  return n;
}

describe("countEachAnd", () => {
  it("counts each set within the base as bit by bit does, for lengths on and off its eight-word turn", () => {
    for (const words of [1, 7, 8, 9, 255, 256, 257, 1_000, 31_250]) {
      const base = randomSet(words, 0.5);
      const sets = [randomSet(words, 0.02), randomSet(words, 0.5), randomSet(words, 0.98), fullBitset(words * 32)];
      expect({ words, counts: countEachAnd(base, sets) }).toEqual({ words, counts: sets.map((set) => slowCount(base, set)) });
    }
  });

  it("counts nothing from the words a larger set left behind", () => {
    countEachAnd(fullBitset(32 * 1_024), [fullBitset(32 * 1_024)]);
    const base = fullBitset(32 * 9);
    const set = fullBitset(32 * 9);
    // Nine words: the loop reads sixteen, seven of them where the larger sets' ones still are.
    expect(countEachAnd(base, [set])).toEqual([288]);
    expect(countEachAnd(set, [set])).toEqual([288]);
  });

  it("refuses a set of another length", () => {
    expect(() => countEachAnd(emptyBitset(640), [emptyBitset(320)])).toThrow(RangeError);
  });
});

describe("bitset counts through the kernel", () => {
  it("gives the same totals and intersections above and below the size the kernel takes over at", () => {
    for (const words of [KERNEL_MIN_WORDS - 1, KERNEL_MIN_WORDS, 5_000]) {
      const a = randomSet(words, 0.3);
      const b = randomSet(words, 0.6);
      let bits = 0;
      for (const word of a) bits += popcount(word);
      expect(countBits(a)).toBe(bits);
      expect(countIntersection(a, b)).toBe(slowCount(a, b));
      expect(countEachIntersection(a, [b, a])).toEqual([slowCount(a, b), bits]);
    }
  });
});
