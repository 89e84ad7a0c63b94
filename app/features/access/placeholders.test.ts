import { describe, expect, it } from "vitest";
import { GATED_FIELDS } from "../catalog/listing-types.ts";
import { maskedMagnitude, placeholderFor, textPreview, upgradeHint } from "./placeholders.ts";

describe("maskedMagnitude", () => {
  it.each([
    [4_200_000_000, "$X.XB+"],
    [1e9, "$X.XB+"],
    [999_999_999, "$X.XM+"],
    [1e6, "$X.XM+"],
    [999_999, "$X.XK+"],
    [1e3, "$X.XK+"],
    [999, "$X.X+"],
    [0, "$X.X+"],
    [-2e6, "$X.XM+"],
  ])("hints %d as %s", (amount, hint) => {
    expect(maskedMagnitude(amount)).toBe(hint);
  });

  it.each([null, undefined, Number.NaN])("says '$X.X Million' for an empty value (%s)", (amount) => {
    expect(maskedMagnitude(amount)).toBe("$X.X Million");
  });
});

describe("placeholderFor (spec 01 §6 placeholder table)", () => {
  it("masks revenue, funding and valuation with their own messages", () => {
    expect(placeholderFor("revenue", 3_400_000)).toEqual({ placeholder: "$X.XM+", message: "Upgrade to unlock revenue data" });
    expect(placeholderFor("funding", 2_000_000_000)).toEqual({ placeholder: "$X.XB+", message: "Subscribe to view funding details" });
    expect(placeholderFor("valuation", 45_000)).toEqual({ placeholder: "$X.XK+", message: "Upgrade to unlock valuation data" });
    expect(placeholderFor("funding", null)).toEqual({ placeholder: "$X.X Million", message: "Subscribe to view funding details" });
    expect(placeholderFor("valuation", undefined).placeholder).toBe("$X.X Million");
  });

  it("hints a revenue range code by its magnitude, never by the code", () => {
    expect(placeholderFor("revenueRange", "1m_to_5m")).toEqual({ placeholder: "$X.XM+", message: "Upgrade to unlock revenue data" });
    expect(placeholderFor("revenueRange", "10m_to_50m").placeholder).toBe("$X.XM+");
    expect(placeholderFor("revenueRange", "more_than_50m").placeholder).toBe("$X.XM+");
    expect(placeholderFor("revenueRange", "100k_to_1m").placeholder).toBe("$X.XK+");
    expect(placeholderFor("revenueRange", "less_than_100k").placeholder).toBe("$X.XK+");
    expect(placeholderFor("revenueRange", null).placeholder).toBe("$X.X Million");
    expect(placeholderFor("revenueRange", "$1M-$5M").placeholder).toBe("$X.X Million");
  });

  it.each(["description", "problem", "solution"])("previews %s in at most 100 characters, never the whole text", (field) => {
    const long = `${"word ".repeat(40)}SECRET-TAIL and the rest of the insight`;
    const { placeholder, message } = placeholderFor(field, long);
    expect(message).toBe("Subscribe to read full company insights");
    expect(placeholder).toBe(`${long.slice(0, 100).trimEnd()}…`);
    expect(placeholder).not.toContain("SECRET-TAIL");
    // Shorter texts show at most half, so the preview is never the value itself.
    const medium = `${"word ".repeat(20)}SECRET-TAIL`;
    expect(placeholderFor(field, medium).placeholder).toBe(`${medium.slice(0, 55).trimEnd()}…`);
    expect(placeholderFor(field, "Short problem.").placeholder).toBe("Short p…");
    expect(placeholderFor(field, null).placeholder).toBe("");
  });

  it("describes the team without naming anyone", () => {
    expect(placeholderFor("team", [{ name: "Ava Chen" }])).toEqual({
      placeholder: "Team profiles available",
      message: "Upgrade to view executive team details",
    });
  });

  it.each(["email", "contactEmail", "phone", "primaryContact", "primarycontact"])("masks %s with the spec's message", (field) => {
    expect(placeholderFor(field, "Ava Chen").message).toBe("Upgrade to access executive contacts");
  });

  it("gives the section messages for timing, howItWorks and keyUseCases", () => {
    expect(placeholderFor("timing", "Budgets are shifting")).toEqual({ placeholder: "", message: "Subscribe to view market analysis" });
    expect(placeholderFor("howItWorks", ["step"])).toEqual({ placeholder: "", message: "Subscribe to view business model" });
    expect(placeholderFor("keyUseCases", [{ title: "x" }])).toEqual({ placeholder: "", message: "Subscribe to explore use cases" });
  });

  it.each(["faqs", "ticketSize", "anything"])("falls back to premium content for %s", (field) => {
    expect(placeholderFor(field, "secret value")).toEqual({ placeholder: "Premium content", message: "Upgrade to unlock premium data" });
  });
});

