import { describe, expect, it } from "vitest";
import { OTHER_MIXED, OTHER_SMALL, safeBreakdown, safeSeries, type SafeBreakdown, type SafeSeries } from "./small-counts.ts";

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
          if (view.status === "shown")
            expect(view.buckets.reduce((n, x) => n + x.count, 0) + (view.other?.count ?? 0)).toBe(view.total);
          else expect(a + c + d).toBeLessThan(5);
        }
  });
});

describe("safeSeries: weeks", () => {
  const cells = (view: SafeSeries) => (view.status === "shown" ? view.cells.map((c) => (c.cell.shown ? c.cell.count : c.cell.why)) : view.status);

  it("says 'under' for a week of 1 to 4 and protects it with the smallest shown week when alone", () => {
    const view = safeSeries([
      { key: "w1", count: 12 },
      { key: "w2", count: 3 },
      { key: "w3", count: 0 },
      { key: "w4", count: 7 },
    ]);
    expect(cells(view)).toEqual([12, "under", 0, "protect"]);
    if (view.status !== "shown") return;
    const shownSum = view.cells.reduce((n, c) => n + (c.cell.shown ? c.cell.count : 0), 0);
    expect(view.total - shownSum).toBe(10);
  });

  it("needs no protection when the small weeks are 5 together", () => {
    expect(cells(safeSeries([{ key: "a", count: 3 }, { key: "b", count: 2 }, { key: "c", count: 8 }]))).toEqual(["under", "under", 8]);
  });

  it("sends nothing when the whole series is 1 to 4, and zeros when it is empty", () => {
    expect(safeSeries([{ key: "a", count: 3 }, { key: "b", count: 0 }])).toEqual({ status: "too_few" });
    expect(cells(safeSeries([{ key: "a", count: 0 }]))).toEqual([0]);
  });
});
