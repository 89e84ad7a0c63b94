import { describe, expect, it } from "vitest";
import {
  DESCRIPTION_CAP,
  dropReason,
  mapCompanyRecord,
  parseFaqs,
  parseFieldVisibility,
  visibilityOf,
  type ReferenceIndex,
} from "./map-spreadsheet-record.ts";
import { contentHash, lines, links, num, pick } from "./spreadsheet-values.ts";

const refs: ReferenceIndex = {
  names: {
    Industries: new Map([
      ["recInd1", "AI: Machine Learning"],
      ["recInd2", "FinTech: Payments"],
    ]),
    Countries: new Map([["recCty1", "Germany"]]),
    Geographies: new Map([["recGeo1", "Europe"]]),
    FundingStages: new Map([["recStg1", "Seed"]]),
    TargetPersonas: new Map([["recTpe1", "CFOs"]]),
    BusinessModels: new Map([["recBmd1", "retainer"]]),
    RevenueRanges: new Map([["recRev1", "less_than_100k"]]),
    VisibilityLevels: new Map([
      ["recVis0", "public"],
      ["recVis1", "subscriber"],
      ["recVis2", "premium"],
    ]),
  },
  people: new Map([["recUsr1", { name: "Sam Subscriber", title: null, photo: null, linkedin: "https://linkedin.example/sam" }]]),
};

const map = (fields: Record<string, unknown>, id = "recCmp1") =>
  mapCompanyRecord({ id, fields: { Name: "Acme", Type: "startup", ...fields } }, refs);
const listing = (fields: Record<string, unknown>) => {
  const result = map(fields);
  if (!result.ok) throw new Error(result.reason);
  return result;
};

describe("the record-dropping rule (spec 01 §3)", () => {
  it.each([
    [{ Type: "startup" }, /^no name/],
    [{ Name: "   ", Type: "startup" }, /^no name/],
    [{ Name: "Acme" }, /^no type/],
    [{ Name: "Acme", Type: [] }, /^no type/],
    [{}, /^no name/],
  ])("drops %j", (fields, reason) => {
    expect(dropReason(fields)).toMatch(reason);
    const result = mapCompanyRecord({ id: "recX", fields }, refs);
    expect(result).toMatchObject({ ok: false, externalId: "recX", reason: expect.stringMatching(reason) });
  });

  it.each([
    { "company name": "Acme", "Entity Type": "investor" },
    { TITLE: "Acme", "Company Type": "Partner" },
  ])("keeps %j", (fields) => {
    expect(dropReason(fields)).toBeNull();
    expect(mapCompanyRecord({ id: "recX", fields }, refs)).toMatchObject({ ok: true, listing: { name: "Acme" } });
  });

  it("drops a type that is no listing type, saying so", () => {
    expect(map({ Type: "Accelerator" })).toMatchObject({ ok: false, reason: 'unknown type "Accelerator" (startup, investor or partner)' });
    expect(listing({ Type: "Investors" }).listing.type).toBe("investor");
  });
});

describe("visibility", () => {
  it("is public by default", () => expect(listing({}).listing.visibility).toBe("public"));
  it("comes from the Current Tier relation first", () => {
    const { listing: l } = listing({ "Current Tier": ["recVis0"], AccessLevel: ["recVis2"], ListingVisibility: "premium" });
    expect(l).toMatchObject({ visibility: "public", currentTier: "public" });
  });
  it("else from AccessLevel links or ListingVisibility text, the stricter winning", () => {
    expect(listing({ AccessLevel: ["recVis1"] }).listing.visibility).toBe("subscriber");
    expect(listing({ ListingVisibility: "Premium" }).listing.visibility).toBe("premium");
    expect(listing({ AccessLevel: [{ id: "recVis2" }], ListingVisibility: "subscriber" }).listing.visibility).toBe("premium");
  });
  it("ignores levels it does not know", () => {
    expect(visibilityOf("gold", ["platinum"])).toBe("public");
    expect(visibilityOf("gold", ["subscriber"])).toBe("subscriber");
  });
  it("reports an AccessLevel link to no known level", () => {
    const result = listing({ AccessLevel: ["recVisGone"] });
    expect(result.listing.visibility).toBe("public");
    expect(result.unresolved).toEqual([{ field: "AccessLevel", id: "recVisGone" }]);
  });
});

