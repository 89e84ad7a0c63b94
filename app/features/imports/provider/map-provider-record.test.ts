import { describe, expect, it } from "vitest";
import {
  externalIdFor,
  stableHash,
  toImportedCompany,
  toIsoDate,
  type ImportedCompany,
  type MapOptions,
  logoSourceUrl,
} from "./map-provider-record.ts";
import { ProviderRecord } from "./provider-record.ts";

const now = new Date("2026-11-23T12:00:00Z");
const funding: MapOptions = { endpoint: "funding", now };
const parse = (input: Record<string, unknown>) => ProviderRecord.parse(input);

function imported(input: Record<string, unknown>, options: MapOptions = funding): ImportedCompany {
  const result = toImportedCompany(parse(input), options);
  if ("dropped" in result) throw new Error(`dropped: ${result.dropped}`);
  return result;
}

const people = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    name: `${prefix} Person${i + 1}`,
    email: `${prefix.toLowerCase()}${i + 1}@acme.io`,
    title: "Engineer",
  }));

const FULL = {
  id: 98765,
  date: "2026-10-14",
  company_name: "  Acme   Robotics ",
  company_info: {
    website: "https://www.acmerobotics.io",
    description: "Acme builds warehouse robots. ".repeat(300),
    categories: "Robotics, Artificial Intelligence, Logistics",
    hq_country: "Germany",
    year_founded: "2019",
    size: "51-200",
    logo_url: "https://cdn.example.com/acme.png",
    linkedin_url: "https://www.linkedin.com/company/acme-robotics",
    twitter_url: "https://twitter.com/acme",
    facebook_url: null,
  },
  main_category: "Artificial Intelligence",
  funding_amount: "12,000,000",
  currency: '"eur"',
  round_type: "Series A",
  investors: [
    { name: "Northzone", linkedin_url: "https://www.linkedin.com/company/northzone" },
    { name: "Point Nine", linkedin_url: null },
    { name: "northzone", linkedin_url: null },
    { name: "  ", linkedin_url: null },
  ],
  contact_info: {
    employees: {
      leadership: people("Lead", 7),
      engineering: [{ name: "Marie Curie", email: "MARIE@acmerobotics.io", title: "CEO" }, ...people("Eng", 6)],
    },
    company_linkedin_url: "https://www.linkedin.com/company/acme-other",
  },
  ceo: { name: "Marie Curie", email: "marie@acmerobotics.io", linkedin_url: null, title: "Chief Executive Officer" },
  taken_from: "funding",
};

describe("toImportedCompany: a full funding record", () => {
  const company = imported(FULL);

  it("writes the listing columns", () => {
    expect(company.externalId).toBe("98765");
    // The provider's logo address is where the import copies it from, never the listing's logo (issue 32).
    expect(company.logoSource).toBe("https://cdn.example.com/acme.png");
    const { description, ...listing } = company.listing;
    expect(listing).toEqual({
      type: "startup",
      name: "Acme Robotics",
      websiteUrl: "https://www.acmerobotics.io",
      linkedinUrl: "https://www.linkedin.com/company/acme-robotics",
      twitterUrl: "https://twitter.com/acme",
      facebookUrl: null,
      logoUrl: null,
      foundedYear: 2019,
      teamSize: "50-200",
      currentEmployeeCount: "125",
      ceo: "Marie Curie",
      primaryContact: "Marie Curie",
      primaryContactEmail: "marie@acmerobotics.io",
      fundingAmount: 12_000_000,
      fundingCurrency: "EUR",
      fundingDate: "2026-10-14",
      amountRaised: 12_000_000,
      latestRoundAmount: 12_000_000,
      latestRoundDate: "2026-10-14",
      latestRoundType: "series-a",
      lotDataQualityScore: 4,
      lotCompanyId: "98765",
      dataSource: "LeadsOnTrees",
      processingStatus: "published",
    });
    // JSON values only: the debugger keeps mapped companies as JSON between steps 3 and 4 (issue 32).
    expect(JSON.parse(JSON.stringify(company.listing))).toEqual(company.listing);
    expect(description!.length).toBeLessThanOrEqual(5000);
    expect(description!.endsWith("…")).toBe(true);
  });

  it("places the industries", () => {
    expect(company.industryKeys[0]).toBe("AI::Applied AI");
    expect(new Set(company.industryKeys).size).toBe(company.industryKeys.length);
    expect(company.industries.every((i) => i.confidence !== "fallback")).toBe(true);
  });

  it("takes the CEO first and once, then 5 per group, names split", () => {
    expect(company.team).toHaveLength(11);
    expect(company.team[0]).toEqual({
      name: "Marie Curie",
      firstName: "Marie",
      lastName: "Curie",
      title: "Chief Executive Officer",
      email: "marie@acmerobotics.io",
      linkedinUrl: null,
      photoUrl: null,
      isCeo: true,
    });
    expect(company.team.filter((m) => m.name === "Marie Curie")).toHaveLength(1);
    expect(company.team.slice(1).map((m) => m.firstName)).toEqual([...Array(5).fill("Lead"), ...Array(5).fill("Eng")]);
  });

  it("creates the funding round and active investor relationships", () => {
    expect(company.fundingRound).toEqual({
      amount: 12_000_000,
      currency: "EUR",
      roundType: "series-a",
      fundingDate: "2026-10-14",
      lotDataId: "98765",
      allInvestors: "Northzone, Point Nine",
      dataSource: "LeadsOnTrees",
      notes: null,
    });
    expect(company.investors).toEqual([
      { name: "Northzone", linkedinUrl: "https://www.linkedin.com/company/northzone", investmentStatus: "active" },
      { name: "Point Nine", linkedinUrl: null, investmentStatus: "active" },
    ]);
  });
});

