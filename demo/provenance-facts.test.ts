import { describe, expect, it } from "vitest";
import { REFERENCE_DATE } from "./company-facts.ts";
import { demoFieldSources } from "./provenance-facts.ts";

const values = { name: "x", tagline: "t", description: "d", team: [1], phone: "+14155550100", problem: null };

describe("demo provenance", () => {
  it("is the same for the same name, and records only fields with a value, before the reference date", () => {
    const a = demoFieldSources({ name: "Acme Robotics", featured: false, values });
    expect(demoFieldSources({ name: "Acme Robotics", featured: false, values })).toEqual(a);
    expect(Object.keys(a).sort()).toEqual(["description", "name", "phone", "tagline", "team"]);
    for (const entry of Object.values(a)) expect(entry.setAt! <= REFERENCE_DATE.toISOString()).toBe(true);
  });

  it("tells featured listings as submitted by the company and mixes the others' sources", () => {
    expect(demoFieldSources({ name: "Acme Robotics", featured: true, values }).description!.source).toBe("feature_application");
    const sources = new Set(
      Array.from({ length: 200 }, (_, i) =>
        Object.values(demoFieldSources({ name: `Company ${i}`, featured: false, values })).map((e) => e.source),
      ).flat(),
    );
    expect([...sources].sort()).toEqual(["operator_edit", "provider_import", "spreadsheet_import"]);
  });
});
