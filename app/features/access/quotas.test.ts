import { describe, expect, it } from "vitest";
import {
  aiAction,
  canRecordUsage,
  isUsageAction,
  QUOTA_EXCEEDED,
  quotaAllows,
  quotaDepletedMessage,
  quotaIndicatorText,
  quotaLimitFor,
  quotaLimitReachedMessage,
  quotaLimits,
  quotaLowMessage,
  quotaRemaining,
  quotaStatus,
  quotaTooltip,
  quotaTypeOf,
  usageMonthKey,
} from "./quotas.ts";
import { LEGACY_TIERS, type TierRecord } from "./tier-definitions.ts";
import { ACCESS_LEVELS } from "./tiers.ts";

const RECORD: TierRecord = {
  name: "subscriber",
  displayName: "Growth",
  rank: 2,
  monthlyPrice: 79,
  annualPrice: 790,
  maxCompanyViewsPerMonth: 1200,
  canViewFundingData: true,
  canExportData: false,
  aiRequestsPerMonth: 75,
  canAccessHistoricalData: false,
  prioritySupport: false,
  apiAccessAllowed: true,
  outreachContentLevel: "basic",
  value8aiIntegrationLevel: "none",
};

describe("usage counter names (spec 01 §3)", () => {
  it.each(["company_view", "ai_summary", "ai_tokens", "ai_chat", "ai_lead_score2", "data_export", "api_call"])("accepts %s", (name) => {
    expect(isUsageAction(name)).toBe(true);
  });

  it.each([
    "",
    "view",
    "company_views",
    "Company_View",
    "ai_",
    "ai_Summary",
    "ai_1st",
    "ai_sum mary",
    "ai_summary;drop",
    `ai_${"x".repeat(38)}`,
    "export",
    "api_calls",
    null,
    42,
  ])("rejects %j", (name) => {
    expect(isUsageAction(name)).toBe(false);
  });

  it("allows ai_{kind} up to the 40 characters the database accepts", () => {
    const longest = `ai_${"x".repeat(37)}`;
    expect(longest).toHaveLength(40);
    expect(isUsageAction(longest)).toBe(true);
    expect(isUsageAction(`${longest}x`)).toBe(false);
  });

  it("builds ai_{kind} names and refuses kinds that would not be valid", () => {
    expect(aiAction("summary")).toBe("ai_summary");
    expect(aiAction("tokens")).toBe("ai_tokens");
    for (const kind of ["", "Summary", "a b", "9x", "x".repeat(38)]) expect(() => aiAction(kind)).toThrow(RangeError);
  });
});

describe("quotaTypeOf (spec 01 §6 quota type mapping)", () => {
  it.each([
    ["company_view", "views"],
    ["profile_view", "views"],
    ["ai_summary", "AI requests"],
    ["ai_tokens", "AI requests"],
    ["ai_review", "AI requests"],
    ["bulk_ai_search", "AI requests"],
    ["data_export", "exports"],
    ["export_csv", "exports"],
    ["exporting", "exports"],
    ["api_call", "API calls"],
    ["public_api_request", "API calls"],
  ])("%s counts against %s", (action, type) => {
    expect(quotaTypeOf(action)).toBe(type);
  });

  it.each(["", "intro_request", "search", "email_digest", "AI_SUMMARY", "api"])("%j counts against no quota", (action) => {
    expect(quotaTypeOf(action)).toBeNull();
  });
});

