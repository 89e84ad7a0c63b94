/**
 * The name generator's vocabulary keeps names apart the way the duplicate matcher compares them, and the generator
 * itself never repeats a name or mixes a bare brand with the same brand plus an ending.
 */
import { describe, expect, it } from "vitest";
import { BRANCH_WORDS, nameKey } from "~/features/duplicates/matching/name-key.ts";
import { INVESTOR_KINDS, PARTNER_KINDS } from "./firm-facts.ts";
import { COMPOUND_HEADS, GENERIC_STARTUP_ENDINGS, NameMaker, ROOT_WORDS, squash } from "./company-names.ts";
import { LANDMARK_BRANDS, LANDMARKS } from "./landmark-listings.ts";
import { Random } from "./random.ts";
import { SECTORS } from "./sector-words.ts";

const ENDINGS = [
  ...new Set([
    ...[...SECTORS.values()].flatMap((s) => s.suffixes),
    ...GENERIC_STARTUP_ENDINGS,
    ...INVESTOR_KINDS.flatMap((k) => k.suffixes),
    ...PARTNER_KINDS.flatMap((k) => k.suffixes),
  ]),
];
const tokens = (text: string) => text.toLowerCase().split(" ");

describe("endings", () => {
  it("are never legal forms, stopwords, branch words or numbers, so the matcher keeps every word of them", () => {
    for (const ending of ENDINGS) {
      const key = nameKey(`Kelvaro ${ending}`);
      expect(key.key, ending).toBe(`kelvaro ${ending.toLowerCase()}`);
      expect(key.branches).toEqual([]);
      expect(key.numbers).toEqual([]);
    }
  });

  it("never hold all the words of another ending, so no name contains another name", () => {
    for (const a of ENDINGS)
      for (const b of ENDINGS)
        if (a !== b)
          expect(
            tokens(a).every((w) => tokens(b).includes(w)),
            `${a} inside ${b}`,
          ).toBe(false);
  });

  it("are not brands themselves", () => {
    const endings = new Set(ENDINGS.map(squash));
    // Compound heads never stand alone ("Wind" only as "Windmere"), so only whole brands count.
    for (const brand of [...ROOT_WORDS, ...LANDMARK_BRANDS]) expect(endings.has(squash(brand)), brand).toBe(false);
  });
});

describe("NameMaker", () => {
  it("makes 200,000 different names without numbers, never using a brand both alone and with an ending", () => {
    const maker = new NameMaker(new Random(1), LANDMARK_BRANDS);
    for (const landmark of LANDMARKS) maker.claim(landmark.name);
    const endingSets = [...[...SECTORS.values()].map((s) => s.suffixes), ...INVESTOR_KINDS.map((k) => k.suffixes)];
    const names = Array.from({ length: 200_000 }, (_, i) => maker.make(endingSets[i % endingSets.length]!, 0.2));
    const keys = new Set([...LANDMARKS.map((l) => l.name), ...names].map(squash));
    expect(keys.size).toBe(LANDMARKS.length + names.length);
    expect(names.filter((name) => /\d/.test(name))).toEqual([]);
    const brands = names.map((name) => name.split(" ")[0]!);
    expect(brands.filter((brand) => LANDMARK_BRANDS.includes(brand))).toEqual([]);
    const alone = new Set(names.filter((name) => !name.includes(" ")));
    expect(brands.filter((brand, i) => names[i] !== brand && alone.has(brand))).toEqual([]);
  });

  it("keeps long brands that start alike apart when they would carry the same ending, in a small directory", () => {
    const maker = new NameMaker(new Random(2));
    const seen = new Set<string>();
    for (let i = 0; i < 600; i++) {
      const name = maker.make(["Pay", "Health", "Grid"], 0.2);
      const [brand, ending = ""] = name.split(" ");
      if (brand!.length < 7) continue;
      const key = `${brand!.slice(0, 5).toLowerCase()}|${ending}`;
      expect(seen.has(key), name).toBe(false);
      seen.add(key);
    }
  });

  it("gives the same names for the same seed", () => {
    const names = (seed: number) => {
      const maker = new NameMaker(new Random(seed));
      return Array.from({ length: 50 }, () => maker.make(["Labs", "Pay"], 0.2));
    };
    expect(names(3)).toEqual(names(3));
    expect(names(3)).not.toEqual(names(4));
  });
});

describe("the branch words the matcher knows", () => {
  it("appear in no brand part", () => {
    for (const part of [...ROOT_WORDS, ...COMPOUND_HEADS]) expect(BRANCH_WORDS.has(part.toLowerCase()), part).toBe(false);
  });
});
