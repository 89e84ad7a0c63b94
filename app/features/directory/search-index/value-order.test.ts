import { describe, expect, it } from "vitest";
import { hasBit } from "./bitset.ts";
import { valueOrder } from "./value-order.ts";

/** The order as a comparator sort gives it: highest value first, ties by position. */
function expected(values: number[]): number[] {
  return values
    .map((value, position) => ({ value, position }))
    .filter(({ value }) => !Number.isNaN(value))
    .sort((a, b) => b.value - a.value || a.position - b.position)
    .map(({ position }) => position);
}

describe("valueOrder", () => {
  it("orders by value, highest first, ties in position order, and leaves listings without a value out", async () => {
    const values = [5, NaN, 9, 5, -2, 9, NaN, 0, 1.5];
    const { order, known } = await valueOrder(Float64Array.from(values));
    expect([...order]).toEqual([2, 5, 0, 3, 8, 7, 4]);
    expect(values.map((_, position) => hasBit(known, position))).toEqual(values.map((value) => !Number.isNaN(value)));
  });

  it("matches a comparator sort on many listings with timestamps, amounts and many ties", async () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const values = Array.from({ length: 20_000 }, () => {
      const r = random();
      if (r < 0.2) return NaN;
      if (r < 0.5) return Math.floor(random() * 50) * 1_000_000; // funding amounts: few distinct values
      return 1_700_000_000_000 + Math.floor(random() * 86_400_000 * 365); // milliseconds since 1970
    });
    let pauses = 0;
    const made = await valueOrder(Float64Array.from(values), async () => void pauses++);
    expect([...made.order]).toEqual(expected(values));
    expect(pauses).toBeGreaterThanOrEqual(4);
  });

  it("handles an empty directory and one where nobody has a value", async () => {
    expect([...(await valueOrder(new Float64Array(0))).order]).toEqual([]);
    expect([...(await valueOrder(Float64Array.from([NaN, NaN]))).order]).toEqual([]);
  });
});
