/**
 * The description index (issue 33, decision 0096): its compressed lists and bitsets answer every lexeme and prefix
 * as a plain list of each listing's lexemes would, however the listings were read, and after descriptions changed,
 * came or went it answers exactly as an index built afresh, before and after the merge.
 */
import { describe, expect, it } from "vitest";
import { Random } from "#demo/random.ts";
import { setPositions, type Bitset } from "./bitset.ts";
import { DescriptionIndexBuilder } from "./description-index-builder.ts";
import { DescriptionSearch } from "./description-search.ts";
import { runAtOnce } from "./sliced-steps.ts";
import { COMPACT_AT } from "./changed-slots.ts";
import { descriptionQueryOf, lexemesOf } from "./tsvector-text.ts";

const VOCABULARY = [
  ..."pay payment payrol paybridg fin financ fintech invest investor build builder cross cross-bord 2022 135m b2b web3 über café naïv o'neil a\\b x xy".split(
    " ",
  ),
  ...Array.from({ length: 300 }, (_, i) => `w${i.toString(36)}`),
];

/** Each listing's lexemes: a few words, "fin" on most (a bitset), the numbered words rare. */
function lexemesFor(rng: Random): string[] {
  const out = new Set(rng.sample(VOCABULARY, rng.int(0, 12)));
  if (rng.chance(0.6)) out.add("fin");
  return [...out];
}

const positions = (set: Bitset) => setPositions(set, 0, set.length * 32);

/** What a plain scan of each slot's lexemes finds. */
function scanned(listings: ReadonlyArray<[number, readonly string[]]>, lexeme: string, prefix: boolean): number[] {
  return listings.flatMap(([slot, lexemes]) =>
    lexemes.some((term) => (prefix ? term.startsWith(lexeme) : term === lexeme)) ? [slot] : [],
  );
}

/** The listings of `slots`, by slot. */
const present = (slots: ReadonlyArray<readonly string[] | null>) =>
  slots.flatMap((lexemes, slot) => (lexemes ? [[slot, lexemes] as [number, readonly string[]]] : []));

/** Every lexeme, whole and as prefixes of one to four letters, and some found nowhere. */
const LOOKUPS = [...new Set(VOCABULARY.flatMap((word) => [1, 2, 3, 4, word.length].map((n) => word.slice(0, n)))), "zz", "wzz", ""];

function differences(index: DescriptionSearch, slots: ReadonlyArray<readonly string[] | null>): string[] {
  const out: string[] = [];
  const listings = present(slots);
  for (const lexeme of LOOKUPS)
    for (const prefix of [true, false])
      if (JSON.stringify(positions(index.matching(lexeme, prefix))) !== JSON.stringify(scanned(listings, lexeme, prefix)))
        out.push(`${lexeme}${prefix ? ":*" : ""}`);
  return out;
}