describe("toImportedCompany: other records", () => {
  it("maps a minimal record", () => {
    const company = imported({ company_name: "Tiny Co" });
    expect(company.externalId).toMatch(/^hash:[0-9a-f]{16}$/);
    expect(company.listing).toMatchObject({
      name: "Tiny Co",
      type: "startup",
      processingStatus: "published",
      lotDataQualityScore: 4,
      lotCompanyId: null,
      description: null,
      foundedYear: null,
      teamSize: null,
      currentEmployeeCount: null,
      ceo: null,
      primaryContact: null,
      fundingAmount: null,
      fundingCurrency: null,
      latestRoundType: null,
      linkedinUrl: null,
    });
    expect(company.industryKeys).toEqual([]);
    expect(company.team).toEqual([]);
    expect(company.fundingRound).toBeNull();
    expect(company.investors).toEqual([]);
  });

  it("drops a record without a name", () => {
    expect(toImportedCompany(parse({ id: "x1", company_name: "   ", funding_amount: 5 }), funding)).toEqual({
      dropped: "missing-name",
      externalId: "x1",
    });
    expect(toImportedCompany(parse({ company_info: { website: "acme.io" } }), funding)).toEqual({
      dropped: "missing-name",
      externalId: null,
    });
  });

  it("keeps a relabelled currency's amount but guesses no round type from it", () => {
    const company = imported({ company_name: "Tokyo AI", funding_amount: 1_000_000_000, currency: "JPY" });
    expect(company.fundingRound).toMatchObject({
      amount: 1_000_000_000,
      currency: "USD",
      roundType: "other",
      notes: "Provider currency JPY; amount not converted",
    });
    expect(company.listing.fundingCurrency).toBe("USD");
    // A round type sent by the provider still counts.
    expect(
      imported({ company_name: "Delhi Pay", funding_amount: 40_000_000, currency: "inr", round_type: "Seed" }).fundingRound?.roundType,
    ).toBe("seed");
  });

  it("guesses the round type from the amount when none is sent", () => {
    expect(imported({ company_name: "A", funding_amount: 2_000_000 }).fundingRound?.roundType).toBe("seed");
    expect(imported({ company_name: "B", funding_amount: 20_000_000, currency: "GBP", round_type: "Venture" }).fundingRound).toMatchObject({
      roundType: "series-b",
      currency: "GBP",
      notes: null,
    });
    expect(imported({ company_name: "C", funding_amount: 750_000_000, currency: "EUR" }).fundingRound?.roundType).toBe("other");
    expect(imported({ company_name: "D", round_type: "undisclosed", date: "2026-01-05" }).fundingRound).toMatchObject({
      amount: null,
      roundType: "other",
    });
  });

  it("gives a stable round id without a provider id", () => {
    const input = { company_name: "Stable", company_info: { website: "stable.dev" }, funding_amount: 1_000_000, date: "2026-03-01" };
    const a = imported(input).fundingRound!;
    expect(a.lotDataId).toBe(`${externalIdFor(parse(input))}:2026-03-01:seed`);
    expect(imported(input).fundingRound!.lotDataId).toBe(a.lotDataId);
  });

  it("gives an m-a record the company alone", () => {
    const company = imported(FULL, { endpoint: "m-a", now });
    expect(company.fundingRound).toBeNull();
    expect(company.investors).toEqual([]);
    expect(company.listing).toMatchObject({
      fundingAmount: null,
      fundingCurrency: null,
      latestRoundType: null,
      name: "Acme Robotics",
      processingStatus: "published",
    });
    expect(company.team).toHaveLength(11);
  });

  it("falls back to the contact LinkedIn page, the first employee as contact, and drops bad years", () => {
    const company = imported({
      company_name: "Fallbacks",
      company_info: { year_founded: 2031, size: "1001-5000" },
      contact_info: {
        employees: [{ name: "Ada Lovelace", email: "ada@x.io" }],
        company_linkedin_url: "https://linkedin.com/company/fallbacks",
      },
    });
    expect(company.listing).toMatchObject({
      linkedinUrl: "https://linkedin.com/company/fallbacks",
      ceo: null,
      primaryContact: "Ada Lovelace",
      primaryContactEmail: "ada@x.io",
      foundedYear: null,
      currentEmployeeCount: "3000",
      teamSize: "500-1000",
    });
    expect(imported({ company_name: "Old", company_info: { year_founded: 1800 } }).listing.foundedYear).toBeNull();
  });
});

