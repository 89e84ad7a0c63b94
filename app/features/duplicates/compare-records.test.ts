import { describe, expect, it } from "vitest";
import { linkedRowsText, showValue } from "./compare-records.ts";

describe("showValue", () => {
  it("formats timestamps and calendar dates as the site does, and marks nothing with a dash", () => {
    expect(showValue("2025-01-03T09:30:00.000Z")).toBe("3 Jan 2025, 09:30 UTC");
    expect(showValue("2024-06-30")).toBe("30 Jun 2024");
    expect(showValue(null)).toBe("—");
    expect(showValue("")).toBe("—");
    expect(showValue(2019)).toBe("2019");
    expect(showValue("Acme 2024-06-30")).toBe("Acme 2024-06-30");
  });
});

describe("linkedRowsText", () => {
  it("names and counts each kind of linked row, singular for one", () => {
    expect(linkedRowsText({ "team_members.listing_id": 3, "funding_rounds.listing_id": 1, "intro_requests.listing_id": 1 })).toBe(
      "3 team members, 1 funding round, 1 introduction request",
    );
    expect(linkedRowsText({ "faqs.listing_id": 2, "investor_relationships.investor_id": 1 })).toBe("2 FAQs, 1 portfolio company");
    expect(linkedRowsText({ "new_things.listing_id": 2 })).toBe("2 new things rows");
    expect(linkedRowsText({})).toBe("none");
  });
});
