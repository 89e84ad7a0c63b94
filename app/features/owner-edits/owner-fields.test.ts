/** What owners may change (decision 0115): a company's own words and facts, never an operator's settings. */
import { describe, expect, it } from "vitest";
import { emptyFormValues } from "../listing-editor/form-values.ts";
import { AT_ONCE_FIELDS, OWNER_FIELDS, overlayOwnerValues, ownerFormValues } from "./owner-fields.ts";

const OPERATOR_SETTINGS = [
  "type",
  "name",
  "slug",
  "featured",
  "noindex",
  "visibility",
  "fieldVisibility",
  "contentStatus",
  "dataSource",
  "lotDataQualityScore",
  "lotCompanyId",
  "primaryContactId",
  "campaignId",
  "primaryContact",
  "primaryContactEmail",
  "aiDescription",
  "fundingRounds",
  "totalFundingRaised",
];

describe("owners' fields", () => {
  it("hold none of the operators' settings, and every field that may publish at once is an owner's", () => {
    expect(OWNER_FIELDS.filter((f) => OPERATOR_SETTINGS.includes(f))).toEqual([]);
    expect(AT_ONCE_FIELDS.filter((f) => !OWNER_FIELDS.includes(f))).toEqual([]);
    expect(AT_ONCE_FIELDS).not.toContain("contactEmail");
    expect(AT_ONCE_FIELDS).not.toContain("phone");
  });

  it("take only the owner's fields from a post, keeping the stored settings, and show back only the owner's", () => {
    const stored = emptyFormValues();
    stored.fields = { name: "Stored Name", slug: "stored", visibility: "premium", tagline: "Old" };
    const posted = emptyFormValues();
    posted.fields = { name: "Hijacked", slug: "hijacked", visibility: "public", featured: "on", tagline: "New" };
    posted.rows.fundingRounds = [{ roundType: "seed", amount: "1" }];
    const merged = overlayOwnerValues(stored, posted);
    expect(merged.fields).toMatchObject({ name: "Stored Name", slug: "stored", visibility: "premium", tagline: "New" });
    expect(merged.fields.featured).toBeUndefined();
    expect(merged.rows.fundingRounds).toEqual([]);
    expect(Object.keys(ownerFormValues(merged).fields)).not.toContain("visibility");
  });
});
