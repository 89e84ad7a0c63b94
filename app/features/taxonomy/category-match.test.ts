import { describe, expect, it } from "vitest";
import { matchCategory, normaliseCategory } from "./category-match.ts";
import { mapIndustryRecord } from "./map-industry-record.ts";

const match = (category: string, secondary?: string | null) => {
  const m = matchCategory(category, secondary);
  return `${m.key} (${m.confidence})`;
};

describe("matchCategory (spec 02 §4)", () => {
  describe("a primary name", () => {
    it("is exact when the given secondary is in its list", () => {
      expect(match("FinTech", "Payments")).toBe("FinTech::Payments (exact)");
      expect(match("Healthcare", "Digital Health")).toBe("Healthcare::Digital Health (exact)");
      expect(match("VC & Investment", "Private Equity")).toBe("VC & Investment::Private Equity (exact)");
    });

    it("is fuzzy with the first secondary when no secondary is given", () => {
      expect(match("FinTech")).toBe("FinTech::Financial Services (fuzzy)");
      expect(match("AI")).toBe("AI::Applied AI (fuzzy)");
      expect(match("Software")).toBe("Software::Technology (fuzzy)");
      expect(match("Non-profit", null)).toBe("Non-profit::Social Impact (fuzzy)");
    });

    it("is fuzzy with the first secondary when the given one is not in its list", () => {
      expect(match("FinTech", "Solar")).toBe("FinTech::Financial Services (fuzzy)");
      expect(match("Energy", "Unheard Of")).toBe("Energy::Clean Energy (fuzzy)");
    });

    it("ignores case and spacing, and answers with the taxonomy's spelling", () => {
      expect(match("  fintech ", "PAYMENTS")).toBe("FinTech::Payments (exact)");
      expect(match("real   estate", "proptech")).toBe("Real Estate::PropTech (exact)");
      expect(match("E-COMMERCE")).toBe("E-commerce::E-commerce Platforms (fuzzy)");
    });
  });

  describe("a known secondary label", () => {
    it("is exact", () => {
      expect(match("Machine Learning")).toBe("AI::Machine Learning (exact)");
      expect(match("payments")).toBe("FinTech::Payments (exact)");
      expect(match("SaaS")).toBe("Software::SaaS (exact)");
      expect(match("Technology")).toBe("Software::Technology (exact)");
    });

    it("goes under the first primary that lists it when several do", () => {
      expect(match("Data Analytics")).toBe("Analytics::Data Analytics (exact)");
      expect(match("Sustainability")).toBe("Agriculture::Sustainability (exact)");
      expect(match("Drones")).toBe("Aerospace & Defense::Drones (exact)");
    });

    it("is looked up from the given secondary when the name matches nothing", () => {
      expect(match("Unknown Sector", "Payments")).toBe("FinTech::Payments (exact)");
    });
  });

  describe("a substring of a primary or secondary name", () => {
    it("is fuzzy when the name holds a primary", () => {
      expect(match("Healthcare Staffing")).toBe("Healthcare::Health Services (fuzzy)");
      expect(match("Sports Betting")).toBe("Sports::Sports Technology (fuzzy)");
    });

    it("is fuzzy when the name holds a secondary label", () => {
      expect(match("Digital Health Platform")).toBe("Healthcare::Digital Health (fuzzy)");
      expect(match("Solar Panels")).toBe("Energy::Solar (fuzzy)");
    });

    it("is fuzzy when the name is part of a primary or a label", () => {
      expect(match("Robot")).toBe("Robotics::Industrial Robotics (fuzzy)");
      expect(match("genom")).toBe("Biotechnology::Genomics (fuzzy)");
      expect(match("Cyber")).toBe("Cybersecurity::Security (fuzzy)");
    });

    it("prefers the candidate that accounts for most of the name", () => {
      // "Digital Marketing" (a label) is longer than "Marketing" (a primary).
      expect(match("Digital Marketing Agency")).toBe("Marketing::Digital Marketing (fuzzy)");
    });

    it("needs three characters: 'AI' in 'Retail' or a two-letter name match nothing by substring", () => {
      expect(match("Retailers")).toBe("Retail::Retail Technology (fuzzy)");
      expect(match("Email")).toBe("Software::Technology (fallback)");
      expect(match("ab")).toBe("Software::Technology (fallback)");
    });
  });

  describe("nothing", () => {
    it("falls back to Software::Technology", () => {
      expect(match("Pet Grooming")).toBe("Software::Technology (fallback)");
      expect(match("")).toBe("Software::Technology (fallback)");
      expect(match("   ")).toBe("Software::Technology (fallback)");
    });
  });

  it("returns the parts and the key", () => {
    expect(matchCategory("Web3", "NFTs")).toEqual({ primary: "Web3", secondary: "NFTs", key: "Web3::NFTs", confidence: "exact" });
  });

  it("normalises names", () => {
    expect(normaliseCategory("  Real \t Estate ")).toBe("real estate");
  });
});

describe("mapIndustryRecord", () => {
  const record = (
    name: string,
    primaryCategory: string | null = null,
    secondaryCategory: string | null = null,
    industryKey: string | null = null,
  ) => mapIndustryRecord({ name, primaryCategory, secondaryCategory, industryKey });

  it("keeps a record that already has a taxonomy key", () => {
    expect(record("Whatever", null, null, "Energy::Solar")).toMatchObject({ key: "Energy::Solar", confidence: "exact" });
  });

  it("maps the shipped flat records (name = primary, no secondary) to the primary's first secondary", () => {
    expect(record("FinTech", "FinTech")).toMatchObject({ key: "FinTech::Financial Services", confidence: "fuzzy" });
    expect(record("Aerospace & Defense", "Aerospace & Defense")).toMatchObject({ key: "Aerospace & Defense::Aerospace" });
  });

  it("uses both categories when it has them", () => {
    expect(record("Anything", "FinTech", "Lending")).toMatchObject({ key: "FinTech::Lending", confidence: "exact" });
  });

  it("reads a 'Primary: Secondary' name", () => {
    expect(record("Energy: Solar")).toMatchObject({ key: "Energy::Solar", confidence: "exact" });
    expect(record("Energy::Wind")).toMatchObject({ key: "Energy::Wind", confidence: "exact" });
  });

  it("goes through the provider map for provider names", () => {
    expect(record("Health Care")).toMatchObject({ key: "Healthcare::Health Services", confidence: "exact" });
    expect(record("Unknown", "Biotech")).toMatchObject({ key: "Biotechnology::Life Sciences", confidence: "exact" });
  });

  it("tries the next clue when one falls back", () => {
    expect(record("Health Care", "Nothing Known", "Nope")).toMatchObject({ key: "Healthcare::Health Services" });
    expect(record("Pet Grooming")).toMatchObject({ key: "Software::Technology", confidence: "fallback" });
  });
});
