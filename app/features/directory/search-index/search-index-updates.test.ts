/**
 * The card-text search follows changes per listing (issue 33, decision 0096): after renames, new taglines, new
 * listings in free slots and listings gone, every relevance class answers exactly what an index built afresh from
 * the listings as they are now answers, before and after the changed listings are merged into the built index, and
 * while a merge runs.
 */
import { describe, expect, it } from "vitest";
import { Random } from "#demo/random.ts";
import { setPositions, type Bitset } from "./bitset.ts";
import { COMPACT_AT, SearchIndex, SearchIndexBuilder, type RankedClasses, type SearchableListing } from "./search-index.ts";
import { awkwardListings, demoListings, queriesFor } from "./search-index-listings.test-support.ts";

/** An index built afresh from what each slot holds now (null: nothing). */
function builtAfresh(slots: ReadonlyArray<SearchableListing | null>): SearchIndex {
  const builder = new SearchIndexBuilder(slots.length);
  slots.forEach((listing, slot) => {
    if (listing) builder.add(slot, listing.name, listing.tagline, listing.industries);
  });
  return builder.finishAtOnce();
}

const SETS = ["exactName", "namePrefix", "nameWords", "nameTypos", "cardText"] as const;
const positions = (set: Bitset) => setPositions(set, 0, set.length * 32);

/** The queries and classes where the updated index answers otherwise than the one built afresh. */
function differences(queries: readonly string[], updated: SearchIndex, fresh: SearchIndex): string[] {
  const out: string[] = [];
  const same = (a: Bitset[], b: Bitset[]) => JSON.stringify(a.map(positions)) === JSON.stringify(b.map(positions));
  for (const query of queries) {
    const a: RankedClasses = updated.rank(query);
    const b: RankedClasses = fresh.rank(query);
    for (const key of SETS) if (!same([a[key]], [b[key]])) out.push(`${query}: ${key}`);
    if (!same(a.perWord, b.perWord)) out.push(`${query}: perWord`);
    if (!same(a.inName, b.inName)) out.push(`${query}: inName`);
    for (const word of a.words) if (updated.respell(word) !== fresh.respell(word)) out.push(`${query}: respell ${word}`);
  }
  return out;
}

/** `count` random changes to `slots` (renames, new text, removals, new listings in free slots), each also made to `index`. */
function change(
  index: SearchIndex,
  slots: Array<SearchableListing | null>,
  others: SearchableListing[],
  rng: Random,
  count: number,
): string[] {
  const typed: string[] = [];
  for (let k = 0; k < count; k++) {
    const taken = slots.flatMap((listing, slot) => (listing ? [slot] : []));
    const free = slots.flatMap((listing, slot) => (listing ? [] : [slot]));
    const roll = rng.next();
    const other = rng.pick(others);
    let slot: number;
    let now: SearchableListing | null;
    if (roll < 0.35) {
      slot = rng.pick(taken);
      typed.push(slots[slot]!.name); // the old name: found no more
      now = { ...slots[slot]!, name: other.name };
    } else if (roll < 0.55) {
      slot = rng.pick(taken);
      now = { ...slots[slot]!, tagline: other.tagline, industries: other.industries };
    } else if (roll < 0.75) {
      slot = rng.pick(taken);
      typed.push(slots[slot]!.name);
      now = null;
    } else {
      slot = rng.pick(free);
      now = other;
    }
    slots[slot] = now;
    index.update(slot, now);
    if (now) typed.push(now.name);
  }
  return typed;
}

describe("SearchIndex.update", () => {
  it.each([
    ["awkward text", () => awkwardListings(1_000, new Random(3)), () => awkwardListings(400, new Random(4))],
    ["demo listings", () => demoListings(800), () => demoListings(1_200).slice(800)],
  ])("answers on %s as an index built afresh, before and after the merge", async (_, make, more) => {
    const rng = new Random(21);
    const listings = make();
    const slots: Array<SearchableListing | null> = [...listings, ...Array.from({ length: 300 }, () => null)];
    const index = SearchIndex.of(listings, slots.length);
    const typed = change(index, slots, more(), rng, 400);
    const queries = [...queriesFor(listings, new Random(11)).slice(0, 300), ...typed];
    expect(index.changed).toBeGreaterThan(300);
    const fresh = builtAfresh(slots);
    expect(differences(queries, index, fresh)).toEqual([]);
    await index.compact();
    expect(index.changed).toBe(0);
    expect(differences(queries, index, fresh)).toEqual([]);
    // Not vacuous: the changed listings are found by their new names, and no more by the old ones.
    const renamed = slots.find((listing, slot) => listing && listing.name !== listings[slot]?.name)!;
    expect(positions(index.rank(renamed.name).exactName).map((slot) => slots[slot]!.name)).toContain(renamed.name);
  });

  it("merges on its own past COMPACT_AT changes and keeps the changes made while it merges", async () => {
    const rng = new Random(8);
    const listings = awkwardListings(1_200, new Random(9));
    const slots: Array<SearchableListing | null> = [...listings, ...Array.from({ length: 500 }, () => null)];
    const index = SearchIndex.of(listings, slots.length);
    const others = awkwardListings(500, new Random(10));
    const typed: string[] = [];
    while (index.changed < COMPACT_AT) typed.push(...change(index, slots, others, rng, 1));
    // The merge has started; these come while it runs.
    typed.push(...change(index, slots, [{ name: "Quokka Quarry", tagline: "Wombat logistics", industries: ["Mining"] }], rng, 40));
    expect(index.changed).toBeGreaterThan(COMPACT_AT);
    await index.compact();
    expect(index.changed).toBeLessThanOrEqual(40);
    expect(index.changed).toBeGreaterThan(0);
    const fresh = builtAfresh(slots);
    expect(differences([...typed, "quokka", "wombat", "mining", "zurich pay", "vanta"], index, fresh)).toEqual([]);
    await index.compact();
    expect(index.changed).toBe(0);
    expect(differences([...typed, "quokka", "wombat"], index, fresh)).toEqual([]);
  });

  it("refuses a slot outside its capacity", () => {
    const index = SearchIndex.of([{ name: "Vanta Pay", tagline: null, industries: [] }], 2);
    expect(() => index.update(2, null)).toThrow(/slot 2 outside a capacity of 2/);
    index.update(1, { name: "Kairo Flow", tagline: null, industries: [] });
    expect(positions(index.rank("kairo flow").exactName)).toEqual([1]);
  });
});
