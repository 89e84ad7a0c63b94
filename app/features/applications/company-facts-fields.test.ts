/** The company facts of a feature application (issue 31): what is accepted, and the message beside each field. */
import { describe, expect, it } from "vitest";
import { parseFeatureApplication, readFeatureForm } from "./feature-application.ts";

const NOW = new Date("2026-11-28T12:00:00Z");
const CODES = new Map([
  [7, "CH"],
  [9, "IN"],
  [3, "GB"],
]);

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) data.append(key, v);
  return data;
}

const startup = {
  name: "Lumen Forge",
  websiteUrl: "lumenforge.example",
  tagline: "Turning factory data into decisions",
  description: "Lumen Forge connects machines on the factory floor and tells plant managers what to fix first.",
  industryIds: ["1"],
  geographyIds: ["1"],
  fundingStageId: "2",
  contactName: "Mara Lind",
  contactEmail: "mara@lumenforge.example",
};

const parse = (type: "startup" | "partner", fields: Record<string, string | string[]>) =>
  parseFeatureApplication(type, readFeatureForm(form(fields)), { countryCodes: CODES, now: NOW });

describe("company facts", () => {
  it("are read into typed values: a year, a band, dollars without separators, a round code and a date", () => {
    const parsed = parse("startup", {
      ...startup,
      hqCountryId: "7",
      foundedYear: "2019",
      teamSize: "11-50",
      totalFundingRaised: "$1,500,000",
      latestRoundType: "series-a",
      latestRoundDate: "2025-03-14",
    });
    expect(parsed).toMatchObject({
      ok: true,
      data: {
        hqCountryId: 7,
        foundedYear: 2019,
        teamSize: "11-50",
        totalFundingRaised: 1_500_000,
        latestRoundType: "series-a",
        latestRoundDate: "2025-03-14",
      },
    });
  });

  it("may all be left out: a company that does not say is still accepted", () => {
    const parsed = parse("startup", { ...startup, hqCountryId: "", foundedYear: "", teamSize: "", totalFundingRaised: "" });
    expect(parsed).toMatchObject({
      ok: true,
      data: {
        hqCountryId: null,
        foundedYear: null,
        teamSize: null,
        totalFundingRaised: null,
        latestRoundType: null,
        latestRoundDate: null,
      },
    });
  });

  it("each refused value gets its own message beside its field", () => {
    const parsed = parse("startup", {
      ...startup,
      hqCountryId: "abc",
      foundedYear: "2027",
      teamSize: "12",
      totalFundingRaised: "a lot",
      latestRoundType: "series-z",
      latestRoundDate: "2026-12-01",
    });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toEqual({
      hqCountryId: "Choose a country from the list.",
      foundedYear: "Enter a year from 1800 to 2026.",
      teamSize: "Choose a team size from the list.",
      totalFundingRaised: "Enter an amount in US dollars, such as 1,500,000.",
      latestRoundType: "Choose a round type from the list.",
      latestRoundDate: "The latest round's date cannot be in the future.",
    });
    expect(parse("startup", { ...startup, latestRoundDate: "2025-02-30" })).toMatchObject({
      ok: false,
      errors: { latestRoundDate: "Enter a date such as 2024-05-31." },
    });
  });

  it("a partner states its year and team size; funding a tampered form sends is not stored", () => {
    const parsed = parse("partner", {
      ...startup,
      fundingStageId: "",
      businessModelId: "1",
      foundedYear: "2010",
      teamSize: "1000+",
      totalFundingRaised: "999",
      latestRoundType: "seed",
      latestRoundDate: "2024-01-01",
    });
    expect(parsed).toMatchObject({
      ok: true,
      data: { foundedYear: 2010, teamSize: "1000+", totalFundingRaised: null, latestRoundType: null, latestRoundDate: null },
    });
  });
});

describe("the phone number", () => {
  it("typed as dialled in the headquarters country is read there (Geneva, Mumbai)", () => {
    expect(parse("startup", { ...startup, hqCountryId: "7", phone: "022 555 01 23" })).toMatchObject({
      ok: true,
      data: { phone: "+41225550123" },
    });
    expect(parse("startup", { ...startup, hqCountryId: "9", phone: "022 2345 6789" })).toMatchObject({
      ok: true,
      data: { phone: "+912223456789" },
    });
  });

  it("is read in the other chosen countries when no headquarters country is given", () => {
    expect(parse("startup", { ...startup, countryIds: ["3"], phone: "020 7946 0958" })).toMatchObject({
      ok: true,
      data: { phone: "+442079460958" },
    });
  });

  it("with its country code needs no country, and a national one without any country is refused with how to write it", () => {
    expect(parse("startup", { ...startup, phone: "+41 22 555 01 23" })).toMatchObject({ ok: true, data: { phone: "+41225550123" } });
    const refused = parse("startup", { ...startup, phone: "022 555 01 23" });
    expect(refused).toMatchObject({ ok: false, errors: { phone: expect.stringContaining("+41 22 555 01 23") } });
  });

  it("is not read in a country the server does not know (a tampered id), which is refused beside its field", () => {
    expect(parse("startup", { ...startup, hqCountryId: "999", phone: "022 555 01 23" })).toMatchObject({
      ok: false,
      errors: { phone: expect.any(String), hqCountryId: "Choose a country from the list." },
    });
  });
});
