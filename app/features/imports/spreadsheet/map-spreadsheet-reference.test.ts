import { describe, expect, it } from "vitest";
import {
  mapFieldRule,
  mapFundingRound,
  mapInvestorRelationship,
  mapPerson,
  mapReferenceRecord,
  mapVisibilityLevel,
} from "./map-spreadsheet-reference.ts";
import type { ReferenceIndex } from "./map-spreadsheet-record.ts";

const refs: ReferenceIndex = { names: { VisibilityLevels: new Map([["recVis2", "premium"]]) } };
const rec = (fields: Record<string, unknown>) => ({ id: "recA", fields });

describe("reference records", () => {
  it("keeps Industries' categories and key, Countries' ISO code and emoji", () => {
    expect(
      mapReferenceRecord(
        "Industries",
        rec({ Name: "AI: ML", "Primary Category": "AI", "Secondary Category": "ML", "Industry Key": "AI::ML" }),
      ),
    ).toEqual({
      ok: true,
      item: {
        externalId: "recA",
        name: "AI: ML",
        primaryCategory: "AI",
        secondaryCategory: "ML",
        industryKey: "AI::ML",
        description: null,
      },
    });
    expect(mapReferenceRecord("Countries", rec({ Name: "Germany", "ISO Code": "de", Emoji: "🇩🇪" }))).toMatchObject({
      item: { isoCode: "DE", emoji: "🇩🇪" },
    });
    expect(mapReferenceRecord("Geographies", rec({ Name: " Europe " }))).toEqual({
      ok: true,
      item: { externalId: "recA", name: "Europe" },
    });
  });
  it("drops a record without a Name", () => {
    expect(mapReferenceRecord("FundingStages", rec({}))).toEqual({
      ok: false,
      externalId: "recA",
      reason: "FundingStages record without a Name",
    });
  });
});

describe("visibility levels and field rules", () => {
  it("keeps the three levels and their limits", () => {
    expect(mapVisibilityLevel(rec({ Name: "Premium", Rank: 2, "Max Company Views Per Month": -1, "Can Export Data": true }))).toMatchObject(
      {
        ok: true,
        item: { name: "premium", rank: 2, maxCompanyViewsPerMonth: -1, canExportData: true, canViewFundingData: false },
      },
    );
    expect(mapVisibilityLevel(rec({ Name: "Gold" }))).toMatchObject({ ok: false, reason: 'unknown visibility level "Gold"' });
  });
  it("resolves a rule's AccessLevel link by id; unknown or missing is public", () => {
    expect(mapFieldRule(rec({ Name: "Key Use Cases", AccessLevel: ["recVis2"] }), refs)).toMatchObject({
      item: { field: "keyUseCases", level: "premium" },
    });
    expect(mapFieldRule(rec({ Name: "team", AccessLevel: [{ id: "recVis2" }] }), refs)).toMatchObject({ item: { level: "premium" } });
    expect(mapFieldRule(rec({ Name: "faqs", AccessLevel: ["recVisGone"] }), refs)).toMatchObject({ item: { level: "public" } });
    expect(mapFieldRule(rec({ Name: "revenuerange" }), refs)).toMatchObject({ item: { field: "revenueRange", level: "public" } });
    expect(mapFieldRule(rec({ Name: "shoe size" }), refs)).toMatchObject({ ok: false });
  });
});

describe("people, rounds and relationships", () => {
  it("makes a team member of a Users record; an attachment photo is left out, its url expires", () => {
    expect(
      mapPerson(
        rec({
          "First Name": "Ada",
          "Last Name": "Lovelace",
          LinkedIn: "https://li.example/ada",
          ProfileImage: [{ url: "https://x/a.png" }],
        }),
      ),
    ).toEqual({
      name: "Ada Lovelace",
      title: null,
      photo: null,
      linkedin: "https://li.example/ada",
    });
    expect(mapPerson(rec({ FirstName: "Bo", ProfileImage: "https://cdn.example/bo.png" }))).toMatchObject({
      photo: "https://cdn.example/bo.png",
    });
    expect(mapPerson(rec({ Email: "x@example.com" }))).toBeNull();
  });
  it("maps a funding round and drops one without a Company", () => {
    expect(
      mapFundingRound(rec({ Company: ["recCmp1"], Amount: "2,000,000", Currency: "usd", "Round Type": "seed", "LOT Data ID": "lot-9" })),
    ).toMatchObject({
      item: { companyId: "recCmp1", amount: 2_000_000, currency: "USD", roundType: "seed", lotDataId: "lot-9", notes: null },
    });
    expect(mapFundingRound(rec({ Amount: 1 }))).toMatchObject({ ok: false, reason: "funding round without a Company link" });
  });
  it("maps an investor relationship, the investor by link or by name, status active by default", () => {
    expect(mapInvestorRelationship(rec({ Company: ["recCmp1"], Investor: ["recCmp2"], "Funding Round": ["recRnd1"] }))).toMatchObject({
      item: { companyId: "recCmp1", investorId: "recCmp2", investorName: null, fundingRoundId: "recRnd1", investmentStatus: "active" },
    });
    expect(mapInvestorRelationship(rec({ Company: ["recCmp1"], Investor: "Acme Capital", "Investment Status": "Exited" }))).toMatchObject({
      item: { investorId: null, investorName: "Acme Capital", investmentStatus: "exited" },
    });
    expect(mapInvestorRelationship(rec({ Company: ["recCmp1"] }))).toMatchObject({
      ok: false,
      reason: "investor relationship without an Investor",
    });
  });
});
