import { describe, expect, it } from "vitest";
import { allowedTypos, typoDistance } from "./edit-distance.ts";
import { normalizeText, stem, wordsOf } from "./search-text.ts";

describe("normalizeText", () => {
  it.each([
    ["Vanta Pay", "vanta pay"],
    ["  Zürich  Labs ", "zurich labs"],
    ["Aerospace & Defense", "aerospace and defense"],
    ["vanta-pay!!", "vanta pay"],
    ["Café  Crème", "cafe creme"],
    ["", ""],
  ])("%j → %j", (input, expected) => {
    expect(normalizeText(input)).toBe(expected);
  });
});

describe("wordsOf", () => {
  it("splits on anything not a letter or digit and adds hyphenated words joined", () => {
    expect(wordsOf("E-commerce for B2B teams")).toEqual(["e", "commerce", "for", "b2b", "teams", "ecommerce"]);
    expect(wordsOf("   ")).toEqual([]);
  });
});

describe("stem", () => {
  it.each([
    ["payments", "payment"],
    ["payment", "payment"],
    ["companies", "compani"],
    ["company", "compani"],
    ["investors", "investor"],
    ["investing", "invest"],
    ["invested", "invest"],
    ["planning", "plan"],
    ["business", "business"],
    ["analysis", "analysis"],
    ["pay", "pay"],
    ["b2b", "b2b"],
  ])("%s → %s", (word, expected) => {
    expect(stem(word)).toBe(expected);
  });

  it("gives a word and its plural the same stem", () => {
    for (const [one, many] of [
      ["robot", "robots"],
      ["battery", "batteries"],
      ["process", "processes"],
      ["fund", "funds"],
    ])
      expect(stem(one!)).toBe(stem(many!));
  });
});

describe("typoDistance", () => {
  it.each([
    ["kario", "kairo", 1],
    ["nimbsu", "nimbus", 1],
    ["vanta", "vanta", 0],
    ["vanta", "vnta", 1],
    ["vanta", "vantas", 1],
    ["vanta", "banta", 1],
    ["fintech", "fintcehh", 2],
  ])("%s ~ %s is %d", (a, b, d) => {
    expect(typoDistance(a, b, 2)).toBe(d);
  });

  it("stops at the bound", () => {
    expect(typoDistance("abcdef", "uvwxyz", 1)).toBe(2);
    expect(typoDistance("short", "a much longer word", 2)).toBe(3);
  });

  it("allows no typo under four letters, one up to seven, two from eight", () => {
    expect([allowedTypos("pay"), allowedTypos("kario"), allowedTypos("quantumx")]).toEqual([0, 1, 2]);
  });
});