describe("toImportedCompany: the CEO column", () => {
  it("takes an employee titled CEO when no ceo is sent, without marking them as the CEO entry", () => {
    const company = imported({
      company_name: "Titled",
      contact_info: {
        employees: [
          { name: "Ada Lovelace", title: "CTO" },
          { name: "Grace Hopper", title: "Co-founder & Chief Executive" },
        ],
      },
    });
    expect(company.listing).toMatchObject({ ceo: "Grace Hopper", primaryContact: "Grace Hopper" });
    expect(company.team.map((m) => [m.name, m.isCeo])).toEqual([
      ["Ada Lovelace", false],
      ["Grace Hopper", false],
    ]);
  });

  it("writes names in one unicode form", () => {
    const decomposed = "Zoe\u0308 Ångstro\u0308m";
    const company = imported({ company_name: "Unicode", ceo: { name: decomposed } });
    expect(company.team[0]).toMatchObject({ name: "Zoë Ångström", firstName: "Zoë", lastName: "Ångström" });
    expect(company.listing.ceo).toBe("Zoë Ångström");
  });
});

describe("externalIdFor", () => {
  it("is the provider's id when sent", () => {
    expect(externalIdFor(parse({ id: "lot-42", company_name: "Acme" }))).toBe("lot-42");
  });
  it("hashes name and website the same way on every run, whatever their spelling", () => {
    const a = externalIdFor(parse({ company_name: "Acme  Labs", company_info: { website: "https://www.acme.io/" } }));
    expect(externalIdFor(parse({ company_name: "acme labs", company_info: { website: "acme.io" } }))).toBe(a);
    expect(externalIdFor(parse({ company_name: "Acme Labs", company_info: { website: "acme.com" } }))).not.toBe(a);
    expect(externalIdFor(parse({ company_name: "Acme Lab", company_info: { website: "acme.io" } }))).not.toBe(a);
  });
  it("hashes with 64-bit FNV-1a", () => {
    expect(stableHash("")).toBe("cbf29ce484222325");
    expect(stableHash("a")).toBe("af63dc4c8601ec8c");
  });
});

describe("toIsoDate", () => {
  it.each([
    ["2026-10-14", "2026-10-14"],
    ["2026-10-14T09:30:00Z", "2026-10-14"],
    ["2026-02-30", null],
    ["October 14, 2026 UTC", "2026-10-14"],
    ["soon", null],
    ["", null],
    [null, null],
  ])("%s is %s", (text, date) => {
    expect(toIsoDate(text)).toBe(date);
  });
});

describe("logoSourceUrl", () => {
  it("keeps any http(s) address to fetch (the outbound guard judges the host), and nothing else", () => {
    expect(logoSourceUrl("https://cdn.example.com/a.png")).toBe("https://cdn.example.com/a.png");
    expect(logoSourceUrl("http://127.0.0.1:4020/logos/a.png")).toBe("http://127.0.0.1:4020/logos/a.png");
    expect(logoSourceUrl("cdn.example.com/a.png")).toBe("https://cdn.example.com/a.png");
    for (const bad of [
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "file:///etc/passwd",
      "https://u:p@x.example/a.png",
      "https://a b/c",
      "",
      null,
    ])
      expect(logoSourceUrl(bad)).toBeNull();
  });
});
