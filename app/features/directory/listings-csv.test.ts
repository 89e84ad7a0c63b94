import { describe, expect, it } from "vitest";
import type { DirectoryItem } from "../catalog/listing-types.ts";
import { csvCell, LISTING_COLUMNS, listingRow, toCsv } from "./listings-csv.ts";

describe("csvCell", () => {
  it.each([
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ["+1+1", `"'+1+1"`],
    ["-2+3", `"'-2+3"`],
    ["@SUM(A1)", `"'@SUM(A1)"`],
    ["\t=1", `"'\t=1"`],
    ["\r=1", `"'\r=1"`],
  ])("neutralises a formula: %j", (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it("quotes every cell and doubles inner quotes; keeps commas, line breaks and unicode inside the cell", () => {
    expect(csvCell('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
    expect(csvCell("Zürich 東京 🚀")).toBe('"Zürich 東京 🚀"');
    expect(csvCell("a = b")).toBe('"a = b"');
  });

  it("writes empty cells for null and undefined, and text for numbers and booleans", () => {
    expect([csvCell(null), csvCell(undefined), csvCell(3), csvCell(false)]).toEqual(['""', '""', '"3"', '"false"']);
  });
});

describe("toCsv", () => {
  it("starts with a byte-order mark and ends rows with CRLF", () => {
    expect(
      toCsv([
        ["a", "b"],
        ["c", null],
      ]),
    ).toBe('\uFEFF"a","b"\r\n"c",""\r\n');
  });
});

describe("listingRow", () => {
  const full: DirectoryItem = {
    locked: false,
    id: "1",
    slug: "nimbus-ai",
    type: "startup",
    name: "Nimbus AI",
    logo: null,
    tagline: "Clouds, made simple",
    featured: true,
    industry: ["AI", "Software"],
    geography: ["Europe"],
    countries: ["Germany", "France"],
    targetPersonas: ["CTO"],
    fundingStage: "Seed",
    businessModel: null,
    listingVisibility: "public",
  };

  const detail = {
    websiteUrl: "https://nimbus.example",
    linkedinUrl: "https://linkedin.com/company/nimbus",
    totalFundingRaised: 2_500_000,
    latestRoundType: "series-a",
    latestRoundAmount: 1_500_000.5,
    latestRoundDate: "2024-03-01",
    foundedYear: 2019,
    teamSize: "11-50",
    ticketSize: null,
    hqCity: "Berlin",
  };

  it("has one cell per column, lists joined with semicolons, funding as every profile shows it", () => {
    const row = listingRow(full, "https://introbase.example", detail);
    expect(row).toHaveLength(LISTING_COLUMNS.length);
    expect(Object.fromEntries(LISTING_COLUMNS.map((column, i) => [column, row[i]]))).toEqual({
      Name: "Nimbus AI",
      Type: "startup",
      Tagline: "Clouds, made simple",
      Website: "https://nimbus.example",
      LinkedIn: "https://linkedin.com/company/nimbus",
      Industries: "AI; Software",
      Geographies: "Europe",
      Countries: "Germany; France",
      "Target Personas": "CTO",
      "Funding Stage": "Seed",
      "Total Raised (USD)": "2500000",
      "Latest Round": "Series A",
      "Latest Round Amount (USD)": "1500000.5",
      "Latest Round Date": "2024-03-01",
      "Business Model": null,
      Featured: true,
      Access: "full",
      "Profile URL": "https://introbase.example/profile/startup/nimbus-ai",
      "Founded Year": "2019",
      "Team Size": "11-50",
      "Ticket Size": null,
      "Headquarters City": "Berlin",
    });
    expect(listingRow(full, "").slice(3, 5)).toEqual([null, null]);
    expect(listingRow(full, "").slice(10, 14)).toEqual([null, null, null, null]);
  });

  it("exports only the teaser of a locked listing, whatever detail it is handed", () => {
    const locked: DirectoryItem = {
      locked: true,
      id: "2",
      slug: "vault",
      type: "investor",
      name: "Vault",
      logo: null,
      tagline: null,
      industry: ["Fintech"],
      geography: ["Asia"],
      fundingStage: null,
      featured: false,
      listingVisibility: "premium",
    };
    expect(listingRow(locked, "", detail)).toEqual([
      "Vault",
      "investor",
      null,
      null,
      null,
      "Fintech",
      "Asia",
      "",
      "",
      null,
      null,
      null,
      null,
      null,
      null,
      false,
      "locked (premium)",
      "/profile/investor/vault",
      null,
      null,
      null,
      null,
    ]);
  });
});
