import { describe, expect, it } from "vitest";
import { importFieldSource, importFieldWrite, suppliedFields } from "./import-provenance.ts";
import { toImportedCompany, type ImportedCompany } from "./provider/map-provider-record.ts";
import { ProviderRecord } from "./provider/provider-record.ts";

const now = new Date("2026-11-03T00:00:00Z");

function company(): ImportedCompany {
  const mapped = toImportedCompany(
    ProviderRecord.parse({
      id: "lot-9",
      company_name: "Velocimatic",
      company_info: { website: "https://velocimatic.io", description: "Robots.", categories: "Robotics" },
      funding_amount: 1_000_000,
      currency: "USD",
      round_type: "Seed",
      contact_info: { employees: [{ name: "Ada", title: "CTO" }] },
    }),
    { endpoint: "funding", now },
  );
  if ("dropped" in mapped) throw new Error("dropped");
  return mapped;
}

describe("import provenance", () => {
  it("names the source of a provider and of a spreadsheet import", () => {
    expect(importFieldSource("provider")).toEqual({ source: "provider_import" });
    expect(importFieldSource("spreadsheet:app1")).toEqual({ source: "spreadsheet_import", detail: "spreadsheet:app1" });
  });

  it("counts what the record carries, its lists included", () => {
    const fields = suppliedFields(company());
    expect(fields).toEqual(expect.arrayContaining(["name", "websiteUrl", "description", "industryIds", "team", "fundingRounds"]));
    expect(fields).not.toContain("tagline");
  });

  it("sets everything on a new listing and confirms everything on an unchanged record", () => {
    const c = company();
    expect(importFieldWrite(c, { outcome: "created" }, "provider", now)).toMatchObject({ changed: suppliedFields(c) });
    expect(importFieldWrite(c, { outcome: "skipped" }, "provider", now)).toMatchObject({ changed: [], confirmed: suppliedFields(c) });
  });

  it("on an update, sets what changed and confirms only values equal to the ones kept", () => {
    const c = company();
    const before = { ...c.listing, description: "A longer description the rules kept." };
    const write = importFieldWrite(
      c,
      { outcome: "updated", before, mergedFields: ["websiteUrl"], teamAdded: 1, roundAdded: false },
      "provider",
      now,
    );
    expect(write.changed).toEqual(["websiteUrl", "team"]);
    expect(write.confirmed).toContain("name");
    expect(write.confirmed).toContain("fundingRounds");
    expect(write.confirmed).not.toContain("description");
    expect(write.confirmed).not.toContain("websiteUrl");
  });
});
