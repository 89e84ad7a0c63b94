import { describe, expect, it } from "vitest";
import { ACCESS_LEVELS, canSee, higherLevel, normalizeLevel, TIER_RANK } from "./tiers.ts";

describe("tiers (spec 01 §4 and §6)", () => {
  it("orders public < subscriber < premium with ranks 1, 2, 3", () => {
    expect(ACCESS_LEVELS).toEqual(["public", "subscriber", "premium"]);
    expect(TIER_RANK).toEqual({ public: 1, subscriber: 2, premium: 3 });
  });

  it("normalises known levels in any case and spacing", () => {
    expect(normalizeLevel("premium")).toBe("premium");
    expect(normalizeLevel(" Subscriber ")).toBe("subscriber");
    expect(normalizeLevel("PREMIUM")).toBe("premium");
  });

  it.each([undefined, null, "", "gold", "pro", "enterprise", 3, {}, ["premium"]])("falls back to public for %j", (value) => {
    expect(normalizeLevel(value)).toBe("public");
  });

  it("lets a viewer see what their tier or a lower one requires, and nothing above", () => {
    const expected: Record<string, boolean> = {
      "public/public": true,
      "public/subscriber": false,
      "public/premium": false,
      "subscriber/public": true,
      "subscriber/subscriber": true,
      "subscriber/premium": false,
      "premium/public": true,
      "premium/subscriber": true,
      "premium/premium": true,
    };
    for (const viewer of ACCESS_LEVELS) {
      for (const required of ACCESS_LEVELS) expect(canSee(viewer, required)).toBe(expected[`${viewer}/${required}`]);
    }
  });

  it("picks the higher of two levels", () => {
    expect(higherLevel("public", "premium")).toBe("premium");
    expect(higherLevel("premium", "subscriber")).toBe("premium");
    expect(higherLevel("subscriber", "public")).toBe("subscriber");
    expect(higherLevel("public", "public")).toBe("public");
  });
});
