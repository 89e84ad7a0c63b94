import { getTableConfig } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { listings } from "#db/schema/listings.ts";
import { compareFields, formatRate, mapFields, matchConfidence, nameWords } from "./field-mapping.ts";
import { COMPANY_FIELDS, LISTING_ALIASES } from "./known-schema.ts";

describe("nameWords", () => {
  it.each([
    ["LOT Company ID", ["lot", "company", "id"]],
    ["lot_company_id", ["lot", "company", "id"]],
    ["LotCompanyId", ["lot", "company", "id"]],
    ["WebsiteUrl", ["website", "url"]],
    ["AIDescription", ["ai", "description"]],
    ["AIAgentExecutions", ["ai", "agent", "executions"]],
    ["How It Works", ["how", "it", "works"]],
    ["website-url", ["website", "url"]],
    ["  ", []],
  ])("%s -> %j", (name, words) => {
    expect(nameWords(name)).toEqual(words);
  });
});

describe("matchConfidence (spec 02 §4)", () => {
  it.each([
    ["Name", "Name", "exact"],
    ["Description", "description", "case"],
    ["CEO", "ceo", "case"],
    ["WebsiteUrl", "website_url", "case"],
    ["LOT Company ID", "lot_company_id", "case"],
    ["How It Works", "HowItWorks", "case"],
    ["Logo", "logo_url", "partial"],
    ["FundingStage", "funding_stage_id", "partial"],
    ["Website", "WebsiteUrl", "partial"],
    ["Type", "latest_round_type", "partial"],
    ["Company LinkedIn", "linkedin_url", "none"],
    ["Data Last Synched", "data_last_synced", "none"],
    ["Industries", "industry_ids", "none"],
    ["LOT Company ID", "id", "none"], // "id" is too short to count as a substring
    ["Name", "", "none"],
  ] as const)("%s ~ %s is %s", (known, detected, confidence) => {
    expect(matchConfidence(known, detected)).toBe(confidence);
    // The relation is symmetric: which side is "known" does not change it.
    if (confidence !== "exact") expect(matchConfidence(detected, known)).toBe(confidence);
  });
});

describe("mapFields", () => {
  it("prefers the closest match and uses each detected field once", () => {
    const result = mapFields({
      known: [{ name: "Type" }, { name: "Latest Round Type" }, { name: "Name" }],
      detected: ["latest_round_type", "type", "slug"],
    });
    expect(result.mapped).toEqual([
      { field: "Type", target: "type", kind: "field", confidence: "case" },
      { field: "Latest Round Type", target: "latest_round_type", kind: "field", confidence: "case" },
    ]);
    expect(result.missing).toEqual(["Name"]);
    expect(result.extra).toEqual(["slug"]);
  });

  it("takes an exact match over a case one, and the nearer of two partial ones", () => {
    expect(mapFields({ known: [{ name: "Name" }], detected: ["name", "Name"] }).mapped[0]).toMatchObject({
      target: "Name",
      confidence: "exact",
    });
    expect(mapFields({ known: [{ name: "Logo" }], detected: ["logo_image_url", "logo_url"] }).mapped[0]).toMatchObject({
      target: "logo_url",
      confidence: "partial",
    });
  });

  it("matches a known field by any of its names", () => {
    const known = [{ name: "WebsiteUrl", alternatives: ["Website"] }];
    expect(mapFields({ known, detected: ["Website"] }).mapped[0]).toMatchObject({ target: "Website", confidence: "exact" });
    expect(mapFields({ known, detected: ["website_url"] }).mapped[0]).toMatchObject({ target: "website_url", confidence: "case" });
  });

  it("applies aliases first, to columns and to related tables, only when their target exists", () => {
    const aliases = {
      "Company LinkedIn": { column: "linkedin_url" },
      FundingRounds: { table: "funding_rounds" },
      Employees: { table: "team_members" },
    };
    const result = mapFields({
      known: [{ name: "Company LinkedIn" }, { name: "FundingRounds" }, { name: "Employees" }],
      detected: ["linkedin_url", "funding_round_count"],
      tables: ["funding_rounds"],
      aliases,
    });
    expect(result.mapped).toEqual([
      { field: "Company LinkedIn", target: "linkedin_url", kind: "field", confidence: "alias" },
      { field: "FundingRounds", target: "funding_rounds", kind: "table", confidence: "alias" },
    ]);
    expect(result.missing).toEqual(["Employees"]);
    expect(result.extra).toEqual(["funding_round_count"]);
  });

  it("falls back to name rules when an alias's column is absent", () => {
    const result = mapFields({
      known: [{ name: "Company LinkedIn" }],
      detected: ["Company Linkedin"],
      aliases: { "Company LinkedIn": { column: "linkedin_url" } },
    });
    expect(result.mapped[0]).toMatchObject({ target: "Company Linkedin", confidence: "case" });
  });

  it("reports everything missing against an empty source, and everything extra with nothing known", () => {
    expect(mapFields({ known: [{ name: "Name" }], detected: [] })).toEqual({ mapped: [], missing: ["Name"], extra: [] });
    expect(mapFields({ known: [], detected: ["a", "b"] })).toEqual({ mapped: [], missing: [], extra: ["a", "b"] });
  });
});

describe("compareFields", () => {
  it("counts matched fields and the detection rate", () => {
    const comparison = compareFields({
      known: [{ name: "Name" }, { name: "Tagline" }, { name: "CEO" }, { name: "AUM" }],
      detected: ["name", "ceo", "slug"],
    });
    expect(comparison).toMatchObject({ known: 4, detected: 3, matched: 2, detectionRate: 0.5, notDetected: ["Tagline", "AUM"] });
    expect(compareFields({ known: [], detected: ["x"] }).detectionRate).toBe(0);
  });

  it("finds every Company record field of spec 02 a home in our listings table except the two we do not keep", () => {
    const columns = getTableConfig(listings).columns.map((c) => c.name);
    const tables = ["how_it_works_steps", "funding_rounds", "investor_relationships", "jobs", "team_members"];
    const comparison = compareFields({ known: COMPANY_FIELDS, detected: columns, tables, aliases: LISTING_ALIASES });
    expect(comparison.known).toBe(50);
    expect(comparison.notDetected).toEqual(["UserLink", "AIAgentExecutions"]);
    const byField = Object.fromEntries(comparison.mapping.mapped.map((m) => [m.field, `${m.target} ${m.confidence}`]));
    expect(byField).toMatchObject({
      Name: "name case",
      Type: "type case",
      WebsiteUrl: "website_url case",
      Description: "description case",
      "AI Description": "ai_description case",
      Logo: "logo_url partial",
      FundingStage: "funding_stage_id partial",
      "Primary Contact": "primary_contact case",
      "Company LinkedIn": "linkedin_url alias",
      FundingRounds: "funding_rounds alias",
      "Latest Round Type": "latest_round_type case",
    });
    // Our own columns the spec does not name are the extra ones.
    expect(comparison.mapping.extra).toEqual(expect.arrayContaining(["id", "slug", "search_vector", "match_key", "noindex"]));
    expect(comparison.mapping.extra).not.toContain("name");
  });
});

describe("formatRate", () => {
  it.each([
    [0, "0.0%"],
    [1, "100.0%"],
    [0.8787, "87.9%"],
    [48 / 50, "96.0%"],
  ])("%s -> %s", (rate, text) => expect(formatRate(rate)).toBe(text));
});
