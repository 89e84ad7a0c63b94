import { describe, expect, it } from "vitest";
import { FOLLOW_CAP, followCap, followCapMessage } from "./follow-limits.ts";

describe("follow caps", () => {
  it("grow with the tier, and an unknown tier gets the free cap", () => {
    expect(FOLLOW_CAP.public).toBeLessThan(FOLLOW_CAP.subscriber);
    expect(FOLLOW_CAP.subscriber).toBeLessThan(FOLLOW_CAP.premium);
    expect(followCap("Premium ")).toBe(FOLLOW_CAP.premium);
    expect(followCap("gold")).toBe(FOLLOW_CAP.public);
  });

  it("say the cap, and offer an upgrade only below the top tier", () => {
    expect(followCapMessage("public")).toBe(
      "You follow 5 listings, the most your plan allows. Unfollow one, or upgrade your plan to follow more.",
    );
    expect(followCapMessage("premium")).toBe("You follow 500 listings, the most your plan allows. Unfollow one to follow another.");
  });
});
