import { describe, expect, it } from "vitest";
import { evaluateIndustryFields, fieldConfidence, INDUSTRY_FIELDS, readinessMessage, type TableColumn } from "./industries-fields.ts";

const ALL: TableColumn[] = [
  { name: "id", dataType: "integer" },
  { name: "name", dataType: "text" },
  { name: "primary_category", dataType: "text" },
  { name: "secondary_category", dataType: "text" },
  { name: "industry_key", dataType: "text" },
  { name: "leads_on_trees_source", dataType: "boolean" },
  { name: "description", dataType: "text" },
  { name: "mapping_confidence", dataType: "text" },
  { name: "last_updated", dataType: "timestamp with time zone" },
  { name: "migration_backup", dataType: "timestamp with time zone" },
  { name: "pre_migration_name", dataType: "text" },
];

describe("industry fields", () => {
  it("are the six required and two optional fields of spec 02 §3, with their types", () => {
    expect(INDUSTRY_FIELDS.map((f) => [f.name, f.type, f.required])).toEqual([
      ["Primary Category", "text", true],
      ["Secondary Category", "text", true],
      ["Industry Key", "text", true],
      ["LeadsOnTrees Source", "checkbox", true],
      ["Mapping Confidence", "single select", true],
      ["Last Updated", "date and time", true],
      ["Migration Backup", "date and time", false],
      ["Pre-Migration Name", "text", false],
    ]);
  });

  it("says 'Ready for Migration!' or 'Missing N Required Fields'", () => {
    expect(readinessMessage(0)).toBe("Ready for Migration!");
    expect(readinessMessage(1)).toBe("Missing 1 Required Fields");
    expect(readinessMessage(6)).toBe("Missing 6 Required Fields");
  });

  it("reports a complete table as ready, with no manual steps", () => {
    const report = evaluateIndustryFields(ALL);
    expect(report).toMatchObject({
      success: true,
      error: null,
      ready: true,
      message: "Ready for Migration!",
      missingRequired: [],
      manualSteps: [],
      sql: null,
    });
    expect(report.existingFields).toEqual(ALL.map((c) => c.name));
    expect(report.fields.every((f) => f.exists && f.typeMatches && f.confidence === "exact")).toBe(true);
  });

  it("reports a missing required field, with the SQL that adds it", () => {
    const report = evaluateIndustryFields(ALL.filter((c) => c.name !== "mapping_confidence"));
    expect(report.ready).toBe(false);
    expect(report.message).toBe("Missing 1 Required Fields");
    expect(report.missingRequired).toEqual(["Mapping Confidence"]);
    expect(report.fields.find((f) => f.name === "Mapping Confidence")).toMatchObject({
      exists: false,
      required: true,
      type: "single select",
    });
    expect(report.sql).toBe("ALTER TABLE industries ADD COLUMN IF NOT EXISTS mapping_confidence text;");
    expect(report.manualSteps.join(" ")).toContain("Mapping Confidence (mapping_confidence, single select)");
  });

  it("stays ready when only optional fields are missing, and still says how to add them", () => {
    const report = evaluateIndustryFields(ALL.filter((c) => !["migration_backup", "pre_migration_name"].includes(c.name)));
    expect(report).toMatchObject({ ready: true, message: "Ready for Migration!", missingRequired: [] });
    expect(report.sql).toContain("ADD COLUMN IF NOT EXISTS migration_backup timestamp with time zone;");
    expect(report.sql).toContain("ADD COLUMN IF NOT EXISTS pre_migration_name text;");
  });

  it("reports every field missing when the table does not exist", () => {
    const report = evaluateIndustryFields([]);
    expect(report).toMatchObject({ tableExists: false, ready: false, message: "Missing 6 Required Fields", existingFields: [] });
  });

  it("flags a column of the wrong type without counting it missing", () => {
    const columns = ALL.map((c) => (c.name === "leads_on_trees_source" ? { ...c, dataType: "text" } : c));
    const field = evaluateIndustryFields(columns).fields.find((f) => f.name === "LeadsOnTrees Source");
    expect(field).toMatchObject({ exists: true, typeMatches: false, foundType: "text" });
  });

  it("matches column names with spec 02 §4's field mapping confidence", () => {
    const field = { name: "Primary Category", column: "primary_category" };
    expect(fieldConfidence(field, "primary_category")).toBe("exact");
    expect(fieldConfidence(field, "Primary_Category")).toBe("case");
    expect(fieldConfidence(field, "Primary Category")).toBe("case");
    expect(fieldConfidence(field, "primary_category_name")).toBe("partial");
    expect(fieldConfidence(field, "primary_cat")).toBe("partial");
    expect(fieldConfidence(field, "primary")).toBe("none");
    expect(fieldConfidence({ name: "Pre-Migration Name", column: "pre_migration_name" }, "name")).toBe("none");
    expect(fieldConfidence(field, "industry_key")).toBe("none");
  });

  it("offers a near-named column as a hint, not as the field", () => {
    const columns = ALL.map((c) => (c.name === "industry_key" ? { ...c, name: "Industry_Key" } : c));
    const report = evaluateIndustryFields(columns);
    expect(report.fields.find((f) => f.name === "Industry Key")).toMatchObject({
      exists: false,
      confidence: "case",
      foundColumn: "Industry_Key",
    });
    expect(report.manualSteps.some((s) => s.includes('A column named "Industry_Key" looks like Industry Key'))).toBe(true);
  });
});
