import { describe, expect, it } from "vitest";
import { usageMessage } from "./reference-lists.ts";
import { flagEmoji, parseListForm } from "./reference-schemas.ts";

const ok = (result: ReturnType<typeof parseListForm>) => {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.errors)}`);
  return result.data;
};
const errors = (result: ReturnType<typeof parseListForm>) => {
  if (result.ok) throw new Error(`expected errors, got ${JSON.stringify(result.data)}`);
  return result.errors;
};

describe("industries", () => {
  it("derive name and key from both categories, whatever name was typed", () => {
    expect(
      ok(parseListForm("industries", { name: "ignored", primaryCategory: " AI ", secondaryCategory: "Computer Vision" })),
    ).toMatchObject({
      name: "AI: Computer Vision",
      primaryCategory: "AI",
      secondaryCategory: "Computer Vision",
      industryKey: "AI::Computer Vision",
    });
  });

  it("take the categories from a 'Primary: Secondary' or 'Primary::Secondary' name", () => {
    for (const name of ["FinTech: Payments", "FinTech::Payments", "FinTech :  Payments"])
      expect(ok(parseListForm("industries", { name }))).toMatchObject({
        name: "FinTech: Payments",
        primaryCategory: "FinTech",
        secondaryCategory: "Payments",
        industryKey: "FinTech::Payments",
      });
  });

  it("name a top-level industry after its primary category, without a key", () => {
    expect(ok(parseListForm("industries", { primaryCategory: "Robotics" }))).toMatchObject({
      name: "Robotics",
      industryKey: null,
      secondaryCategory: null,
    });
    expect(ok(parseListForm("industries", { name: "Deep Tech" }))).toMatchObject({
      name: "Deep Tech",
      primaryCategory: null,
      industryKey: null,
    });
  });

  it("read the flag, confidence and description", () => {
    expect(
      ok(parseListForm("industries", { name: "Arts", leadsOnTreesSource: "on", mappingConfidence: "fuzzy", description: "  Galleries " })),
    ).toMatchObject({ leadsOnTreesSource: true, mappingConfidence: "fuzzy", description: "Galleries" });
    expect(ok(parseListForm("industries", { name: "Arts" }))).toMatchObject({
      leadsOnTreesSource: false,
      mappingConfidence: null,
      description: null,
    });
  });

  it("refuse a secondary category alone, a colon in a category, no name at all, an unknown confidence", () => {
    expect(errors(parseListForm("industries", { secondaryCategory: "Payments" }))).toEqual({
      primaryCategory: "Give the primary category too.",
    });
    expect(errors(parseListForm("industries", { primaryCategory: "A:B", secondaryCategory: "C" })).primaryCategory).toBe(
      "A category cannot contain a colon.",
    );
    expect(errors(parseListForm("industries", { name: "  " })).name).toBe("Enter a name, or a primary and a secondary category.");
    expect(errors(parseListForm("industries", { name: "X", mappingConfidence: "sure" })).mappingConfidence).toBe(
      "Choose a confidence from the list.",
    );
  });
});

describe("countries", () => {
  it("upper-case the ISO code and derive the flag when none is given", () => {
    expect(ok(parseListForm("countries", { name: "Austria", isoCode: " at ", geographyId: "2" }))).toEqual({
      name: "Austria",
      isoCode: "AT",
      emoji: flagEmoji("AT"),
      geographyId: 2,
      dataSource: null,
    });
    expect(flagEmoji("at")).toBe("🇦🇹");
    expect(ok(parseListForm("countries", { name: "Austria", isoCode: "AT", emoji: "🏔" })).emoji).toBe("🏔");
    expect(ok(parseListForm("countries", { name: "Austria", isoCode: "AT", geographyId: "" })).geographyId).toBeNull();
  });

  it("refuse an ISO code that is not two letters, and keep what was typed", () => {
    for (const isoCode of ["AUT", "A", "A1", ""]) {
      const result = parseListForm("countries", { name: "Austria", isoCode });
      expect(errors(result).isoCode).toBe("Two letters, such as DE.");
      expect(result.ok ? null : result.values).toMatchObject({ name: "Austria", isoCode });
    }
  });
});

describe("the other lists", () => {
  it("require a name, trimmed and bounded", () => {
    expect(ok(parseListForm("target-personas", { name: "  Head of Legal " }))).toEqual({ name: "Head of Legal" });
    expect(errors(parseListForm("target-personas", { name: " " })).name).toBe("Enter a name.");
    expect(errors(parseListForm("geographies", { name: "x".repeat(101) })).name).toBe("At most 100 characters.");
  });

  it("read sort orders as whole numbers from 0", () => {
    expect(ok(parseListForm("funding-stages", { name: "Series E", sortOrder: "7" }))).toEqual({
      name: "Series E",
      sortOrder: 7,
      dataSource: null,
    });
    for (const sortOrder of ["", "-1", "1.5", "x", "40000"])
      expect(errors(parseListForm("funding-stages", { name: "Series E", sortOrder })).sortOrder).toBeDefined();
  });

  it("want lowercase codes", () => {
    expect(ok(parseListForm("revenue-ranges", { code: "50m_to_100m", name: "$50M < X < $100M", sortOrder: "6" }))).toMatchObject({
      code: "50m_to_100m",
    });
    expect(errors(parseListForm("business-models", { code: "Success Only", name: "Success" })).code).toBe(
      "Use lowercase letters, digits and underscores.",
    );
  });

  it("take only field rules for fields the app gates, normalised, at a known level", () => {
    expect(ok(parseListForm("field-rules", { fieldName: "Revenue Range", accessLevel: "premium" }))).toEqual({
      fieldName: "revenueRange",
      accessLevel: "premium",
    });
    expect(errors(parseListForm("field-rules", { fieldName: "salary", accessLevel: "public" })).fieldName).toMatch(
      /^Choose a profile field: revenueRange/,
    );
    expect(errors(parseListForm("field-rules", { fieldName: "team", accessLevel: "gold" })).accessLevel).toBe(
      "Choose public, subscriber or premium.",
    );
  });
});

describe("usageMessage", () => {
  it("says how many rows use a value, or null when none do", () => {
    expect(usageMessage({ listings: 12, applications: 0, countries: 0 })).toBe("Used by 12 listings: remove it from them first.");
    expect(usageMessage({ listings: 1, applications: 1, countries: 0 })).toBe(
      "Used by 1 listing and 1 feature application: remove it from them first.",
    );
    expect(usageMessage({ listings: 1200, applications: 2, countries: 5 })).toBe(
      "Used by 1,200 listings, 2 feature applications and 5 countries: remove it from them first.",
    );
    expect(usageMessage({ listings: 0, applications: 0, countries: 0 })).toBeNull();
  });
});
