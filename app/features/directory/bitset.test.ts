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
