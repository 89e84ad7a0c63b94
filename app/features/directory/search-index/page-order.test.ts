import { describe, expect, it } from "vitest";
import { emptyBitset, fullBitset, setBit, type Bitset } from "./bitset.ts";
import { pagePositions } from "./page-order.ts";

function set(size: number, positions: number[]): Bitset {
  const out = emptyBitset(size);
  for (const p of positions) setBit(out, p);
  return out;
}

describe("pagePositions", () => {
  const size = 10;
  const matching = set(size, [0, 1, 2, 3, 5, 8, 9]);

  it("pages the default order", () => {
    expect(pagePositions({ kind: "default" }, matching, 2, 3)).toEqual([2, 3, 5]);
  });

  it("pages relevance groups best first, each once, the rest last, across page boundaries", () => {
    const plan = { kind: "groups" as const, groups: [set(size, [9]), set(size, [5, 9, 4]), set(size, [1])] };
    const all = pagePositions(plan, matching, 0, 100);
    expect(all).toEqual([9, 5, 1, 0, 2, 3, 8]);
    expect(pagePositions(plan, matching, 1, 2)).toEqual([5, 1]);
    expect(pagePositions(plan, matching, 3, 10)).toEqual([0, 2, 3, 8]);
    expect(pagePositions(plan, matching, 7, 10)).toEqual([]);
  });

  it("pages ranking words: their groups, then their tail, then the listings they do not match, across page boundaries", () => {
    const plan = {
      kind: "groups" as const,
      groups: [set(size, [8]), set(size, [3, 8])],
      tail: Uint32Array.from([9, 1]),
      within: set(size, [1, 3, 8, 9]),
    };
    expect(pagePositions(plan, matching, 0, 100)).toEqual([8, 3, 9, 1, 0, 2, 5]);
    for (const limit of [1, 2, 3]) {
      const seen: number[] = [];
      for (let offset = 0; offset < 7; offset += limit) seen.push(...pagePositions(plan, matching, offset, limit));
      expect(seen).toEqual([8, 3, 9, 1, 0, 2, 5]);
    }
  });

  it("pages a value order, listings without a visible value after, in the default order", () => {
    const plan = { kind: "value" as const, order: Uint32Array.from([8, 4, 2, 0]), known: set(size, [8, 4, 2, 0]) };
    expect(pagePositions(plan, matching, 0, 100)).toEqual([8, 2, 0, 1, 3, 5, 9]);
    expect(pagePositions(plan, matching, 2, 3)).toEqual([0, 1, 3]);
    expect(pagePositions(plan, matching, 4, 3)).toEqual([3, 5, 9]);
  });

  it("gives every matching position exactly once whatever the page size", () => {
    const plan = { kind: "groups" as const, groups: [set(size, [3, 8]), fullBitset(size)] };
    for (const limit of [1, 2, 3, 4]) {
      const seen: number[] = [];
      for (let offset = 0; offset < 7; offset += limit) seen.push(...pagePositions(plan, matching, offset, limit));
      expect(seen).toEqual([3, 8, 0, 1, 2, 5, 9]);
    }
  });
});

describe("pagePositions with a tail (the partial tier, decision 0082)", () => {
  const size = 10;
  it("pages the groups, the rest of the matches, then the tail in its order, across page boundaries", () => {
    const matching = set(size, [0, 1, 2, 6, 7, 8]);
    const plan = { kind: "groups" as const, groups: [set(size, [2])], tail: Uint32Array.from([8, 6, 4, 7]) };
    expect(pagePositions(plan, matching, 0, 100)).toEqual([2, 0, 1, 8, 6, 7]);
    expect(pagePositions(plan, matching, 2, 2)).toEqual([1, 8]);
    expect(pagePositions(plan, matching, 4, 5)).toEqual([6, 7]);
    expect(pagePositions(plan, matching, 6, 5)).toEqual([]);
  });
});
