import { describe, expect, it } from "vitest";
import { normalizeFieldName, toGatedField } from "./field-name.ts";

describe("normalizeFieldName", () => {
  it.each([
    ["team", "team"],
    ["Team", "team"],
    ["  FAQs ", "faqs"],
    ["Problem", "problem"],
    ["Revenue Range", "revenueRange"],
    ["revenuerange", "revenueRange"],
    ["REVENUERANGE", "revenueRange"],
    ["revenueRange", "revenueRange"],
    ["How It Works", "howItWorks"],
    ["howitworks", "howItWorks"],
    ["Key Use Cases", "keyUseCases"],
    ["key\tuse\ncases", "keyUseCases"],
    ["Primary Contact", "primarycontact"],
    ["Funding Stage", "fundingstage"],
    ["", ""],
  ])("%j → %j", (input, expected) => {
    expect(normalizeFieldName(input)).toBe(expected);
  });
});

describe("toGatedField", () => {
  it("maps rule names to the profile fields they gate", () => {
    expect(toGatedField("Revenue Range")).toBe("revenueRange");
    expect(toGatedField("Timing")).toBe("timing");
    expect(toGatedField("key use cases")).toBe("keyUseCases");
  });

  it("refuses names no profile field is gated by", () => {
    expect(toGatedField("Description")).toBeNull();
    expect(toGatedField("Revenue")).toBeNull();
    expect(toGatedField("")).toBeNull();
  });
});
