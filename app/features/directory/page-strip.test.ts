import { describe, expect, it } from "vitest";
import { pageStrip, type PageStripItem } from "./page-strip.ts";

const E = "ellipsis" as const;

describe("pageStrip (spec 01 §9)", () => {
  it("shows nothing without pages and every page when there are 7 or fewer", () => {
    expect(pageStrip(1, 0)).toEqual([]);
    expect(pageStrip(1, 1)).toEqual([1]);
    expect(pageStrip(3, 5)).toEqual([1, 2, 3, 4, 5]);
    for (let current = 1; current <= 7; current++) expect(pageStrip(current, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("near the start: first page, pages 2 to 5, an ellipsis, the last page", () => {
    for (const current of [1, 2, 3, 4]) expect(pageStrip(current, 20)).toEqual([1, 2, 3, 4, 5, E, 20]);
    expect(pageStrip(4, 8)).toEqual([1, 2, 3, 4, 5, E, 8]);
  });

  it("near the end: first page, an ellipsis, the last 5 pages", () => {
    for (const current of [17, 18, 19, 20]) expect(pageStrip(current, 20)).toEqual([1, E, 16, 17, 18, 19, 20]);
    expect(pageStrip(5, 8)).toEqual([1, E, 4, 5, 6, 7, 8]);
  });

  it("in the middle: first page, an ellipsis, current-1 to current+1, an ellipsis, the last page", () => {
    expect(pageStrip(5, 20)).toEqual([1, E, 4, 5, 6, E, 20]);
    expect(pageStrip(10, 20)).toEqual([1, E, 9, 10, 11, E, 20]);
    expect(pageStrip(16, 20)).toEqual([1, E, 15, 16, 17, E, 20]);
    expect(pageStrip(5, 9)).toEqual([1, E, 4, 5, 6, E, 9]);
  });

  it("always shows the first, last and current page in order, and every ellipsis hides at least one page", () => {
    for (let total = 8; total <= 40; total++) {
      for (let current = 1; current <= total; current++) {
        const strip = pageStrip(current, total);
        expect(strip).toHaveLength(7);
        const pages = strip.filter((x): x is number => x !== E);
        expect(pages[0]).toBe(1);
        expect(pages.at(-1)).toBe(total);
        expect(pages).toContain(current);
        strip.forEach((item: PageStripItem, i) => {
          if (item !== E) return;
          const before = strip[i - 1] as number;
          const after = strip[i + 1] as number;
          expect(typeof before).toBe("number");
          expect(after - before).toBeGreaterThanOrEqual(2);
        });
        for (let i = 1; i < strip.length; i++) {
          if (strip[i] !== E && strip[i - 1] !== E) expect(strip[i]).toBe((strip[i - 1] as number) + 1);
        }
      }
    }
  });
});
