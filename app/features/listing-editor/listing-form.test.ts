import { describe, expect, it } from "vitest";
import { fieldId, labelFor } from "./form-fields.ts";
import { applyRowOperation, parseRowIntent, readListingForm } from "./form-values.ts";
import { parseListingForm, type KnownReferences } from "./listing-form.ts";

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) data.append(key, v);
  return data;
}

const minimal = { type: "startup", name: "Lumen Forge", visibility: "public", intent: "save" };
const parse = (fields: Record<string, string | string[]>, known?: Partial<KnownReferences>) =>
  parseListingForm(readListingForm(form({ ...minimal, ...fields })), known, new Date("2026-06-01T00:00:00Z"));

function errorsOf(fields: Record<string, string | string[]>, known?: Partial<KnownReferences>) {
  const result = parse(fields, known);
  if (result.ok) throw new Error("expected errors");
  return result.errors;
}

function dataOf(fields: Record<string, string | string[]>, known?: Partial<KnownReferences>) {
  const result = parse(fields, known);
  if (!result.ok) throw new Error(`unexpected errors: ${JSON.stringify(result.errors)}`);
  return result.data;
}

describe("reading the form", () => {
  it("gathers indexed rows in index order, renumbered, dropping empty ones", () => {
    const values = readListingForm(
      form({
        "team[5][name]": "Grace Hopper",
        "team[5][title]": "CTO",
        "team[2][name]": "Ada Lovelace",
        "team[3][name]": " ",
        "team[3][title]": "",
        "fundingRounds[0][currency]": "USD",
        "fundingRounds[0][id]": "",
        "team[x][name]": "ignored",
        "unknown[0][name]": "ignored",
        "team[1][salary]": "ignored",
      }),
    );
    expect(values.rows.team).toEqual([{ name: "Ada Lovelace" }, { name: "Grace Hopper", title: "CTO" }]);
    // A new round row only has the currency the form fills in: nobody typed anything.
    expect(values.rows.fundingRounds).toEqual([]);
  });

  it("keeps empty rows for a row button, so its index means the row shown", () => {
    const values = readListingForm(form({ "faqs[0][question]": "", "faqs[1][question]": "Why?" }), { keepEmptyRows: true });
    expect(values.rows.faqs).toHaveLength(2);
  });

  it("keeps over-long text long enough to be refused with a message, not cut to fit", () => {
    const values = readListingForm(form({ name: "x".repeat(50_000) }));
    expect(values.fields.name).toHaveLength(20_000);
  });
});

