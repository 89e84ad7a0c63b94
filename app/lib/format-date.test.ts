import { afterEach, describe, expect, it } from "vitest";
import {
  formatClock,
  formatDate,
  formatDateTime,
  formatEventTime,
  formatMonth,
  formatMonthName,
  isIsoDate,
  RECENT_MS,
} from "./format-date.ts";

const NOW = "2026-11-28T17:01:00.000Z";
const before = (ms: number) => new Date(Date.parse(NOW) - ms);

describe("formatDateTime", () => {
  it("prints a timestamp in UTC, saying so", () => {
    expect(formatDateTime("2026-11-24T14:05:09.123Z")).toBe("24 Nov 2026, 14:05 UTC");
    expect(formatDateTime(new Date(Date.UTC(2025, 0, 2, 23, 59)))).toBe("2 Jan 2025, 23:59 UTC");
    expect(formatDateTime("2026-11-24T23:30:00-02:00")).toBe("25 Nov 2026, 01:30 UTC");
    expect(formatDateTime(Date.UTC(2026, 10, 28, 0, 0))).toBe("28 Nov 2026, 00:00 UTC");
  });

  it("names September as every other month, in three letters (the server's ICU says 'Sept')", () => {
    expect(formatDateTime("2026-09-04T17:01:00Z")).toBe("4 Sep 2026, 17:01 UTC");
  });

  it("gives back text that is not a date", () => {
    expect(formatDateTime("soon")).toBe("soon");
    expect(formatDateTime(Number.NaN)).toBe("NaN");
  });
});

describe("formatDate", () => {
  it("keeps a calendar date on its day", () => {
    expect(formatDate("2024-03-01")).toBe("1 Mar 2024");
    expect(formatDate("2024-03-01T23:59:59Z")).toBe("1 Mar 2024");
    expect(formatDate("2026-09-30")).toBe("30 Sep 2026");
    expect(formatDate("n/a")).toBe("n/a");
  });

  describe("in every zone the process may run in", () => {
    const zone = process.env.TZ;
    afterEach(() => {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    });
    it.each(["Pacific/Kiritimati", "Pacific/Pago_Pago", "America/New_York", "Asia/Tokyo", "UTC"])(
      "a calendar date stays that day in %s",
      (tz) => {
        process.env.TZ = tz;
        expect(formatDate("2026-11-28")).toBe("28 Nov 2026");
        expect(formatDate("2026-01-01")).toBe("1 Jan 2026");
        expect(formatDateTime("2026-11-28T23:30:00Z")).toBe("28 Nov 2026, 23:30 UTC");
      },
    );
  });
});

describe("formatMonth and formatMonthName", () => {
  it("print a month from a month key or a date", () => {
    expect(formatMonth("2026-11")).toBe("Nov 2026");
    expect(formatMonth("2024-09-15")).toBe("Sep 2024");
    expect(formatMonth("2025-12-31T23:59:59Z")).toBe("Dec 2025");
    expect(formatMonthName("2025-03")).toBe("Mar");
  });

  it("give back text that is not a month", () => {
    expect(formatMonth("Q3 2024")).toBe("Q3 2024");
    expect(formatMonthName("2025-13")).toBe("2025-13");
  });
});

describe("formatClock", () => {
  it("prints the time of day to the second in UTC", () => {
    expect(formatClock("2026-11-28T07:03:09.999Z")).toBe("07:03:09 UTC");
    expect(formatClock("later")).toBe("later");
  });
});

describe("formatEventTime", () => {
  it("says how long ago a recent event was, in whole units", () => {
    expect(formatEventTime(before(0), NOW)).toBe("just now");
    expect(formatEventTime(before(999), NOW)).toBe("just now");
    expect(formatEventTime(before(1000), NOW)).toBe("1 second ago");
    expect(formatEventTime(before(45_000), NOW)).toBe("45 seconds ago");
    expect(formatEventTime(before(59_999), NOW)).toBe("59 seconds ago");
    expect(formatEventTime(before(60_000), NOW)).toBe("1 minute ago");
    expect(formatEventTime(before(5 * 60_000 + 59_000), NOW)).toBe("5 minutes ago");
    expect(formatEventTime(before(60 * 60_000 - 1), NOW)).toBe("59 minutes ago");
    expect(formatEventTime(before(60 * 60_000), NOW)).toBe("1 hour ago");
    expect(formatEventTime(before(RECENT_MS - 1), NOW)).toBe("23 hours ago");
  });

  it("gives the absolute time from a day on", () => {
    expect(formatEventTime(before(RECENT_MS), NOW)).toBe("27 Nov 2026, 17:01 UTC");
    expect(formatEventTime("2025-01-02T08:00:00Z", NOW)).toBe("2 Jan 2025, 08:00 UTC");
  });

  it("reads an event slightly ahead of now (another machine's clock) as just now, and a future one as its time", () => {
    expect(formatEventTime("2026-11-28T17:01:30Z", NOW)).toBe("just now");
    expect(formatEventTime("2026-11-28T17:02:00Z", NOW)).toBe("just now");
    expect(formatEventTime("2026-11-28T17:02:01Z", NOW)).toBe("28 Nov 2026, 17:02 UTC");
  });

  it("takes dates, numbers and ISO text for both the event and now", () => {
    expect(formatEventTime(Date.parse(NOW) - 3 * 3600_000, new Date(NOW))).toBe("3 hours ago");
  });

  it("gives back text that is not a date, and the absolute time when now is not one", () => {
    expect(formatEventTime("yesterday-ish", NOW)).toBe("yesterday-ish");
    expect(formatEventTime("2026-11-28T16:00:00Z", "not a time")).toBe("28 Nov 2026, 16:00 UTC");
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