describe("quotaLimits (spec 01 §6 quotas)", () => {
  it("fallback: views 10/500/999999, AI 0/50/500, exports for subscriber and premium, API calls for premium", () => {
    expect(quotaLimits("public")).toEqual({ views: 10, aiRequests: 0, exports: 0, apiCalls: 0 });
    expect(quotaLimits("subscriber")).toEqual({ views: 500, aiRequests: 50, exports: 1000, apiCalls: 0 });
    expect(quotaLimits("premium")).toEqual({ views: 999999, aiRequests: 500, exports: 1000, apiCalls: 10000 });
  });

  it("the legacy records give the fallback limits", () => {
    for (const tier of ACCESS_LEVELS) expect(quotaLimits(tier, LEGACY_TIERS[tier])).toEqual(quotaLimits(tier));
  });

  it("with a record: views and AI requests from the record, exports and API calls from its flags", () => {
    expect(quotaLimits("subscriber", RECORD)).toEqual({ views: 1200, aiRequests: 75, exports: 0, apiCalls: 10000 });
    expect(quotaLimits("public", { ...RECORD, canExportData: true, apiAccessAllowed: false })).toEqual({
      views: 1200,
      aiRequests: 75,
      exports: 1000,
      apiCalls: 0,
    });
  });

  it("a record's -1 becomes 999999, for views and for AI requests", () => {
    expect(quotaLimits("premium", { ...RECORD, maxCompanyViewsPerMonth: -1 }).views).toBe(999999);
    expect(quotaLimits("premium", { ...RECORD, aiRequestsPerMonth: -1 }).aiRequests).toBe(999999);
  });

  it("a record's 0 is 0, and other negatives grant nothing", () => {
    expect(quotaLimits("premium", { ...RECORD, maxCompanyViewsPerMonth: 0, aiRequestsPerMonth: 0 })).toMatchObject({
      views: 0,
      aiRequests: 0,
    });
    expect(quotaLimits("premium", { ...RECORD, maxCompanyViewsPerMonth: -3, aiRequestsPerMonth: -2 })).toMatchObject({
      views: 0,
      aiRequests: 0,
    });
  });

  it("quotaLimitFor picks the limit by action name", () => {
    expect(quotaLimitFor("company_view", "public")).toBe(10);
    expect(quotaLimitFor("ai_summary", "subscriber")).toBe(50);
    expect(quotaLimitFor("ai_tokens", "premium")).toBeNull();
    expect(quotaLimitFor("data_export", "public")).toBe(0);
    expect(quotaLimitFor("data_export", "subscriber")).toBe(1000);
    expect(quotaLimitFor("api_call", "subscriber")).toBe(0);
    expect(quotaLimitFor("api_call", "premium")).toBe(10000);
    expect(quotaLimitFor("api_call", "subscriber", RECORD)).toBe(10000);
    expect(quotaLimitFor("company_view", "subscriber", RECORD)).toBe(1200);
    expect(quotaLimitFor("search", "premium")).toBeNull();
  });

  it("quotaRemaining never goes below 0 and reads -1 as 999999", () => {
    expect(quotaRemaining(10, 3)).toBe(7);
    expect(quotaRemaining(10, 10)).toBe(0);
    expect(quotaRemaining(10, 12)).toBe(0);
    expect(quotaRemaining(10, -4)).toBe(10);
    expect(quotaRemaining(-1, 1)).toBe(999998);
    expect(quotaRemaining(0, 0)).toBe(0);
  });
});

describe("quotaStatus (spec 01 §4, thresholds of §9)", () => {
  it("is unlimited when the limit is -1 or its 999999 sentinel, whatever remains", () => {
    expect(quotaStatus(0, -1)).toBe("unlimited");
    expect(quotaStatus(5, -1)).toBe("unlimited");
    expect(quotaStatus(999999, 999999)).toBe("unlimited");
    expect(quotaStatus(0, 999999)).toBe("unlimited");
    expect(quotaStatus(1, 1000000)).toBe("critical");
  });

  it("is depleted when nothing remains", () => {
    expect(quotaStatus(0, 10)).toBe("depleted");
    expect(quotaStatus(0, 500)).toBe("depleted");
    expect(quotaStatus(-2, 10)).toBe("depleted");
    expect(quotaStatus(0, 0)).toBe("depleted");
    expect(quotaStatus(Number.NaN, 10)).toBe("depleted");
  });

  it.each([
    [1, 100, "critical"],
    [9, 100, "critical"],
    [99, 1000, "critical"],
    [10, 100, "warning"],
    [1, 10, "warning"],
    [100, 1000, "warning"],
    [24, 100, "warning"],
    [249, 1000, "warning"],
    [25, 100, "healthy"],
    [250, 1000, "healthy"],
    [5, 20, "healthy"],
    [50, 100, "healthy"],
    [10, 10, "healthy"],
    [499, 500, "healthy"],
    [49, 500, "critical"],
    [50, 500, "warning"],
    [124, 500, "warning"],
    [125, 500, "healthy"],
  ])("%i of %i remaining is %s", (remaining, limit, status) => {
    expect(quotaStatus(remaining, limit)).toBe(status);
  });
});

