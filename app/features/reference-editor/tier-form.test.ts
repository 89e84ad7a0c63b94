import { describe, expect, it } from "vitest";
import { LEGACY_TIERS } from "../access/tier-definitions.ts";
import { parseTierForm, rankOrderError, tierToFormValues } from "./tier-form.ts";

const subscriber = tierToFormValues(LEGACY_TIERS.subscriber);

describe("parseTierForm", () => {
  it("reads back what tierToFormValues wrote", () => {
    for (const record of Object.values(LEGACY_TIERS)) {
      // The funding flag is not on the form: funding data is public (decision 0080).
      const { name: _name, canViewFundingData: _funding, ...rest } = record;
      expect(parseTierForm(tierToFormValues(record))).toEqual({
        ok: true,
        data: { ...rest, outreachContentLevel: record.outreachContentLevel },
      });
    }
  });

  it("reads unchecked boxes (absent from the form) as false", () => {
    const { canExportData: _dropped, ...rest } = subscriber;
    const parsed = parseTierForm(rest);
    expect(parsed.ok && parsed.data.canExportData).toBe(false);
    expect(parsed.ok && parsed.data.apiAccessAllowed).toBe(false);
  });

  it("takes -1 as unlimited for views and AI requests, and nothing below", () => {
    const parsed = parseTierForm({ ...subscriber, maxCompanyViewsPerMonth: "-1", aiRequestsPerMonth: " -1 " });
    expect(parsed.ok && [parsed.data.maxCompanyViewsPerMonth, parsed.data.aiRequestsPerMonth]).toEqual([-1, -1]);
    const refused = parseTierForm({ ...subscriber, maxCompanyViewsPerMonth: "-2" });
    expect(refused.ok ? null : refused.errors.maxCompanyViewsPerMonth).toBe("Enter a whole number, 0 or more, or -1 for unlimited.");
  });

  it("refuses fractions, words, negative prices and ranks, and keeps every value as typed", () => {
    const input = { ...subscriber, monthlyPrice: "-5", rank: "1.5", aiRequestsPerMonth: "lots", displayName: " " };
    const parsed = parseTierForm(input);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(Object.keys(parsed.errors).sort()).toEqual(["aiRequestsPerMonth", "displayName", "monthlyPrice", "rank"]);
    expect(parsed.values).toMatchObject({ monthlyPrice: "-5", rank: "1.5", aiRequestsPerMonth: "lots", maxCompanyViewsPerMonth: "500" });
  });

  it("knows the outreach levels and wants an integration level", () => {
    expect(parseTierForm({ ...subscriber, outreachContentLevel: "some" }).ok).toBe(false);
    const parsed = parseTierForm({ ...subscriber, value8aiIntegrationLevel: "" });
    expect(parsed.ok ? null : parsed.errors.value8aiIntegrationLevel).toBe("Enter none, or a level such as basic or full.");
  });
});

describe("rankOrderError", () => {
  const ranks = { public: 1, subscriber: 2, premium: 3 } as const;

  it("accepts a rank strictly between the neighbours'", () => {
    expect(rankOrderError("subscriber", 2, ranks)).toBeNull();
    expect(rankOrderError("public", 0, ranks)).toBeNull();
    expect(rankOrderError("premium", 10, ranks)).toBeNull();
    expect(rankOrderError("subscriber", 5, { public: 1, subscriber: 2, premium: 10 })).toBeNull();
  });

  it("refuses a rank equal to or past a neighbour's, naming the bounds", () => {
    expect(rankOrderError("subscriber", 3, ranks)).toBe(
      "Ranks rise from public to subscriber to premium: give a rank above 1 (public) and below 3 (premium).",
    );
    expect(rankOrderError("subscriber", 1, ranks)).not.toBeNull();
    expect(rankOrderError("public", 2, ranks)).toBe("Ranks rise from public to subscriber to premium: give a rank below 2 (subscriber).");
    expect(rankOrderError("premium", 2, ranks)).toBe("Ranks rise from public to subscriber to premium: give a rank above 2 (subscriber).");
  });
});
