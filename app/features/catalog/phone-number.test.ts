import { describe, expect, it } from "vitest";
import { formatPhoneNumber, normalizePhoneNumber } from "./phone-number.ts";

describe("normalizePhoneNumber", () => {
  it.each<[string, string | undefined, string | null]>([
    // United States, national and international
    ["(415) 555-2671", "US", "+14155552671"],
    ["415-555-2671", "US", "+14155552671"],
    ["415.555.2671", "US", "+14155552671"],
    ["4155552671", "US", "+14155552671"],
    ["1 415 555 2671", "US", "+14155552671"],
    ["+1 415 555 2671", undefined, "+14155552671"],
    ["+1 (415) 555-2671", "DE", "+14155552671"],
    ["  +14155552671  ", undefined, "+14155552671"],
    ["(415) 555-2671", undefined, null],
    // extensions are dropped
    ["415-555-2671 ext. 12", "US", "+14155552671"],
    ["+1 415 555 2671 x5", undefined, "+14155552671"],
    ["+1 415 555 2671 #123", undefined, "+14155552671"],
    // United Kingdom
    ["020 7946 0958", "GB", "+442079460958"],
    ["+44 20 7946 0958", undefined, "+442079460958"],
    ["+44 (0)20 7946 0958", undefined, "+442079460958"],
    ["07700 900123", "gb", "+447700900123"],
    // Germany
    ["030 901820", "DE", "+4930901820"],
    ["+49 30 901820", undefined, "+4930901820"],
    ["089/12345678", "DE", "+498912345678"],
    // an unknown default country is ignored, not thrown on
    ["+49 30 901820", "ZZ", "+4930901820"],
    ["030 901820", "not a country", null],
    // unicode digits are folded
    ["٤١٥٥٥٥٢٦٧١", "US", "+14155552671"],
    ["４１５５５５２６７１", "US", "+14155552671"],
    // junk
    ["", "US", null],
    ["   ", "US", null],
    ["abc", "US", null],
    ["12", "US", null],
    ["\u0000", "US", null],
    ["+1 415 555 2671\u0000", undefined, null],
    ["+1 415 555 2671; DROP TABLE listings", undefined, null],
    ["call +1 415 555 2671 now", undefined, null],
    ["tel:+14155552671", undefined, null],
    ["+1 415 555 2671 <script>", undefined, null],
    ["1".repeat(200), "US", null],
    ["+" + "4".repeat(63), undefined, null],
    ["+1 ".repeat(40), undefined, null],
  ])("%j (%s) → %j", (input, country, expected) => {
    expect(normalizePhoneNumber(input, country)).toBe(expected);
  });
});

describe("normalizePhoneNumber with several countries", () => {
  it("reads a national number in the first country where it is possible", () => {
    expect(normalizePhoneNumber("0161 496 0123", ["DK", "GB"])).toBe("+441614960123");
    expect(normalizePhoneNumber("0161 496 0123", ["DK", "FR"])).toBeNull();
    expect(normalizePhoneNumber("+44 161 496 0123", [])).toBe("+441614960123");
    expect(normalizePhoneNumber("0161 496 0123", ["XX", "gb"])).toBe("+441614960123");
  });
});

describe("formatPhoneNumber", () => {
  it("groups a stored number as people read it, and leaves what it cannot read as it is", () => {
    expect(formatPhoneNumber("+442079460752")).toBe("+44 20 7946 0752");
    expect(formatPhoneNumber("+14155552671")).toBe("+1 415 555 2671");
    expect(formatPhoneNumber("not a number")).toBe("not a number");
  });
});
