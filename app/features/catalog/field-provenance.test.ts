import { describe, expect, it } from "vitest";
import {
  classifyWrite,
  fieldNote,
  mergePatch,
  provenanceDate,
  provenancePatch,
  sameValue,
  sectionLine,
  sectionProvenance,
  type FieldSourceEntry,
} from "./field-provenance.ts";

const T1 = "2026-10-01T08:00:00.000Z";
const T2 = "2026-11-03T16:00:00.000Z";
const at2 = new Date(T2);
const e = (source: FieldSourceEntry["source"], setAt: string | null, confirmedAt = setAt ?? T1): FieldSourceEntry => ({
  source,
  setAt,
  confirmedAt,
});

describe("provenancePatch", () => {
  it("sets a changed value by the write's source, now", () => {
    expect(provenancePatch({ tagline: e("provider_import", T1) }, { source: "operator_edit", at: at2, changed: ["tagline"] })).toEqual({
      tagline: e("operator_edit", T2, T2),
    });
  });

  it("only confirms an unchanged value: its source and set time stay", () => {
    expect(
      provenancePatch({ name: e("operator_edit", T1) }, { source: "provider_import", at: at2, changed: [], confirmed: ["name"] }),
    ).toEqual({
      name: e("operator_edit", T1, T2),
    });
  });

  it("never moves a confirmation back in time", () => {
    const current = { name: e("provider_import", T1, T2) };
    expect(
      provenancePatch(current, { source: "provider_import", at: new Date(T1), changed: [], confirmed: ["name"] }).name!.confirmedAt,
    ).toBe(T2);
  });

  it("records a confirmation of a value with no record as confirmed, with no set time", () => {
    expect(
      provenancePatch({}, { source: "spreadsheet_import", at: at2, changed: [], confirmed: ["name"], detail: "spreadsheet:app1" }),
    ).toEqual({
      name: { source: "spreadsheet_import", setAt: null, confirmedAt: T2, detail: "spreadsheet:app1" },
    });
  });

  it("ignores fields that are settings, not facts", () => {
    expect(
      provenancePatch({}, { source: "operator_edit", at: at2, changed: ["slug", "visibility", "fieldVisibility", "featured", "name"] }),
    ).toEqual({
      name: e("operator_edit", T2, T2),
    });
  });
});

describe("mergePatch", () => {
  it("brings a taken value's record, makes a combined value the merge's, and a taken value without a record the merge's", () => {
    const other = { description: e("provider_import", T1), industryIds: e("provider_import", T1) };
    const patch = mergePatch(other, { taken: ["description", "tagline"], combined: ["industryIds"], at: at2, detail: "merged from X" });
    expect(patch).toEqual({
      description: e("provider_import", T1),
      tagline: { source: "merge", setAt: T2, confirmedAt: T2, detail: "merged from X" },
      industryIds: { source: "merge", setAt: T2, confirmedAt: T2, detail: "merged from X" },
    });
  });
});

describe("classifyWrite", () => {
  it("tells changed from confirmed, and leaves unsupplied and untracked fields out", () => {
    const before = { name: "Acme", tagline: "Old", description: null, fundingAmount: "1000000.00", industryIds: [2, 1], phone: "+1415" };
    const values = {
      name: "Acme",
      tagline: "New",
      description: null,
      fundingAmount: 1_000_000,
      industryIds: [1, 2],
      phone: null,
      slug: "x",
    };
    expect(classifyWrite(before, values)).toEqual({ changed: ["tagline", "phone"], confirmed: ["name", "fundingAmount", "industryIds"] });
  });

  it("against no listing, every supplied value is changed", () => {
    expect(classifyWrite(null, { name: "Acme", tagline: "", team: [], faqs: [{ q: 1 }] })).toEqual({
      changed: ["name", "faqs"],
      confirmed: [],
    });
  });
});

describe("sameValue", () => {
  it.each([
    [new Date(T1), T1, true],
    ["12.50", 12.5, true],
    [null, "", true],
    [[], null, true],
    [[1, 2], [2, 1], true],
    ["a", "b", false],
    [1, 2, false],
  ])("%j vs %j: %s", (a, b, same) => expect(sameValue(a, b)).toBe(same));
});

describe("words", () => {
  it("writes dates in UTC, the same everywhere", () => {
    expect(provenanceDate("2026-11-03T23:59:00Z")).toBe("3 Nov 2026");
    expect(provenanceDate("nonsense")).toBe("");
  });

  it("says when a section was updated, by whom, and when it was last confirmed if later", () => {
    expect(sectionLine("provider_import", T2, T2)).toBe("Updated 3 Nov 2026 · Lead-data provider");
    expect(sectionLine("feature_application", T1, T2)).toBe("Updated 1 Oct 2026 · Submitted by the company · Confirmed 3 Nov 2026");
    expect(sectionLine("spreadsheet_import", null, T2)).toBe("Confirmed 3 Nov 2026 · Spreadsheet import");
  });

  it("notes each field's record for operators", () => {
    expect(fieldNote(undefined)).toBe("No record");
    expect(fieldNote(e("operator_edit", T2))).toBe("Operator edit · 3 Nov 2026");
    expect(fieldNote(e("provider_import", T1, T2))).toBe("Provider import · 1 Oct 2026 (confirmed 3 Nov 2026)");
    expect(fieldNote(e("merge", null, T2))).toBe("Merge · confirmed 3 Nov 2026");
  });
});

describe("sectionProvenance", () => {
  const fields = {
    description: e("provider_import", T1),
    tagline: e("operator_edit", T2),
    problem: e("feature_application", T1),
    solution: e("operator_edit", T2),
    phone: e("operator_edit", T2),
    primaryContactEmail: e("operator_edit", "2026-12-01T00:00:00.000Z"),
  };

  it("takes each section's newest record among the fields the viewer may see", () => {
    const all = sectionProvenance(fields, () => true);
    expect(all.about).toMatchObject({ source: "operator_edit", updatedAt: T2 });
    expect(all.solves).toMatchObject({ source: "operator_edit", updatedAt: T2 });
    expect(all.contact).toMatchObject({ source: "operator_edit", updatedAt: T2 });
    expect(all.team).toBeUndefined();
  });

  it("never uses a field the viewer may not see, nor one no profile shows", () => {
    const locked = new Set(["solution", "phone"]);
    const some = sectionProvenance(fields, (f) => !locked.has(f));
    expect(some.solves).toMatchObject({ source: "feature_application", updatedAt: T1 });
    expect(some.contact).toBeUndefined();
    expect(JSON.stringify(some)).not.toContain("2026-12-01");
  });

  it("ignores a record that is not one of ours", () => {
    const forged = { description: { source: "hacker", setAt: T2, confirmedAt: T2 } as unknown as FieldSourceEntry };
    expect(sectionProvenance(forged, () => true)).toEqual({});
  });
});