describe("quotaAllows and canRecordUsage (spec 01 §4, §5)", () => {
  it("allows use while remaining is above 0", () => {
    expect(quotaAllows(1)).toBe(true);
    expect(quotaAllows(999999)).toBe(true);
    expect(quotaAllows(0)).toBe(false);
    expect(quotaAllows(-1)).toBe(false);
    expect(quotaAllows(Number.NaN)).toBe(false);
  });

  it("records usage only for a signed-in user with units left", () => {
    expect(canRecordUsage({ signedIn: true, remaining: 1 })).toBe(true);
    expect(canRecordUsage({ signedIn: true, remaining: 0 })).toBe(false);
    expect(canRecordUsage({ signedIn: false, remaining: 10 })).toBe(false);
    expect(canRecordUsage({ signedIn: false, remaining: 0 })).toBe(false);
  });
});

describe("usageMonthKey", () => {
  it("gives the UTC year and 1-based month", () => {
    expect(usageMonthKey(new Date("2026-01-15T12:00:00Z"))).toEqual({ year: 2026, month: 1 });
    expect(usageMonthKey(new Date("2026-12-31T23:59:59.999Z"))).toEqual({ year: 2026, month: 12 });
    expect(usageMonthKey(new Date("2027-01-01T00:00:00Z"))).toEqual({ year: 2027, month: 1 });
  });

  it("uses UTC, not the local offset, at a month's edge", () => {
    expect(usageMonthKey(new Date("2026-03-01T01:00:00+05:00"))).toEqual({ year: 2026, month: 2 });
    expect(usageMonthKey(new Date("2026-02-28T20:00:00-05:00"))).toEqual({ year: 2026, month: 3 });
  });

  it("refuses an invalid date", () => {
    expect(() => usageMonthKey(new Date("not a date"))).toThrow(RangeError);
  });
});

describe("quota texts (spec 01 §4 and §8), word for word", () => {
  it("limit reached", () => {
    expect(quotaLimitReachedMessage("views")).toBe("You've reached your monthly views limit. Upgrade to continue.");
    expect(quotaLimitReachedMessage("AI requests")).toBe("You've reached your monthly AI requests limit. Upgrade to continue.");
  });

  it("depleted, with the sentence's first letter capitalised and the caller's continuation", () => {
    expect(quotaDepletedMessage("AI requests")).toBe("AI requests quota depleted.");
    expect(quotaDepletedMessage("views")).toBe("Views quota depleted.");
    expect(quotaDepletedMessage("exports", "Upgrade to premium to unlock exports")).toBe(
      "Exports quota depleted. Upgrade to premium to unlock exports",
    );
    expect(quotaDepletedMessage("API calls", "  ")).toBe("API calls quota depleted.");
  });

  it("running low", () => {
    expect(quotaLowMessage(3, "views")).toBe("Only 3 views remaining");
    expect(quotaLowMessage(1, "API calls")).toBe("Only 1 API call remaining");
    expect(quotaLowMessage(1, "views")).toBe("Only 1 view remaining");
    expect(quotaLowMessage(2000, "AI requests")).toBe("Only 2,000 AI requests remaining");
  });

  it("exceeded overlay", () => {
    expect(QUOTA_EXCEEDED).toBe("Quota Exceeded");
  });

  it("indicator and tooltip", () => {
    expect(quotaIndicatorText(7, 10, "views")).toBe("7/10 views");
    expect(quotaIndicatorText(0, 1000, "exports")).toBe("0/1000 exports");
    expect(quotaIndicatorText(42, -1, "views")).toBe("42/999999 views");
    expect(quotaTooltip(7, "views")).toBe("7 views remaining this month");
    expect(quotaTooltip(50, "AI requests")).toBe("50 AI requests remaining this month");
    expect(quotaTooltip(1, "views")).toBe("1 view remaining this month");
    expect(quotaIndicatorText(1, 1, "exports")).toBe("1/1 export");
  });
});
