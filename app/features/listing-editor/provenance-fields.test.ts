import { describe, expect, it } from "vitest";
import { isProvenanceField } from "../catalog/field-provenance.ts";
import { LIST_FIELDS, SCALAR_FIELDS } from "./form-fields.ts";
import { CHILD_SECTIONS } from "./listing-snapshot.ts";

/** Settings about the listing, not facts about the company (decision 0068): no provenance is kept for them. */
const SETTINGS = ["type", "slug", "featured", "visibility", "noindex", "contentStatus", "dataSource", "lotDataQualityScore", "version"];

describe("the editor's fields and the provenance", () => {
  it("keeps provenance for every editor field that is a fact, so a field added later is not forgotten", () => {
    const facts = [...SCALAR_FIELDS, ...LIST_FIELDS, ...CHILD_SECTIONS].filter((f) => !SETTINGS.includes(f));
    expect(facts.filter((f) => !isProvenanceField(f))).toEqual([]);
    expect(SETTINGS.filter((f) => isProvenanceField(f))).toEqual([]);
  });
});
