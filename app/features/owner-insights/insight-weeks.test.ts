import { describe, expect, it } from "vitest";
import { endedMonths, isoWeekOf, monthOfWeek, lastEndedMonth, monthFrom, recentWeeks, weekStartOf, weeksOfMonth } from "./insight-weeks.ts";

describe("insight weeks (UTC, ISO)", () => {
  it("starts a week on Monday at midnight UTC", () => {
    expect(weekStartOf(new Date("2026-11-29T23:59:59Z"))).toBe("2026-11-23"); // a Sunday
    expect(weekStartOf(new Date("2026-11-30T00:00:00Z"))).toBe("2026-11-30"); // the Monday after
    expect(weekStartOf(new Date("2027-01-01T12:00:00Z"))).toBe("2026-12-28"); // across a new year
  });

  it("lists the last twelve weeks, oldest first, ending with the current one", () => {
    const weeks = recentWeeks(new Date("2026-11-25T10:00:00Z"));
    expect(weeks).toHaveLength(12);
    expect(weeks.at(-1)).toBe("2026-11-23");
    expect(weeks[0]).toBe("2026-09-07");
  });

  it("numbers weeks as ISO 8601 does", () => {
    expect(isoWeekOf("2026-11-23")).toEqual({ year: 2026, week: 48 });
    expect(isoWeekOf("2026-12-28")).toEqual({ year: 2026, week: 53 });
    expect(isoWeekOf("2027-01-04")).toEqual({ year: 2027, week: 1 });
  });

  it("knows the month that ended last", () => {
    expect(lastEndedMonth(new Date("2026-12-01T00:05:00Z"))).toEqual({ from: "2026-11-01", to: "2026-12-01" });
    expect(lastEndedMonth(new Date("2027-01-15T00:00:00Z"))).toEqual({ from: "2026-12-01", to: "2027-01-01" });
    expect(monthFrom("2026-12-01")).toEqual({ from: "2026-12-01", to: "2027-01-01" });
  });
});

describe("a month's weeks", () => {
  it("are the weeks whose Sunday falls in the month, so a month's figures are final when it ends", () => {
    // November 2026: Sundays 1, 8, 15, 22, 29.
    expect(weeksOfMonth("2026-11-01")).toEqual(["2026-10-26", "2026-11-02", "2026-11-09", "2026-11-16", "2026-11-23"]);
    // December 2026: Sundays 6, 13, 20, 27 (the week of 28 Dec ends on 3 Jan).
    expect(weeksOfMonth("2026-12-01")).toEqual(["2026-11-30", "2026-12-07", "2026-12-14", "2026-12-21"]);
  });

  it("counts the current week in the month of its Sunday", () => {
    expect(monthOfWeek(new Date("2026-11-30T09:00:00Z"))).toBe("2026-12-01");
    expect(monthOfWeek(new Date("2026-11-29T09:00:00Z"))).toBe("2026-11-01");
  });

  it("lists the months ended by now, newest first", () => {
    expect(endedMonths(new Date("2026-12-01T00:00:00Z"), 3)).toEqual(["2026-11-01", "2026-10-01", "2026-09-01"]);
  });
});
