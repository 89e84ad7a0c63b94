import { describe, expect, it } from "vitest";
import { addressParts, nounFor, plural, pluralOf, possessive } from "./wording.ts";

describe("pluralOf", () => {
  it.each([
    ["view", "views"],
    ["funding round", "funding rounds"],
    ["request", "requests"],
    ["AI request", "AI requests"],
    ["entry", "entries"],
    ["industry", "industries"],
    ["day", "days"],
    ["match", "matches"],
    ["box", "boxes"],
    ["address", "addresses"],
    ["wish", "wishes"],
    ["person", "people"],
    ["FAQ", "FAQs"],
    ["API call", "API calls"],
    ["log line", "log lines"],
    ["company", "companies"],
  ])("%s → %s", (singular, expected) => {
    expect(pluralOf(singular)).toBe(expected);
  });

  it("leaves a phrase that does not end in a word alone", () => {
    expect(pluralOf("")).toBe("");
    expect(pluralOf("3.5")).toBe("3.5");
  });
});

describe("plural", () => {
  it("agrees with the count: 0 and many are plural, 1 is singular", () => {
    expect(plural(0, "view")).toBe("0 views");
    expect(plural(1, "view")).toBe("1 view");
    expect(plural(2, "view")).toBe("2 views");
    expect(plural(1, "funding round")).toBe("1 funding round");
    expect(plural(1, "request")).toBe("1 request");
    expect(plural(-1, "day")).toBe("-1 days");
    expect(plural(1.5, "hour")).toBe("1.5 hours");
  });

  it("groups thousands", () => {
    expect(plural(1250, "listing")).toBe("1,250 listings");
  });

  it("takes an explicit plural when given", () => {
    expect(plural(2, "time", "times")).toBe("2 times");
    expect(plural(3, "cactus", "cacti")).toBe("3 cacti");
    expect(nounFor(1, "cactus", "cacti")).toBe("cactus");
  });
});

describe("possessive", () => {
  it.each([
    ["Nimbus AI", "Nimbus AI's"],
    ["Robotics", "Robotics'"],
    ["ACME LABS", "ACME LABS'"],
    ["Max", "Max's"],
    ["McDonald's", "McDonald's"],
    ["Acme Inc.", "Acme Inc.'s"],
    ["Nimbus  ", "Nimbus'"],
    ["", ""],
  ])("%j → %j", (name, expected) => {
    expect(possessive(name)).toBe(expected);
  });
});

describe("addressParts", () => {
  it("cuts after dots and before the @, and the parts join back to the address", () => {
    const address = "sam.subscriber@demo.introbase.test";
    expect(addressParts(address)).toEqual(["sam.", "subscriber", "@demo.", "introbase.", "test"]);
    expect(addressParts(address).join("")).toBe(address);
  });

  it("keeps an address without break points whole, and a trailing dot on its part", () => {
    expect(addressParts("root@localhost")).toEqual(["root", "@localhost"]);
    expect(addressParts("a.")).toEqual(["a."]);
    expect(addressParts("")).toEqual([]);
  });
});
