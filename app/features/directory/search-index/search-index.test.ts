import { describe, expect, it } from "vitest";
import { Random } from "#demo/random.ts";
import { setPositions, type Bitset } from "./bitset.ts";
import { PlainReader } from "./plain-reader.ts";
import { SearchIndex, SearchIndexBuilder, type SearchableListing } from "./search-index.ts";
import { typoDistance } from "./edit-distance.ts";
import { normalizeText, wordsOf } from "./search-text.ts";
import { countsApart, letterCounts, WordTable } from "./search-vocabulary.ts";

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

describe("the letter counts before the typo distance", () => {
  const counts = (word: string) => {
    const into = new Int32Array(2);
    letterCounts(word, into, 0);
    return into;
  };
  const apart = (a: string, b: string) => {
    const [x, y] = [counts(a), counts(b)];
    return countsApart(x[0]!, y[0]!) + countsApart(x[1]!, y[1]!);
  };

  it("adds up how far the counts of each letter are apart, counting no letter past 3", () => {
    expect(apart("kairo", "kario")).toBe(0);
    expect(apart("vanta", "vantas")).toBe(1);
    expect(apart("vanta", "banta")).toBe(2);
    expect(apart("aaaaa", "b")).toBe(4); // a: 3 (capped) against 0, b: 0 against 1
    expect(apart("", "abcdefghijklmnopqrstuvwxyz0123456789")).toBe(36); // digits share counts with p to y
  });

  it("keeps words within d typos at most 2d apart, less the difference in length, whatever the letters", () => {
    const rng = new Random(9);
    const letters = "aaeeioubcdst-9zéß";
    const wrong: string[] = [];
    for (let i = 0; i < 5_000; i++) {
      const word = Array.from({ length: rng.int(0, 12) }, () => rng.pick([...letters])).join("");
      let other = word;
      for (let typos = rng.int(1, 3); typos > 0; typos--) {
        const at = rng.int(0, other.length);
        const letter = rng.pick([...letters]);
        other = [
          other.slice(0, at) + letter + other.slice(at), // insertion
          other.slice(0, at) + other.slice(at + 1), // deletion
          other.slice(0, at) + letter + other.slice(at + 1), // substitution
          other.slice(0, at) + other.charAt(at + 1) + other.charAt(at) + other.slice(at + 2), // swap
        ][rng.int(0, 3)]!;
      }
      const distance = typoDistance(word, other, 3);
      const bound = 2 * distance - Math.abs(word.length - other.length);
      if (distance <= 3 && apart(word, other) > bound) wrong.push(`${word} ~ ${other}`);
    }
    expect(wrong).toEqual([]);
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

describe("PlainReader", () => {
  const reader = new PlainReader();

  it("finds the words and the normal form of ASCII text as wordsOf and normalizeText do", () => {
    const rng = new Random(5);
    const pieces = ["a", "b", "Z", "0", "7", "ab", " ", " ", "-", "'", "&", ".", ",", "_", "(", "\t", "--", "  "];
    const texts = ["E-commerce for B2B teams", "O'Neil & Sons", "a-b-c--d-e'f", "  Vanta   Pay ", "Kairo Flow", "-a-b-", "&", ""];
    for (let i = 0; i < 20_000; i++) texts.push(Array.from({ length: rng.int(0, 12) }, () => rng.pick(pieces)).join(""));
    const wrong = texts.filter((text) => {
      if (!reader.read(text)) return true;
      const words = reader.words();
      const expected = new Set(wordsOf(text));
      const sameWords = new Set(words).size === expected.size && words.every((word) => expected.has(word));
      // The normal form matters only where the text is already in it: otherwise normalizeText makes it.
      return !sameWords || (reader.normal && reader.lower !== normalizeText(text));
    });
    expect(wrong).toEqual([]);
    expect(texts.filter((text) => reader.read(text) && reader.normal).length).toBeGreaterThan(1_000);
  });

  it("leaves text outside ASCII to wordsOf", () => {
    expect(reader.read("Zürich Labs")).toBe(false);
    expect(reader.read("Kairo’s Flow")).toBe(false);
    expect([reader.read("Kairo Flow"), reader.normal, reader.lower]).toEqual([true, true, "kairo flow"]);
    expect([reader.read("Kairo  Flow"), reader.normal]).toEqual([true, false]);
  });
});

describe("WordTable", () => {
  it("gives each word one id, found in the middle of a text too, even for words of the same hash", () => {
    const table = new WordTable();
    // "qmvusnu" and "joffady" have the same FNV-1a hash.
    const ids = ["qmvusnu", "joffady", "qmvusnu"].map((word) => table.idOf(word));
    expect(ids).toEqual([0, 1, 0]);
    expect(table.idIn("x joffady y", 2, 9)).toBe(1);
    for (let i = 0; i < 5_000; i++) table.idOf(`word${i}`); // grows the table past a few rehashes
    expect([table.idOf("joffady"), table.idOf("word4999"), table.words.length]).toEqual([1, 5_001, 5_002]);
  });
});

describe("SearchIndexBuilder", () => {
  it("takes slots ascending, each once, within its capacity; a slot left out holds no listing", async () => {
    const builder = new SearchIndexBuilder(3);
    builder.add(1, "Vanta Pay", null, []);
    expect(() => builder.add(0, "Vanta Pay", null, [])).toThrow(/slot 0 added after 2 of 3/);
    expect(() => builder.add(1, "Vanta Pay", null, [])).toThrow(/slot 1 added after 2 of 3/);
    expect(() => builder.add(3, "Vanta Pay", null, [])).toThrow(/slot 3 added after 2 of 3/);
    const ranked = (await builder.finish()).rank("vanta pay");
    expect(ranked.exactName.length).toBe(1);
    expect(setPositions(ranked.exactName, 0, 10)).toEqual([1]);
  });

  it("makes the index of no listings", async () => {
    const ranked = (await new SearchIndexBuilder(0).finish()).rank("vanta pay");
    expect([ranked.exactName, ranked.namePrefix, ranked.cardText, ...ranked.perWord].map((set) => set.length)).toEqual([0, 0, 0, 0, 0]);
  });
});

describe("words however they are typed (decision 0082)", () => {
  const more = SearchIndex.of([
    { name: "Brickwise", tagline: "Milestone-based payments for builders", industries: [] },
    { name: "Vraxo Site", tagline: "AI cameras that watch sites", industries: ["Construction"] },
    { name: "Stackly", tagline: "Node.js hosting", industries: [] },
  ]);
  const found = (search: string) => setPositions(more.rank(search).cardText, 0, 10);

  it("finds a hyphenated phrase typed with or without its hyphen, and the plain phrase typed with one", () => {
    expect(found("milestone-based payments")).toEqual([0]);
    expect(found("milestone based payments")).toEqual([0]);
    expect(found("milestonebased")).toEqual([0]);
    expect(found("node js")).toEqual([2]);
    expect(found("nodejs")).toEqual([2]);
  });

  it("lets no stop word decide a match", () => {
    expect(found("AI for construction")).toEqual([1]);
  });

  it("respells a word beyond the typos a search allows", () => {
    expect(more.respell("brixwize")).toBe("brickwise");
    expect(more.respell("qqqqqqq")).toBeNull();
  });
});
