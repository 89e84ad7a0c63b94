/** The owners' rules as a pure verdict (decision 0116): what a requester is told, in which order, and the form's parse. */
import { describe, expect, it } from "vitest";
import {
  monthOf,
  OPEN_PREFERENCES,
  parsePreferences,
  refusalFor,
  type IntroPreferences,
  type RequesterFacts,
} from "./intro-preferences.ts";

const words = {
  listingName: "Acme",
  planName: (t: string) => ({ public: "Free", subscriber: "Pro", premium: "Premium" })[t]!,
  nextMonth: "1 Jul 2031",
};
const verdict = (prefs: Partial<IntroPreferences>, facts: Partial<RequesterFacts> = {}, used = 0) =>
  refusalFor({ ...OPEN_PREFERENCES, ...prefs }, { tier: "subscriber", listings: [], ...facts }, used, words);
const startup = { type: "startup" as const, industryIds: [3, 7], stageId: 2 };

describe("refusalFor", () => {
  it("takes everything with no preferences, and tells a pause first, then a full month, then the plans", () => {
    expect(verdict({})).toBeNull();
    expect(verdict({ paused: true, monthlyCap: 1, tiers: ["premium"] }, {}, 5)?.reason).toBe("paused");
    expect(verdict({ monthlyCap: 1, tiers: ["premium"] }, {}, 1)).toEqual({
      reason: "cap_reached",
      message: "Acme has received all the introduction requests it takes this month. You can ask again from 1 Jul 2031.",
    });
    expect(verdict({ monthlyCap: 2 }, {}, 1)).toBeNull();
    expect(verdict({ tiers: ["public", "premium"] })).toEqual({
      reason: "tier",
      message: "Acme takes introduction requests from members on the Free or Premium plan.",
    });
  });

  it("matches one listing the requester keeps against every restriction at once; a listing without a stage does not fit a stage", () => {
    expect(verdict({ listingTypes: ["startup"], industryIds: [7], stageIds: [2] }, { listings: [startup] })).toBeNull();
    expect(verdict({ industryIds: [9] }, { listings: [startup] })?.reason).toBe("listing_kind");
    expect(verdict({ stageIds: [2] }, { listings: [{ ...startup, stageId: null }] })?.reason).toBe("listing_kind");
    expect(
      verdict(
        { listingTypes: ["investor"], industryIds: [3] },
        { listings: [startup, { type: "investor", industryIds: [1], stageId: null }] },
      )?.reason,
    ).toBe("listing_kind");
    expect(verdict({ industryIds: [9] })).toBeNull();
    expect(verdict({ industryIds: [9], allowUnknown: false })?.reason).toBe("unknown_listing");
  });

  it("never names an owner: the messages speak of the listing and what it takes", () => {
    const all = [
      verdict({ paused: true }),
      verdict({ monthlyCap: 1 }, {}, 1),
      verdict({ tiers: ["premium"] }),
      verdict({ industryIds: [1], allowUnknown: false }),
    ];
    for (const refusal of all) expect(refusal!.message).toMatch(/^Acme /);
  });
});

describe("parsePreferences", () => {
  const form = (entries: Array<[string, string]>) => {
    const data = new FormData();
    for (const [k, v] of entries) data.append(k, v);
    return data;
  };

  it("reads ticked boxes and an empty cap as no cap", () => {
    const parsed = parsePreferences(
      form([
        ["tiers", "premium"],
        ["listingTypes", "investor"],
        ["industryIds", "4"],
        ["paused", "on"],
        ["monthlyCap", ""],
      ]),
    );
    expect(parsed).toEqual({
      ok: true,
      data: {
        tiers: ["premium"],
        listingTypes: ["investor"],
        industryIds: [4],
        stageIds: [],
        allowUnknown: false,
        paused: true,
        monthlyCap: null,
      },
    });
  });

  it("refuses values off the lists and a cap that is not a whole number from 1 to 1,000, with a message per field", () => {
    const parsed = parsePreferences(
      form([
        ["tiers", "gold"],
        ["industryIds", "x"],
        ["monthlyCap", "0"],
      ]),
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toEqual({
      tiers: "Choose plans from the list.",
      industryIds: "Choose industries from the list.",
      monthlyCap: "Enter a number from 1 to 1,000, or leave it empty for no limit.",
    });
  });

  it("puts the cap's window on UTC month boundaries", () => {
    expect(monthOf(Date.parse("2031-12-31T23:59:59Z"))).toEqual({
      start: new Date("2031-12-01T00:00:00Z"),
      next: new Date("2032-01-01T00:00:00Z"),
    });
  });
});