describe("field visibility", () => {
  it("normalises names as spec 01 §3 says", () => {
    const warnings: string[] = [];
    expect(
      parseFieldVisibility(
        "Revenue Range: premium\nhowitworks = subscriber\nKey Use Cases: premium\n Team : gold\nshoe size: premium",
        warnings,
      ),
    ).toEqual({
      revenueRange: "premium",
      howItWorks: "subscriber",
      keyUseCases: "premium",
      team: "public",
    });
    expect(warnings).toEqual(['FieldVisibility names "shoesize", which no profile field is gated by; ignored']);
  });
  it("reads a JSON object too", () => {
    expect(parseFieldVisibility('{"revenuerange":"subscriber","faqs":"premium"}')).toEqual({ revenueRange: "subscriber", faqs: "premium" });
    expect(listing({ FieldVisibility: "problem: premium" }).listing.fieldVisibility).toEqual({ problem: "premium" });
  });
});

describe("company fields", () => {
  it("resolves linked reference ids to names and reports unknown ids", () => {
    const result = listing({
      Industries: ["recInd1", "recInd2", "recIndGone"],
      Countries: ["recCty1"],
      Geographies: ["recGeo1"],
      FundingStage: ["recStg1"],
      "Target Personas": ["recTpe1"],
      BusinessModel: ["recBmd1"],
      RevenueRange: ["recRev1"],
    });
    expect(result.listing).toMatchObject({
      industries: ["AI: Machine Learning", "FinTech: Payments"],
      countries: ["Germany"],
      geographies: ["Europe"],
      fundingStage: "Seed",
      targetPersonas: ["CFOs"],
      businessModel: "retainer",
      revenueRange: "less_than_100k",
    });
    expect(result.unresolved).toEqual([{ field: "Industries", id: "recIndGone" }]);
  });

  it("takes the first attachment as the logo, and no logo when it is not an image", () => {
    const png = { id: "att1", url: "https://files.example/1.png", filename: "1.png", size: 10, type: "image/png" };
    const alt = { ...png, id: "att2", url: "https://files.example/2.png" };
    expect(listing({ "Logo Image": [png, alt] }).listing.logo).toEqual(png);
    const pdf = listing({ Logo: [{ ...png, type: "application/pdf", filename: "deck.pdf" }, alt] });
    expect(pdf.listing.logo).toBeNull();
    expect(pdf.warnings).toEqual(["The first attachment, deck.pdf (application/pdf), is not an image: no logo"]);
  });

  it("caps the description at 5000 characters", () => {
    const result = listing({ Description: "y".repeat(5001) });
    expect(result.listing.description).toHaveLength(DESCRIPTION_CAP);
    expect(result.warnings).toEqual(["Description cut from 5001 to 5000 characters"]);
  });

  it("prefers WebsiteUrl to Website, and reads drifted names", () => {
    expect(listing({ WebsiteUrl: "https://a.example", Website: "https://b.example" }).listing.websiteUrl).toBe("https://a.example");
    expect(listing({ "Company Linkedin": "https://li.example/acme", "Data Last Synched": "2025-01-02" }).listing).toMatchObject({
      linkedinUrl: "https://li.example/acme",
      dataLastSynced: "2025-01-02",
    });
  });

  it("splits How It Works, Key Use Cases and FAQs", () => {
    const { listing: l } = listing({
      "How It Works": "1. Connect\n2) Match\n\n- Close",
      "Key Use Cases": "Month-end close: in a day\nAudit - every change kept\nForecasts",
      FAQs: "Q: Secure?\nA: Yes.\n\nWhich banks?\nMost.",
    });
    expect(l.howItWorks).toEqual(["Connect", "Match", "Close"]);
    expect(l.keyUseCases).toEqual([
      { title: "Month-end close", description: "in a day" },
      { title: "Audit", description: "every change kept" },
      { title: "Forecasts", description: null },
    ]);
    expect(l.faqs).toEqual([
      { question: "Secure?", answer: "Yes." },
      { question: "Which banks?", answer: "Most." },
    ]);
    const warnings: string[] = [];
    expect(parseFaqs("Q: Lonely?", warnings)).toEqual([]);
    expect(warnings).toEqual(["An FAQ without an answer was left out"]);
  });

  it("builds the team from Employees links to Users", () => {
    const result = listing({ Employees: ["recUsr1", "recUsrGone"] });
    expect(result.listing.team).toEqual([{ name: "Sam Subscriber", title: null, photo: null, linkedin: "https://linkedin.example/sam" }]);
    expect(result.unresolved).toEqual([{ field: "Employees", id: "recUsrGone" }]);
  });

  it("reads enrichment and funding fields", () => {
    const { listing: l } = listing({
      "LOT Company ID": "lot-1",
      CEO: "Ada",
      "Primary Contact": "Bo",
      "Total Funding Raised": "1,500,000",
      "Latest Round Type": "Seed",
      "Latest Round Amount": 500000,
      "Funding Round Count": 2,
      FoundedYear: "2019",
      Featured: true,
      StageFocus: ["Seed", "Series A"],
      AUM: 1e8,
    });
    expect(l).toMatchObject({
      lotCompanyId: "lot-1",
      ceo: "Ada",
      primaryContact: "Bo",
      totalFundingRaised: 1_500_000,
      latestRoundType: "Seed",
      latestRoundAmount: 500_000,
      fundingRoundCount: 2,
      foundedYear: 2019,
      featured: true,
      stageFocus: "Seed, Series A",
      aum: 1e8,
    });
  });

  it("keeps the first of several links to a single-valued list, with a warning", () => {
    const result = listing({ FundingStage: ["recStg1", "recStg1"] });
    expect(result.listing.fundingStage).toBe("Seed");
    expect(result.warnings).toEqual(['FundingStage links 2 records; the first, "Seed", is kept']);
  });
});

