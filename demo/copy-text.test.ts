import { describe, expect, it } from "vitest";
import * as s from "../db/schema/index.ts";
import { copyField, copyTable, UuidBlock } from "./copy-text.ts";

describe("copyField", () => {
  it("writes NULL as \\N and escapes what COPY's text format reads as structure", () => {
    expect(copyField(null)).toBe("\\N");
    expect(copyField(undefined)).toBe("\\N");
    expect(copyField(true)).toBe("t");
    expect(copyField(false)).toBe("f");
    expect(copyField(12.5)).toBe("12.5");
    expect(copyField("a\tb\nc\rd\\e")).toBe("a\\tb\\nc\\rd\\\\e");
    // A literal "\N" in text is data, not NULL.
    expect(copyField("\\N")).toBe("\\\\N");
    expect(copyField("plain text, with commas; and 'quotes'")).toBe("plain text, with commas; and 'quotes'");
  });
});

describe("copyTable", () => {
  const faqs = copyTable(s.faqs, ["listingId", "position", "question", "answer"]);

  it("names the table's columns and maps values as an insert would", () => {
    expect(faqs.table).toBe("faqs");
    expect(faqs.columns).toEqual(["listing_id", "position", "question", "answer"]);
    expect(faqs.line({ listingId: "x", position: 0, question: "Why?", answer: "Line one\nline two" })).toBe(
      "x\t0\tWhy?\tLine one\\nline two\n",
    );
    const listings = copyTable(s.listings, ["industryIds", "fieldVisibility", "createdAt", "aum"]);
    expect(listings.line({ industryIds: [3, 1], fieldVisibility: { faqs: "subscriber" }, createdAt: new Date(0), aum: 1500000 })).toBe(
      '{3,1}\t{"faqs":"subscriber"}\t1970-01-01T00:00:00.000Z\t1500000\n',
    );
  });

  it("refuses a key it does not load, and a missing value whose column has a default COPY cannot apply", () => {
    expect(() => faqs.line({ listingId: "x", position: 0, question: "q", answer: "a", extra: 1 })).toThrow(/faqs.extra/);
    expect(() => faqs.line({ listingId: "x", question: "q", answer: "a" })).toThrow(/faqs.position needs a value/);
    expect(() => copyTable(s.faqs, ["nope"])).toThrow(/faqs has no column nope/);
  });
});

describe("UuidBlock", () => {
  it("gives distinct version-4 UUIDs", () => {
    const block = new UuidBlock(1000);
    const ids = Array.from({ length: 1000 }, (_, i) => block.at(i));
    expect(new Set(ids).size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(block.at(7)).toBe(ids[7]);
  });
});
