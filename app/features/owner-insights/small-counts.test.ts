import { describe, expect, it } from "vitest";
import { OTHER_MIXED, OTHER_SMALL, safeBreakdown, safeCell, type SafeBreakdown } from "./small-counts.ts";

const b = (key: string, count: number) => ({ key, label: key, count });

/** Every number a breakdown sends: what an owner could add up and subtract. */
function numbersOf(view: SafeBreakdown): number[] {
  return view.status === "shown" ? [...view.buckets.map((x) => x.count), ...(view.other ? [view.other.count] : []), view.total] : [];
}

describe("safeBreakdown: never a bucket under 5", () => {
  it("shows buckets of 5 and more and folds the small ones into Other when they are 5 together", () => {
    const view = safeBreakdown([b("premium", 9), b("subscriber", 3), b("public", 2), b("signed_out", 6)]);
    expect(view).toEqual({
      status: "shown",
      buckets: [b("premium", 9), b("signed_out", 6)],
      other: { label: OTHER_SMALL, count: 5 },
      total: 20,
    });
  });

  it("sends nothing at all, not even the total, when everything together is under 5", () => {
    expect(safeBreakdown([b("premium", 2), b("public", 2)])).toEqual({ status: "too_few" });
  });

  it("the subtraction attack: total minus the buckets shown never gives a small bucket's count", () => {
    // Premium 3 alone under 5: shown as Other it would say 3; left out, total - shown would say 3.
    const view = safeBreakdown([b("signed_out", 40), b("public", 7), b("subscriber", 6), b("premium", 3)]);
    expect(view.status).toBe("shown");
    if (view.status !== "shown") return;
    const shownSum = view.buckets.reduce((n, x) => n + x.count, 0);
    const leftOver = view.total - shownSum;
    expect(leftOver).toBeGreaterThanOrEqual(5);
    expect(view.other).toEqual({ label: OTHER_MIXED, count: 9 });
    for (const n of numbersOf(view)) expect(n === 0 || n >= 5).toBe(true);
    expect(view.buckets.map((x) => x.key)).toEqual(["signed_out", "public"]);
  });

  it("holds for every small combination: every number sent is 0 or at least 5, and shown + Other = total", () => {
    for (let a = 0; a <= 7; a++)
      for (let c = 0; c <= 7; c++)
        for (let d = 0; d <= 7; d++) {
          const view = safeBreakdown([b("a", a), b("c", c), b("d", d)]);
          for (const n of numbersOf(view)) expect(n === 0 || n >= 5).toBe(true);
          if (view.status === "shown") expect(view.buckets.reduce((n, x) => n + x.count, 0) + (view.other?.count ?? 0)).toBe(view.total);
          else expect(a + c + d).toBeLessThan(5);
        }
  });
});

describe("safeCell: a week", () => {
  it("shows 0 and 5 or more, and only 'under' for 1 to 4", () => {
    expect([0, 1, 4, 5, 12].map((n) => safeCell(n))).toEqual([
      { shown: true, count: 0 },
      { shown: false },
      { shown: false },
      { shown: true, count: 5 },
      { shown: true, count: 12 },
    ]);
  });
});