describe("values", () => {
  it("pick matches names loosely", () => expect(pick({ "company_linkedin ": "x" }, "Company LinkedIn")).toBe("x"));
  it("num reads text amounts", () => expect([num("$1,200"), num("n/a"), num(null)]).toEqual([1200, null, null]));
  it("lines drops bullets and blanks", () => expect(lines("• a\n\n 3. b ")).toEqual(["a", "b"]));
  it("links reads ids, objects and names", () =>
    expect(links(["recAbc1", { id: "recX12", name: "X" }, "Premium"])).toEqual([
      { id: "recAbc1" },
      { id: "recX12", name: "X" },
      { name: "Premium" },
    ]));
});

describe("contentHash", () => {
  it("ignores field order and attachment urls, and sees every change", () => {
    const a = { fields: { Name: "Acme", Type: "startup", Logo: [{ id: "att1", url: "https://x/1?sig=a", filename: "l.png" }] } };
    const b = { fields: { Logo: [{ filename: "l.png", url: "https://x/1?sig=b", id: "att1" }], Type: "startup", Name: "Acme" } };
    expect(contentHash(a)).toBe(contentHash(b));
    expect(contentHash(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(contentHash({ fields: { ...a.fields, Name: "Acme Inc" } })).not.toBe(contentHash(a));
    expect(contentHash({ fields: { ...a.fields, Logo: [{ id: "att2", url: "u", filename: "l.png" }] } })).not.toBe(contentHash(a));
  });
});

describe("contact and location columns (decision 0066)", () => {
  it("reads the address, an international phone as E.164 and the e-mail lowercased", () => {
    const result = listing({
      "HQ Street": "1 Market St",
      City: "San Francisco",
      State: "CA",
      Zip: "94105",
      Phone: "+1 (415) 555-2671",
      "Contact Email": "Hello@Acme.example",
    });
    expect(result.listing).toMatchObject({
      hqStreet: "1 Market St",
      hqCity: "San Francisco",
      hqRegion: "CA",
      hqPostalCode: "94105",
      phone: "+14155552671",
      contactEmail: "hello@acme.example",
    });
    expect(result.warnings).toEqual([]);
  });

  it("leaves a bad phone, a bad e-mail and an over-long postal code empty, with a warning each, and keeps the record", () => {
    const result = listing({ Phone: "(415) 555-2671", "Contact Email": "nobody", "HQ Postal Code": "9".repeat(21) });
    expect(result.listing).toMatchObject({ phone: null, contactEmail: null, hqPostalCode: null });
    expect([...result.warnings].sort()).toEqual([
      "Contact Email is not an e-mail address: left empty",
      "HQ Postal Code is longer than 20 characters: left empty",
      "Phone is not a phone number with its country code: left empty",
    ]);
  });
});