describe("parsing", () => {
  it("turns the typed values into columns and child lists in order", () => {
    const data = dataOf({
      name: "  Ünïcode Ōrbit 東京  ",
      websiteUrl: "orbit.example/about",
      linkedinUrl: "https://www.linkedin.com/company/orbit",
      featured: "on",
      fundingAmount: "1,500,000.50",
      fundingCurrency: "eur",
      foundedYear: "2019",
      primaryContactEmail: "Mara@Orbit.Example",
      "fieldVisibility[team]": "premium",
      "fieldVisibility[faqs]": "",
      "howItWorks[0][text]": "Connect",
      "howItWorks[1][text]": "Measure",
      "fundingRounds[0][roundType]": "seed",
      "fundingRounds[0][amount]": "2 000 000",
      "fundingRounds[0][currency]": "",
      "fundingRounds[0][id]": "17",
    });
    expect(data.columns).toMatchObject({
      name: "Ünïcode Ōrbit 東京",
      websiteUrl: "https://orbit.example/about",
      featured: true,
      fundingAmount: 1500000.5,
      fundingCurrency: "EUR",
      foundedYear: 2019,
      primaryContactEmail: "mara@orbit.example",
      tagline: null,
      fieldVisibility: { team: "premium" },
    });
    expect(data.slug).toBeNull();
    expect(data.howItWorks).toEqual(["Connect", "Measure"]);
    expect(data.fundingRounds).toEqual([
      expect.objectContaining({ id: 17, roundType: "seed", amount: 2_000_000, currency: "USD", fundingDate: null }),
    ]);
  });

  it("makes a typed slug URL-safe", () => {
    expect(dataOf({ slug: "Lumen Forge!" }).slug).toBe("lumen-forge");
  });

  it("refuses addresses that are not http(s), beside the field and the row field", () => {
    const errors = errorsOf({
      websiteUrl: "not a website",
      facebookUrl: "javascript:alert(1)",
      twitterUrl: "ftp://x.example",
      "team[0][name]": "Ada",
      "team[0][linkedinUrl]": "mailto:ada@example.com",
    });
    expect(errors.websiteUrl).toMatch(/http:\/\/ or https:\/\//);
    expect(errors.facebookUrl).toMatch(/https:\/\//);
    expect(errors.twitterUrl).toMatch(/https:\/\//);
    expect(errors["team[0][linkedinUrl]"]).toMatch(/https:\/\//);
  });

  it("accepts an uploaded logo's own address", () => {
    expect(dataOf({ logoUrl: "/media/0b5e-41aa" }).columns.logoUrl).toBe("/media/0b5e-41aa");
    expect(errorsOf({ logoUrl: "/etc/passwd" }).logoUrl).toBeDefined();
  });

  it("keeps the founded year between 1800 and this year", () => {
    expect(errorsOf({ foundedYear: "1799" }).foundedYear).toBe("Enter a year from 1800 to 2026.");
    expect(errorsOf({ foundedYear: "2027" }).foundedYear).toBe("Enter a year from 1800 to 2026.");
    expect(errorsOf({ foundedYear: "20x6" }).foundedYear).toBeDefined();
    expect(dataOf({ foundedYear: "1800" }).columns.foundedYear).toBe(1800);
  });

  it("refuses huge input with a message per field", () => {
    const errors = errorsOf({ name: "n".repeat(201), description: "d".repeat(5001), "faqs[0][question]": "q".repeat(501) });
    expect(errors.name).toBe("At most 200 characters.");
    expect(errors.description).toBe("At most 5,000 characters.");
    expect(errors["faqs[0][question]"]).toBe("At most 500 characters.");
    expect(errors["faqs[0][answer]"]).toBe("Enter the answer.");
  });

  it("caps the number of rows", () => {
    const steps = Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`howItWorks[${i}][text]`, `Step ${i}`]));
    expect(errorsOf(steps).howItWorks).toBe("At most 30 steps.");
  });

  it("asks for a name and a type, and a round type on each round", () => {
    const errors = errorsOf({ name: " ", type: "company", "fundingRounds[0][amount]": "100" });
    expect(errors.name).toBe("Enter the listing's name.");
    expect(errors.type).toBeDefined();
    expect(errors["fundingRounds[0][roundType]"]).toBe("Choose the round type.");
  });

  it("refuses amounts, dates and e-mails it cannot store", () => {
    const errors = errorsOf({
      aum: "-5",
      latestRoundAmount: "1.234",
      fundingDate: "2024-02-30",
      primaryContactEmail: "not-an-email",
      lotDataQualityScore: "101",
      fundingCurrency: "dollars",
    });
    expect(Object.keys(errors).sort()).toEqual(
      ["aum", "fundingCurrency", "fundingDate", "latestRoundAmount", "lotDataQualityScore", "primaryContactEmail"].sort(),
    );
  });

  it("checks chosen reference records against the lists", () => {
    const known = { industries: new Set([1, 2]), fundingStages: new Set([3]) };
    expect(dataOf({ industryIds: ["2", "1", "2"], fundingStageId: "3" }, known).columns).toMatchObject({
      industryIds: [2, 1],
      fundingStageId: 3,
    });
    const errors = errorsOf({ industryIds: ["1", "99"], fundingStageId: "4" }, known);
    expect(errors.industryIds).toBe("Choose industries from the list.");
    expect(errors.fundingStageId).toBe("Choose a funding stage from the list.");
  });

  it("refuses NUL beside each field it is in (text, list, row and level alike), with the other messages", () => {
    const errors = errorsOf({
      tagline: "Fast\u0000er",
      industryIds: ["1", "2\u0000"],
      "team[0][name]": "Ada\u0000",
      "fieldVisibility[problem]": "premium\u0000",
      foundedYear: "1700",
    });
    const nul = "This field contains a character that is not allowed (NUL). Please remove it.";
    expect(errors).toMatchObject({ tagline: nul, industryIds: nul, "team[0][name]": nul, "fieldVisibility[problem]": nul });
    expect(errors.foundedYear).toMatch(/1800/);
  });

  it("refuses an unknown field level", () => {
    expect(errorsOf({ "fieldVisibility[team]": "everyone" })["fieldVisibility[team]"]).toBeDefined();
  });
});

describe("row buttons without JavaScript", () => {
  it("parses only well-formed intents", () => {
    expect(parseRowIntent("row:team:add")).toEqual({ section: "team", op: "add" });
    expect(parseRowIntent("row:faqs:up:2")).toEqual({ section: "faqs", op: "up", index: 2 });
    expect(parseRowIntent("row:faqs:up")).toBeNull();
    expect(parseRowIntent("row:secrets:add")).toBeNull();
    expect(parseRowIntent("save")).toBeNull();
  });

  it("adds, removes and moves rows", () => {
    const values = readListingForm(form({ "howItWorks[0][text]": "a", "howItWorks[1][text]": "b", "howItWorks[2][text]": "c" }));
    const texts = (v: typeof values) => v.rows.howItWorks.map((r) => r.text ?? "");
    expect(texts(applyRowOperation(values, { section: "howItWorks", op: "up", index: 2 }))).toEqual(["a", "c", "b"]);
    expect(texts(applyRowOperation(values, { section: "howItWorks", op: "down", index: 0 }))).toEqual(["b", "a", "c"]);
    expect(texts(applyRowOperation(values, { section: "howItWorks", op: "up", index: 0 }))).toEqual(["a", "b", "c"]);
    expect(texts(applyRowOperation(values, { section: "howItWorks", op: "remove", index: 1 }))).toEqual(["a", "c"]);
    expect(texts(applyRowOperation(values, { section: "howItWorks", op: "add" }))).toEqual(["a", "b", "c", ""]);
    expect(applyRowOperation(values, { section: "fundingRounds", op: "add" }).rows.fundingRounds).toEqual([{ currency: "USD" }]);
  });
});

describe("field names", () => {
  it("have ids and labels for the error summary", () => {
    expect(fieldId("team[2][name]")).toBe("field-team-2-name");
    expect(fieldId("fieldVisibility[faqs]")).toBe("field-fieldVisibility-faqs");
    expect(labelFor("team[2][name]")).toBe("Team member 3: Name");
    expect(labelFor("fieldVisibility[keyUseCases]")).toBe("Who sees Key use cases");
    expect(labelFor("websiteUrl")).toBe("Website");
  });
});
