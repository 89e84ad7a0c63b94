import { describe, expect, it } from "vitest";
import { shouldDropRecord } from "./record-dropping.ts";

describe("shouldDropRecord (spec 01 §3)", () => {
  it.each([
    [{ name: "Nimbus", type: "startup" }],
    [{ "Company Name": "Nimbus", "Entity Type": "Startup" }],
    [{ Title: "Nimbus", "COMPANY TYPE": "partner" }],
    [{ " name ": "Nimbus", " type": "investor" }],
    [{ NAME: "Nimbus", Type: ["startup"] }],
  ])("keeps %o", (fields) => {
    expect(shouldDropRecord(fields)).toBe(false);
  });

  it("drops a record without a name-like field", () => {
    expect(shouldDropRecord({ type: "startup", tagline: "x" })).toBe(true);
    expect(shouldDropRecord({ Company: "Nimbus", type: "startup" })).toBe(true);
    expect(shouldDropRecord({ "display name": "Nimbus", type: "startup" })).toBe(true);
  });

  it("drops a record without a type-like field", () => {
    expect(shouldDropRecord({ name: "Nimbus" })).toBe(true);
    expect(shouldDropRecord({ name: "Nimbus", category: "startup" })).toBe(true);
    expect(shouldDropRecord({ name: "Nimbus", "investor type": "VC" })).toBe(true);
  });

  it("treats empty values as missing", () => {
    expect(shouldDropRecord({ name: "", type: "startup" })).toBe(true);
    expect(shouldDropRecord({ name: "   ", type: "startup" })).toBe(true);
    expect(shouldDropRecord({ name: "Nimbus", type: null })).toBe(true);
    expect(shouldDropRecord({ name: "Nimbus", type: undefined })).toBe(true);
    expect(shouldDropRecord({ name: "Nimbus", type: [] })).toBe(true);
    expect(shouldDropRecord({})).toBe(true);
  });

  it("is satisfied by any one of the name-like and type-like fields having a value", () => {
    expect(shouldDropRecord({ name: "", "company name": "Nimbus", type: "", "entity type": "startup" })).toBe(false);
    expect(shouldDropRecord({ name: null, title: "Nimbus", "company type": "partner" })).toBe(false);
  });
});
