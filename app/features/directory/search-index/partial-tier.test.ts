import { describe, expect, it } from "vitest";
import { emptyBitset, setBit, type Bitset } from "./bitset.ts";
import { partialTier } from "./partial-tier.ts";

const SIZE = 40;
function set(positions: number[]): Bitset {
  const out = emptyBitset(SIZE);
  for (const p of positions) setBit(out, p);
  return out;
}

describe("partialTier (decision 0082)", () => {
  it("keeps listings matching at least half the terms but not all, more terms first, then name over card over description", () => {
    // Three terms: 1 and 2 match all three (tier 1, left out); 33 only one (below two of three, left out).
    const found = [set([1, 2, 5, 7, 9, 33]), set([1, 2, 5, 7, 35]), set([1, 2, 9, 36])];
    const inName = [set([9]), set([]), set([])];
    const onCard = [set([9, 7]), set([7]), set([9])];
    const strict = set([1, 2]);
    // 9: a term in the name, one on the card (3 + 2); 7: two on the card (2 + 2); 5: two in descriptions (1 + 1).
    expect([...partialTier(found, inName, onCard, strict)]).toEqual([9, 7, 5]);
  });

  it("needs one of two terms, and keeps the default order among equals", () => {
    const found = [set([3, 31, 32]), set([4])];
    expect([...partialTier(found, [set([]), set([])], [set([]), set([])], set([]))]).toEqual([3, 4, 31, 32]);
  });

  it("sees only what it is given: a description the viewer may not open is not in `found` and admits nothing", () => {
    const found = [set([6]), set([])];
    expect([...partialTier(found, [set([]), set([])], [set([]), set([])], set([]))]).toEqual([6]);
  });
});

describe("partialTier at scale", () => {
  it("orders hundreds of thousands of listings without running out of stack", () => {
    const size = 400_000;
    const common = emptyBitset(size);
    common.fill(0xffffffff);
    const tier = partialTier(
      [common, emptyBitset(size)],
      [emptyBitset(size), emptyBitset(size)],
      [common, emptyBitset(size)],
      emptyBitset(size),
    );
    expect(tier.length).toBe(size);
    expect(tier[size - 1]).toBe(size - 1);
  });
});
