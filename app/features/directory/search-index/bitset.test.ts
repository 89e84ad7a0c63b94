import { describe, expect, it } from "vitest";
import {
  countBits,
  countIntersection,
  difference,
  emptyBitset,
  fullBitset,
  hasBit,
  intersectInto,
  setBit,
  setPositions,
  uniteInto,
} from "./bitset.ts";

function of(size: number, positions: number[]) {
  const set = emptyBitset(size);
  for (const p of positions) setBit(set, p);
  return set;
}

describe("bitsets over listing positions", () => {
  it("holds exactly the positions set, across word boundaries and in bit 31", () => {
    const set = of(100, [0, 31, 32, 63, 99]);
    expect([0, 31, 32, 63, 99].every((p) => hasBit(set, p))).toBe(true);
    expect([1, 30, 33, 64, 98].some((p) => hasBit(set, p))).toBe(false);
    expect(countBits(set)).toBe(5);
  });

  it("fills exactly `size` positions, not the padding of the last word", () => {
    expect(countBits(fullBitset(70))).toBe(70);
    expect(countBits(fullBitset(64))).toBe(64);
    expect(countBits(fullBitset(0))).toBe(0);
  });

  it("intersects, unites and subtracts", () => {
    const a = of(70, [1, 2, 40, 69]);
    const b = of(70, [2, 40, 41]);
    expect(countIntersection(a, b)).toBe(2);
    expect(setPositions(intersectInto(a.slice(), b), 0, 10)).toEqual([2, 40]);
    expect(setPositions(uniteInto(a.slice(), b), 0, 10)).toEqual([1, 2, 40, 41, 69]);
    expect(setPositions(difference(a, b), 0, 10)).toEqual([1, 69]);
  });

  it("counts an intersection as bit by bit, for every length and dense or sparse words (four at a time, then the rest)", () => {
    let seed = 3;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let words = 0; words <= 41; words++) {
      for (const density of [0.02, 0.5, 0.98]) {
        const a = emptyBitset(words * 32);
        const b = emptyBitset(words * 32);
        let expected = 0;
        for (let p = 0; p < words * 32; p++) {
          const inA = random() < density;
          const inB = random() < density;
          if (inA) setBit(a, p);
          if (inB) setBit(b, p);
          if (inA && inB) expected++;
        }
        expect({ words, density, count: countIntersection(a, b) }).toEqual({ words, density, count: expected });
      }
    }
    // Every bit set, through bit 31 of each word: the carries of the adders at their largest.
    expect(countIntersection(fullBitset(32 * 9), fullBitset(32 * 9))).toBe(288);
  });

  it("pages through set positions in ascending order, skipping whole words", () => {
    const positions = [3, 31, 32, 33, 95, 96, 200, 255];
    const set = of(256, positions);
    expect(setPositions(set, 0, 3)).toEqual([3, 31, 32]);
    expect(setPositions(set, 3, 3)).toEqual([33, 95, 96]);
    expect(setPositions(set, 6, 3)).toEqual([200, 255]);
    expect(setPositions(set, 8, 3)).toEqual([]);
    const pages = [0, 2, 4, 6].flatMap((skip) => setPositions(set, skip, 2));
    expect(pages).toEqual(positions);
  });
});
