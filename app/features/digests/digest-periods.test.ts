import { describe, expect, it } from "vitest";
import { lastEndedPeriod, periodContaining, periodLabel } from "./digest-periods.ts";

const at = (iso: string) => new Date(iso);

describe("digest periods (UTC)", () => {
  it("a day runs from UTC midnight to the next, whatever the time of day", () => {
    expect(periodContaining("daily", at("2026-11-25T00:00:00Z"))).toEqual({
      from: at("2026-11-25T00:00:00Z"),
      to: at("2026-11-26T00:00:00Z"),
    });
    expect(periodContaining("daily", at("2026-11-25T23:59:59.999Z")).from).toEqual(at("2026-11-25T00:00:00Z"));
  });

  it("a week runs Monday to Monday, Sunday included in the week before", () => {
    // 2026-11-25 is a Wednesday; 2026-11-29 a Sunday; 2026-11-30 a Monday.
    expect(periodContaining("weekly", at("2026-11-25T10:00:00Z"))).toEqual({
      from: at("2026-11-23T00:00:00Z"),
      to: at("2026-11-30T00:00:00Z"),
    });
    expect(periodContaining("weekly", at("2026-11-29T23:00:00Z")).from).toEqual(at("2026-11-23T00:00:00Z"));
    expect(periodContaining("weekly", at("2026-11-30T00:00:00Z")).from).toEqual(at("2026-11-30T00:00:00Z"));
    // Across a year end.
    expect(periodContaining("weekly", at("2027-01-01T12:00:00Z")).from).toEqual(at("2026-12-28T00:00:00Z"));
  });

  it("the last ended period is the one before the current", () => {
    expect(lastEndedPeriod("daily", at("2026-11-25T00:05:00Z"))).toEqual({
      from: at("2026-11-24T00:00:00Z"),
      to: at("2026-11-25T00:00:00Z"),
    });
    expect(lastEndedPeriod("weekly", at("2026-11-30T00:00:00Z")).from).toEqual(at("2026-11-23T00:00:00Z"));
    expect(lastEndedPeriod("weekly", at("2026-11-29T23:59:00Z")).from).toEqual(at("2026-11-16T00:00:00Z"));
  });

  it("names a period for the subject line", () => {
    expect(periodLabel("daily", periodContaining("daily", at("2026-11-25T08:00:00Z")))).toBe("25 Nov 2026");
    expect(periodLabel("weekly", periodContaining("weekly", at("2026-11-25T08:00:00Z")))).toBe("the week of 23 Nov 2026");
    // The date module's calendar date, as on every page: September is "Sep", as the other months, not ICU's "Sept".
    expect(periodLabel("daily", periodContaining("daily", at("2026-09-04T08:00:00Z")))).toBe("4 Sep 2026");
  });
});
