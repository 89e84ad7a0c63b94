import { describe, expect, it } from "vitest";
import { setPositions, type Bitset } from "./bitset.ts";
import { SearchIndex, type SearchableListing } from "./search-index.ts";

const listings: SearchableListing[] = [
  { name: "Vanta Foods", tagline: "Fresh meals for offices", industries: ["Retail"] },
  { name: "Vanta Grid", tagline: "Battery storage for utilities", industries: ["Energy"] },
  { name: "Vanta Pay", tagline: "Payments for marketplaces", industries: ["FinTech"] },
  { name: "Kairo Flow", tagline: "Travel booking for teams", industries: ["Travel"] },
  { name: "Ledgerline", tagline: "A payment ledger for finance teams", industries: ["FinTech", "E-commerce"] },
  { name: "Paybridge Vanta", tagline: null, industries: [] },
];
const index = SearchIndex.of(listings);
const names = (set: Bitset) => setPositions(set, 0, 100).map((p) => listings[p]!.name);

describe("SearchIndex.rank", () => {
  it("finds the exact name, whatever the case and punctuation", () => {
    expect(names(index.rank("vanta pay").exactName)).toEqual(["Vanta Pay"]);
    expect(names(index.rank("  VANTA-pay ").exactName)).toEqual(["Vanta Pay"]);
  });

  it("finds names starting with the query", () => {
    expect(names(index.rank("vanta").namePrefix)).toEqual(["Vanta Foods", "Vanta Grid", "Vanta Pay"]);
    expect(names(index.rank("vanta p").namePrefix)).toEqual(["Vanta Pay"]);
  });

  it("finds names holding every word, in any order, the words as prefixes", () => {
    expect(names(index.rank("pay vanta").nameWords)).toEqual(["Vanta Pay", "Paybridge Vanta"]);
  });

  it("forgives typos in names", () => {
    const ranked = index.rank("kario");
    expect(names(ranked.nameWords)).toEqual([]);
    expect(names(ranked.nameTypos)).toEqual(["Kairo Flow"]);
    expect(names(index.rank("vnata pya").nameTypos)).toEqual([]); // "pya" is too short to carry a typo
  });

  it("matches word forms and industries in the card text", () => {
    expect(names(index.rank("payments").cardText)).toEqual(["Vanta Pay", "Ledgerline"]);
    expect(names(index.rank("fintech").cardText)).toEqual(["Vanta Pay", "Ledgerline"]);
    expect(names(index.rank("ecommerce").cardText)).toEqual(["Ledgerline"]);
  });

  it("needs every word somewhere in the card", () => {
    expect(names(index.rank("vanta battery").cardText)).toEqual(["Vanta Grid"]);
    expect(names(index.rank("vanta travel").cardText)).toEqual([]);
  });

  it("matches nothing for a query without words, and a one-letter word only as a whole word", () => {
    expect(names(index.rank("!!!").cardText)).toEqual([]);
    expect(names(index.rank("v").cardText)).toEqual([]);
  });
});

describe("the letter filter before the typo distance", () => {
  // The filter skips a word when its letters differ too much; it must never skip one within the typos allowed.
  const word = "meridiana"; // 9 letters: two typos allowed
  const variants = [
    "meridianaa", // insertion
    "meridana", // deletion
    "meridiano", // substitution
    "emridiana", // swap
    "mreidiaxa", // swap and substitution
    "meridianxyz".slice(0, 10), // two insertions of new letters
    "qeridianz", // two substitutions by new letters
  ];
  const typoIndex = SearchIndex.of(variants.map((name) => ({ name, tagline: null, industries: [] })));

  it("keeps every name within two typos of a 9-letter word", () => {
    expect(setPositions(typoIndex.rank(word).nameTypos, 0, 100).map((p) => variants[p])).toEqual(variants);
  });
});
