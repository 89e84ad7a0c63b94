import { describe, expect, it } from "vitest";
import { allowedTypos, typoDistance } from "./edit-distance.ts";
import { MAX_QUERY_WORDS, normalizeText, queryWordsOf, stem, wordsOf } from "./search-text.ts";

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

describe("queryWordsOf (decision 0082)", () => {
  const read = (search: string) => {
    const { words, terms } = queryWordsOf(search);
    return terms.map((alternatives) => alternatives.map((parts) => parts.map((i) => words[i]).join("+")).join(" | "));
  };

  it("reads a linked word as joined or as all its parts, whatever links it", () => {
    expect(read("milestone-based payments")).toEqual(["milestonebased | milestone+based", "payments"]);
    expect(read("B2B/SaaS node.js O'Neil")).toEqual(["b2bsaas | b2b+saas", "nodejs | node+js", "oneil | o+neil"]);
  });

  it("leaves stop words out unless nothing else is left", () => {
    expect(read("AI for construction")).toEqual(["ai", "construction"]);
    expect(read("the state-of-the-art in robotics")).toEqual(["stateoftheart | state+art", "robotics"]);
    expect(read("The And")).toEqual(["the", "and"]);
  });

  it("keeps each term once and at most MAX_QUERY_WORDS of them", () => {
    expect(read("pay Pay PAY")).toEqual(["pay"]);
    expect(read("a1 a2 a3 a4 a5 a6 a7 a8 a9 a10")).toHaveLength(MAX_QUERY_WORDS);
  });

  it("joins words linked by dots and slashes in indexed text too", () => {
    expect(wordsOf("Node.js and AI/ML")).toEqual(["node", "js", "and", "ai", "ml", "nodejs", "aiml"]);
  });
});
