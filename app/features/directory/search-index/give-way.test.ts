import { describe, expect, it } from "vitest";
import { Pacer } from "./give-way.ts";

describe("Pacer", () => {
  it("ends a slice after its item bound, however fast the items go", async () => {
    const pacer = new Pacer(100, () => 0);
    const due = Array.from({ length: 250 }, () => pacer.due());
    expect(due.indexOf(true)).toBe(99);
    await pacer.giveWay();
    expect(Array.from({ length: 100 }, () => pacer.due()).indexOf(true)).toBe(99);
  });

  it("ends a slice after a few milliseconds of slow items, and starts the next after giving way", async () => {
    let now = 0;
    const pacer = new Pacer(10_000, () => now);
    let items = 0;
    while (!pacer.due()) {
      items++;
      now += 0.1; // 0.1 ms per item
    }
    expect(items).toBeGreaterThanOrEqual(40);
    expect(items).toBeLessThan(64 * 2);
    await pacer.giveWay();
    expect(pacer.due()).toBe(false);
  });
});