/**
 * Issue 29: a mask made from the value gave it away ("i•••@a•••.example" beside the public website
 * "aldmavocell.example" was the address on the first guess; a phone mask kept its last digits and its length). Each
 * field has one mask, the same for every listing and for no value at all.
 */
describe("contact masks reveal nothing of the value", () => {
  const EMAILS = [
    "info@aldmavocell.example",
    "jane.doe@acme-robotics.com",
    "x@y.io",
    "a-very-long-local-part.with.dots+tag@sub.domain.of.a.company.co.uk",
    "ops@localhost",
    "",
    null,
  ];
  const PHONES = ["+14155552671", "+442079460752", "+4930123456789", "+1 (555) 123-4567", "+8613", "", null];
  const NAMES = ["Ava Chen", "  Lukas   Müller ", "Maria José da Silva Santos", "Q", "", null];

  it.each([
    ["email", EMAILS],
    ["contactEmail", EMAILS],
    ["phone", PHONES],
    ["primaryContact", NAMES],
    ["primarycontact", NAMES],
  ] as const)("gives %s one mask, whatever the value's length, letters, digits or domain, and none at all", (field, values) => {
    const masks = new Set(values.map((value) => JSON.stringify(placeholderFor(field, value))));
    expect([...masks]).toHaveLength(1);
    const { placeholder } = placeholderFor(field, values[0]);
    expect(placeholder).toMatch(/•/);
    expect(placeholder, "no letter or digit of any value").not.toMatch(/[\p{L}\p{N}]/u);
  });

  it("makes no gated field's placeholder from its value, but the spec's teasers (a text's preview, a money magnitude)", () => {
    const TEASERS = ["revenueRange", "problem", "solution"];
    const values = [null, "", "x", "A much longer value, with words.", "1m_to_5m", [], ["one"], [{ name: "Ava Chen" }, { name: "Bo Li" }]];
    const madeFromValue = GATED_FIELDS.filter((field) => new Set(values.map((v) => JSON.stringify(placeholderFor(field, v)))).size > 1);
    expect(madeFromValue).toEqual(TEASERS);
  });

  it("keeps a mask per field, so an e-mail and a phone still look like what they are", () => {
    expect(placeholderFor("contactEmail", null).placeholder).toContain("@");
    expect(placeholderFor("phone", null).placeholder).toMatch(/^\+/);
    expect(placeholderFor("contactEmail", null).placeholder).toBe(placeholderFor("email", "a@b.c").placeholder);
  });
});

describe("upgradeHint", () => {
  it("names subscriber from public, and premium otherwise", () => {
    expect(upgradeHint("funding data", "public")).toBe("Upgrade to subscriber to unlock funding data");
    expect(upgradeHint("funding data", "subscriber")).toBe("Upgrade to premium to unlock funding data");
    expect(upgradeHint("API access", "premium")).toBe("Upgrade to premium to unlock API access");
  });

  it("says 'a higher tier' when a tier record exists", () => {
    expect(upgradeHint("exports", "public", true)).toBe("Upgrade to a higher tier to unlock exports");
    expect(upgradeHint("exports", "subscriber", true)).toBe("Upgrade to a higher tier to unlock exports");
  });
});

describe("textPreview never gives away a whole gated text", () => {
  it("shows 100 characters of a long text", () => {
    const text = "a".repeat(300);
    expect(textPreview(text)).toBe(`${"a".repeat(100)}…`);
  });

  it("shows at most half of a short text", () => {
    const text = "Our secret sauce is a ten-word answer.";
    const preview = textPreview(text);
    expect(preview.length).toBeLessThanOrEqual(Math.ceil(text.length / 2) + 1);
    expect(preview).not.toContain("answer");
  });

  it("keeps emoji and other two-unit characters whole", () => {
    expect(textPreview("😀😀😀😀")).toBe("😀😀…");
  });

  it("is empty for no text", () => {
    expect(textPreview(null)).toBe("");
  });
});
