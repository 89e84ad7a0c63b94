import { describe, expect, it } from "vitest";
import {
  businessModelLabel,
  capList,
  formatAmount,
  formatRoundDate,
  MISSING,
  preview,
  REVENUE_LABELS,
  revenueLabel,
  roundTypeLabel,
} from "./format.ts";

describe("formatAmount", () => {
  it.each([
    [0, "$0"],
    [999, "$999"],
    [1_000, "$1.0K"],
    [1_500, "$1.5K"],
    [12_345, "$12.3K"],
    [999_000, "$999.0K"],
    [1_000_000, "$1.0M"],
    [2_340_000, "$2.3M"],
    [2_360_000, "$2.4M"],
    [999_000_000, "$999.0M"],
    [1_000_000_000, "$1.0B"],
    [4_560_000_000, "$4.6B"],
    [1_250_000_000_000, "$1250.0B"],
    [-2_500_000, "-$2.5M"],
  ])("shows %d as %s", (amount, text) => {
    expect(formatAmount(amount)).toBe(text);
  });

  it("moves up a unit when rounding reaches 1000 of the smaller one", () => {
    expect(formatAmount(999_949)).toBe("$999.9K");
    expect(formatAmount(999_950)).toBe("$1.0M");
    expect(formatAmount(999_999)).toBe("$1.0M");
    expect(formatAmount(999_999_999)).toBe("$1.0B");
  });

  it.each([null, undefined, Number.NaN, Number.POSITIVE_INFINITY])("shows %s as the missing marker", (amount) => {
    expect(formatAmount(amount)).toBe("---");
    expect(MISSING).toBe("---");
  });
});

describe("revenue labels", () => {
  it.each([
    ["less_than_100k", "< $100K"],
    ["100k_to_1m", "$100K < X < $1M"],
    ["1m_to_5m", "$1M < X < $5M"],
    ["5m_to_10m", "$5M < X < $10M"],
    ["10m_to_50m", "$10M < X < $50M"],
    ["more_than_50m", "> $50M"],
  ])("labels %s as %s", (code, label) => {
    expect(revenueLabel(code)).toBe(label);
  });

  it("has exactly the six codes of the specification", () => {
    expect(Object.keys(REVENUE_LABELS)).toHaveLength(6);
  });

  it("passes text ranges from older data through and has nothing for an empty value", () => {
    expect(revenueLabel("$1M-$5M")).toBe("$1M-$5M");
    expect(revenueLabel("LESS_THAN_100K")).toBe("LESS_THAN_100K");
    expect(revenueLabel("")).toBeNull();
    expect(revenueLabel(null)).toBeNull();
    expect(revenueLabel(undefined)).toBeNull();
  });
});

describe("businessModelLabel", () => {
  it("labels the three known models", () => {
    expect(businessModelLabel("retainer")).toBe("Retainer");
    expect(businessModelLabel("retainer_plus_success")).toBe("Retainer + Success Fee");
    expect(businessModelLabel("success_only")).toBe("Success Fee Only");
  });

  it("shows any other value raw", () => {
    expect(businessModelLabel("equity_swap")).toBe("equity_swap");
    expect(businessModelLabel("Retainer")).toBe("Retainer");
    expect(businessModelLabel("")).toBe("");
  });
});

describe("formatRoundDate", () => {
  it("shows a round date as month and year", () => {
    expect(formatRoundDate("2024-03-15")).toBe("Mar 2024");
    expect(formatRoundDate("2019-12-01")).toBe("Dec 2019");
    expect(formatRoundDate("2021-01")).toBe("Jan 2021");
  });

  it("shows --- when there is no date, and anything else as it came", () => {
    expect(formatRoundDate(null)).toBe(MISSING);
    expect(formatRoundDate("  ")).toBe(MISSING);
    expect(formatRoundDate("2024-13-01")).toBe("2024-13-01");
    expect(formatRoundDate("last spring")).toBe("last spring");
  });
});

describe("roundTypeLabel", () => {
  it("capitalises round types", () => {
    expect(roundTypeLabel("series-a")).toBe("Series A");
    expect(roundTypeLabel("seed")).toBe("Seed");
    expect(roundTypeLabel("pre-seed")).toBe("Pre-Seed");
    expect(roundTypeLabel(null)).toBe("---");
  });
});

describe("capList", () => {
  it("shows up to the cap and counts the rest", () => {
    expect(capList(["a", "b", "c", "d", "e", "f"], 4)).toEqual({ shown: ["a", "b", "c", "d"], more: 2 });
    expect(capList(["a", "b", "c", "d"], 4)).toEqual({ shown: ["a", "b", "c", "d"], more: 0 });
    expect(capList(["a"], 3)).toEqual({ shown: ["a"], more: 0 });
    expect(capList([], 3)).toEqual({ shown: [], more: 0 });
  });

  it("leaves the input alone", () => {
    const items = ["a", "b", "c"];
    capList(items, 1).shown.push("x");
    expect(items).toEqual(["a", "b", "c"]);
  });
});

describe("preview", () => {
  it("keeps text of at most the length as it is", () => {
    const fifty = "x".repeat(50);
    expect(preview(fifty)).toBe(fifty);
    expect(preview("short text")).toBe("short text");
    expect(preview("")).toBe("");
  });

  it("cuts longer text at a word, 50 characters by default, with an ellipsis", () => {
    const text = "Nimbus Labs builds software for finance teams in Germany and Japan today.";
    const result = preview(text);
    expect(result).toBe("Nimbus Labs builds software for finance teams in…");
    expect(result.length).toBeLessThanOrEqual(51);
  });

  it("cuts inside a word when the last space is too early", () => {
    expect(preview(`ab ${"c".repeat(60)}`, 20)).toBe(`ab ${"c".repeat(17)}…`);
    expect(preview("x".repeat(120), 100)).toBe(`${"x".repeat(100)}…`);
  });
});
