import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, isIsoDate } from "./format-date.ts";

describe("formatDateTime", () => {
  it("prints a timestamp in UTC, saying so", () => {
    expect(formatDateTime("2026-11-24T14:05:09.123Z")).toBe("24 Nov 2026, 14:05 UTC");
    expect(formatDateTime(new Date(Date.UTC(2025, 0, 2, 23, 59)))).toBe("2 Jan 2025, 23:59 UTC");
    expect(formatDateTime("2026-11-24T23:30:00-02:00")).toBe("25 Nov 2026, 01:30 UTC");
  });

  it("gives back text that is not a date", () => {
    expect(formatDateTime("soon")).toBe("soon");
  });
});

describe("formatDate", () => {
  it("keeps a calendar date on its day", () => {
    expect(formatDate("2024-03-01")).toBe("1 Mar 2024");
    expect(formatDate("2024-03-01T23:59:59Z")).toBe("1 Mar 2024");
    expect(formatDate("n/a")).toBe("n/a");
  });
});

describe("isIsoDate", () => {
  it.each([
    ["2026-11-24T14:05:09.123Z", true],
    ["2026-11-24", true],
    ["2026-11-24 14:05:09+00", true],
    ["2026", false],
    ["Acme 2026-11-24", false],
    [20261124, false],
    [null, false],
  ])("%j → %s", (value, expected) => {
    expect(isIsoDate(value)).toBe(expected);
  });
});