describe("the description index", () => {
  it("answers every lexeme and prefix as a scan would, on listings read in any order, far apart and close", () => {
    const rng = new Random(2);
    // Slots far apart: distances of one to three bytes (a common lexeme's bitset is in the next test).
    const capacity = 600_000;
    const slots: Array<string[] | null> = Array.from({ length: capacity }, () => null);
    for (const slot of [...rng.distinctIndexes(capacity, 3_000), 0, capacity - 1]) slots[slot] = lexemesFor(rng);
    const read = slots.flatMap((lexemes, slot) => (lexemes ? [[slot, lexemes] as [number, string[]]] : []));
    const index = DescriptionSearch.of(rng.sample(read, read.length), capacity);
    expect(differences(index, slots)).toEqual([]);
    expect(positions(index.matching("fin", false)).length).toBeGreaterThan(1_500);
  });

  it("answers after descriptions changed, came and went as an index built afresh, before and after the merge", async () => {
    const rng = new Random(5);
    const capacity = 3_000;
    const slots: Array<string[] | null> = Array.from({ length: capacity }, (_, slot) => (slot < 2_500 ? lexemesFor(rng) : null));
    // A lexeme only the built index has, whose listings change (its list is written back without them).
    for (let slot = 0; slot < 10; slot++) slots[slot] = [...slots[slot]!, "solitaire"];
    const index = DescriptionSearch.of(
      slots.flatMap((lexemes, slot) => (lexemes ? [[slot, lexemes] as [number, string[]]] : [])),
      capacity,
    );
    for (let k = 0; k < 600; k++) {
      const slot = rng.int(0, capacity);
      slots[slot] = rng.chance(0.3) ? null : [...lexemesFor(rng), "quokka"];
      index.update(slot, slots[slot]);
    }
    for (let slot = 0; slot < 5; slot++) index.update(slot, (slots[slot] = ["other"]));
    expect(index.changed).toBeGreaterThan(400);
    const fresh = DescriptionSearch.of(
      slots.flatMap((lexemes, slot) => (lexemes ? [[slot, lexemes] as [number, string[]]] : [])),
      capacity,
    );
    expect(differences(index, slots)).toEqual([]);
    expect(differences(fresh, slots)).toEqual([]);
    expect(positions(index.matching("fin", false)).length).toBeGreaterThan(188); // on more than 1 in 16: a bitset
    expect(positions(index.matching("quokka", false)).length).toBeGreaterThan(300);
    await index.compact();
    expect(index.changed).toBe(0);
    expect(differences(index, slots)).toEqual([]);
    const solitaire = scanned(present(slots), "solitaire", false);
    expect(solitaire.length).toBeGreaterThan(0);
    expect(solitaire.every((slot) => slot >= 5)).toBe(true);
    expect(positions(index.matching("solitaire", false))).toEqual(solitaire);
  });

  it("merges on its own past COMPACT_AT changes and keeps the changes made while it merges", async () => {
    const rng = new Random(6);
    const capacity = 4_000;
    const slots: Array<string[] | null> = Array.from({ length: capacity }, () => lexemesFor(rng));
    const index = DescriptionSearch.of(
      slots.map((lexemes, slot) => [slot, lexemes!] as [number, string[]]),
      capacity,
    );
    for (let slot = 0; index.changed < COMPACT_AT; slot++) index.update(slot, (slots[slot] = lexemesFor(rng)));
    for (let slot = 3_000; slot < 3_020; slot++) index.update(slot, (slots[slot] = ["wombat"]));
    await index.compact();
    expect(index.changed).toBe(20);
    expect(differences(index, slots)).toEqual([]);
    expect(positions(index.matching("wombat", true))).toEqual(Array.from({ length: 20 }, (_, k) => 3_000 + k));
  });

  it("refuses a slot outside its capacity", () => {
    expect(() => DescriptionSearch.of([], 2).update(2, null)).toThrow(/slot 2 outside a capacity of 2/);
  });
});

describe("PostgreSQL's text forms", () => {
  it("reads a tsvector's lexemes, quotes and backslashes included", () => {
    expect(lexemesOf("'2022' 'cross-bord' 'o''neil' 'a\\\\b' 'über'")).toEqual(["2022", "cross-bord", "o'neil", "a\\b", "über"]);
    expect(lexemesOf("'pay':1,3A 'ment':2")).toEqual(["pay", "ment"]);
    expect(lexemesOf("")).toEqual([]);
  });

  it("indexes a tsvector's text form as its lexemes, quotes and backslashes included", () => {
    const text = "'2022' 'cross-bord' 'o''neil' 'a\\\\b' 'über' 'zeta'";
    const builder = new DescriptionIndexBuilder(4);
    builder.addText(3, text);
    builder.addText(1, "'über'");
    const index = new DescriptionSearch(runAtOnce(builder.build()));
    for (const lexeme of lexemesOf(text))
      expect(positions(index.matching(lexeme, false)), lexeme).toEqual(lexeme === "über" ? [1, 3] : [3]);
    expect(positions(index.matching("o'", true))).toEqual([3]);
    expect(positions(index.matching("zeta", true))).toEqual([3]);
  });

  it("reads what to_tsquery makes of a word: one lexeme, nothing (a stop word), or something to ask the database", () => {
    expect(descriptionQueryOf("'payment':*")).toEqual({ kind: "lexeme", lexeme: "payment", prefix: true });
    expect(descriptionQueryOf("'o''neil':*")).toEqual({ kind: "lexeme", lexeme: "o'neil", prefix: true });
    expect(descriptionQueryOf("")).toEqual({ kind: "none" });
    expect(descriptionQueryOf("'ok':* <-> 'ok':*")).toEqual({ kind: "database", text: "'ok':* <-> 'ok':*" });
  });
});
