import { describe, expect, it } from "vitest";
import { chartMax, fillMonths, lastMonths, monthKey, monthLabel, windowStart } from "./month-series.ts";

describe("month keys", () => {
  it("are UTC calendar months, whatever the local time zone", () => {
    expect(monthKey(new Date("2025-03-31T23:59:59Z"))).toBe("2025-03");
    expect(monthKey(new Date("2025-04-01T00:00:00Z"))).toBe("2025-04");
    expect(monthKey(new Date("2025-12-15T12:00:00+05:00"))).toBe("2025-12");
  });

  it("label a month with and without its year", () => {
    expect(monthLabel("2025-01")).toBe("Jan");
    expect(monthLabel("2024-12", true)).toBe("Dec 2024");
  });
});

describe("the twelve-month window", () => {
  it("ends with the current month and crosses the year boundary", () => {
    const months = lastMonths(new Date("2025-03-10T08:00:00Z"));
    expect(months).toHaveLength(12);
    expect(months[0]).toBe("2024-04");
    expect(months.at(-1)).toBe("2025-03");
    expect(new Set(months).size).toBe(12);
  });

  it("starts at midnight UTC on the first day of its oldest month", () => {
    expect(windowStart(new Date("2025-03-31T23:00:00Z")).toISOString()).toBe("2024-04-01T00:00:00.000Z");
    expect(windowStart(new Date("2025-01-01T00:00:00Z"), 1).toISOString()).toBe("2025-01-01T00:00:00.000Z");
  });

  it("has no gaps or repeats at the end of long and short months", () => {
    expect(lastMonths(new Date("2025-05-31T12:00:00Z"), 4)).toEqual(["2025-02", "2025-03", "2025-04", "2025-05"]);
  });
});

describe("filling a series", () => {
  const months = ["2025-01", "2025-02", "2025-03"];

  it("gives every month every series, missing ones as zero", () => {
    const rows = fillMonths(
      [
        { month: "2025-01", series: "startup", n: 3 },
        { month: "2025-03", series: "investor", n: 2 },
      ],
      months,
      ["startup", "investor", "partner"] as const,
    );
    expect(rows).toEqual([
      { month: "2025-01", values: { startup: 3, investor: 0, partner: 0 } },
      { month: "2025-02", values: { startup: 0, investor: 0, partner: 0 } },
      { month: "2025-03", values: { startup: 0, investor: 2, partner: 0 } },
    ]);
  });

  it("adds up repeated rows and drops months outside the window and unknown series", () => {
    const rows = fillMonths(
      [
        { month: "2025-02", series: "found", n: 1 },
        { month: "2025-02", series: "found", n: 4 },
        { month: "2024-12", series: "found", n: 9 },
        { month: "2025-02", series: "other" as "found", n: 7 },
      ],
      months,
      ["found", "merged"] as const,
    );
    expect(rows[1]).toEqual({ month: "2025-02", values: { found: 5, merged: 0 } });
    expect(rows.map((r) => r.values.found)).toEqual([0, 5, 0]);
  });
});

describe("the chart's scale", () => {
  const rows = [
    { month: "2025-01", values: { a: 3, b: 4 } },
    { month: "2025-02", values: { a: 6, b: 0 } },
  ];

  it("is the tallest stack when stacked and the tallest bar when grouped", () => {
    expect(chartMax(rows, true)).toBe(7);
    expect(chartMax(rows, false)).toBe(6);
  });

  it("is never zero, so an empty chart draws no division by zero", () => {
    expect(chartMax([{ month: "2025-01", values: { a: 0 } }], true)).toBe(1);
    expect(chartMax([], false)).toBe(1);
  });
});
