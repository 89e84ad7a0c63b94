/**
 * The text search in memory against the database (issue 33, decision 0096): the description index answers every
 * word exactly as `terms @@ to_tsquery('english', 'word:*')` does, and after applyTextChanges (the change step's
 * call) a renamed, rewritten, new or removed listing is found exactly as an index built afresh finds it, by name and
 * by description, while a locked listing's description still never admits it for a visitor (decision 0030).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Random } from "#demo/random.ts";
import { seedListings } from "#demo/seed-database.ts";
import { announceChange } from "~/lib/change-feed.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { getFieldRules } from "../../access/field-rules.server.ts";
import { fullBitset, setPositions, type Bitset } from "./bitset.ts";
import { databaseMatches, descriptionQuery } from "./description-index.server.ts";
import type { DirectoryIndex } from "./directory-index.ts";
import { getDirectoryIndex } from "./directory-index.server.ts";
import { searchText } from "../server/text-search.server.ts";
import { applyTextChanges, descriptionMatches, textIndexBytes, warmDescriptionIndex, type CardRow } from "./text-indexes.server.ts";

let database: Database;

/** Descriptions that stress PostgreSQL's parser and stemmer: punctuation, accents, numbers, stop words, addresses. */
const AWKWARD = [
  "O'Neil's cross-border payments for B2B/SaaS teams, über-fast and naïve about café culture.",
  "Web3 rails since 2022: 135m raised, 3D printing, e-mail hello@example.com, see https://nimbus.io/pay.",
  "The the and of: investing investors invested, companies company's; C++ and node.js at 10.5% APR.",
  "Zürich Straße Łódź São Paulo — ørsted crème brûlée ok_ok foo_bar 1st 2nd v2.0.1",
];

async function insertListing(name: string, description: string, visibility = "public"): Promise<string> {
  const [row] = await database.rows<{ id: string }>(sql`
    INSERT INTO listings (type, name, slug, description, processing_status, visibility)
    VALUES ('startup', ${name}, ${name.toLowerCase().replace(/\W+/g, "-")}, ${description}, 'published', ${visibility})
    RETURNING id`);
  return row!.id;
}

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 80);
  for (const [i, description] of AWKWARD.entries()) await insertListing(`Awkward Words ${i}`, description);
  await insertListing("Sealed Vault Co", "Only members read this: zebraquill ledgers.", "premium");
  await announceChange(database, "listings");
});

afterAll(async () => {
  await database?.close();
});

const slotsOf = (set: Bitset) => setPositions(set, 0, set.length * 32);

describe("the description index", () => {
  it("answers every word as the database's full-text query does", async () => {
    const index = await getDirectoryIndex(database);
    const capacity = index.search.capacity;
    await warmDescriptionIndex(database, index);
    const lexemes = (
      await database.rows<{ lexeme: string }>(
        sql`SELECT DISTINCT unnest(tsvector_to_array(terms)) AS lexeme FROM listing_description_terms`,
      )
    ).map((row) => row.lexeme);
    const typed = AWKWARD.join(" ")
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
    const rng = new Random(4);
    const words = [
      ...new Set([
        ...typed,
        ...rng.sample(lexemes, 150).flatMap((lexeme) => [lexeme, lexeme.slice(0, 1), lexeme.slice(0, 3)]),
        "payments",
        "the",
        "for",
        "zzqxv",
        "ok_ok",
      ]),
    ];
    let fromMemory = 0;
    const differences: string[] = [];
    for (const word of words) {
      if ((await descriptionQuery(database, word)).kind === "lexeme") fromMemory++;
      const expected = (await databaseMatches(database, word)).map((id) => index.slotOf(id)!).sort((a, b) => a - b);
      const actual = slotsOf(await descriptionMatches(database, index, word, capacity));
      if (JSON.stringify(actual) !== JSON.stringify(expected)) differences.push(word);
    }
    expect(differences).toEqual([]);
    // Answered from memory, not by asking the database again: all but stop words (nothing to find) and a word the
    // parser splits into a phrase.
    expect(fromMemory).toBeGreaterThan(words.length * 0.9);
    expect((await descriptionQuery(database, "the")).kind).toBe("none");
    expect((await descriptionQuery(database, "ok_ok")).kind).toBe("database");
    // Both indexes report their memory (for the bench): a few bytes per listing and word here.
    const bytes = textIndexBytes(index);
    expect(bytes.cards).toBeGreaterThan(1_000);
    expect(bytes.descriptions).toBeGreaterThan(1_000);
  });
});

describe("applyTextChanges", () => {
  it("finds a renamed, rewritten, new and removed listing as an index built afresh does; a locked description still hides", async () => {
    const index = await getDirectoryIndex(database);
    await warmDescriptionIndex(database, index);
    const rules = await getFieldRules(database);
    const [a, b] = await database.rows<{ id: string; name: string }>(sql`
      SELECT id, name FROM listings WHERE processing_status = 'published' AND visibility = 'public' AND name NOT LIKE 'Awkward%'
      ORDER BY name LIMIT 2`);
    const [sealed] = await database.rows<{ id: string }>(sql`SELECT id FROM listings WHERE name = 'Sealed Vault Co'`);
    const [slotA, slotB, slotSealed] = [a!.id, b!.id, sealed!.id].map((id) => index.slotOf(id)!) as [number, number, number];
    // Before the change: the old name is found, the new words are not.
    expect(await idsFound(index, a!.name, "premium")).toContain(a!.id);
    expect(await idsFound(index, "wombatish", "premium")).toEqual([]);

    await database.rows(
      sql`UPDATE listings SET name = 'Quokka Quarry Works', description = 'Wombatish logistics for quarries.' WHERE id = ${a!.id}`,
    );
    await database.rows(sql`UPDATE listings SET processing_status = 'archived' WHERE id = ${b!.id}`);
    await database.rows(sql`UPDATE listings SET description = 'Only members read this: zebraquill kettlecorn.' WHERE id = ${sealed!.id}`);
    const c = await insertListing("Numbat Nimbus", "Numbatgrade telescopes for wombatish skies.");
    // The card text comes with the change log's rows (directory-changes.server.ts); here read as they are now.
    const rows = await database.rows<CardRow>(sql`
      SELECT id, name, tagline, industry_ids FROM listings WHERE id IN (${a!.id}, ${sealed!.id}, ${c})`);
    await applyTextChanges(
      database,
      index,
      [
        { id: a!.id, slot: slotA, previousSlot: slotA },
        { id: b!.id, slot: null, previousSlot: slotB },
        { id: sealed!.id, slot: slotSealed, previousSlot: slotSealed },
        // A new listing takes the slot the unpublished one left.
        { id: c, slot: slotB, previousSlot: null },
      ],
      rows,
    );
    const idAt = (slot: number) => (slot === slotB ? c : index.idAt(slot));

    await announceChange(database, "listings");
    const fresh = await getDirectoryIndex(database);
    expect(fresh).not.toBe(index);
    const queries = [
      a!.name,
      b!.name,
      "quokka quarry works",
      "quokka",
      "wombatish",
      "numbatgrade",
      "numbat nimbus",
      "wombatish telescopes",
      "zebraquill",
      "kettlecorn",
      "fintech payments",
      "ai",
    ];
    for (const tier of ["public", "premium"] as const) {
      for (const query of queries) {
        const updated = await searchText(database, index, query, index.forViewer(tier, rules).open, true);
        const built = await searchText(database, fresh, query, fresh.forViewer(tier, rules).open, true);
        const ids = (set: Bitset, at: (slot: number) => string) => slotsOf(set).map(at).sort();
        expect(ids(updated.matches, idAt), `${tier} ${query}`).toEqual(ids(built.matches, (slot) => fresh.idAt(slot)));
        updated.groups.forEach((group, k) =>
          expect(ids(group, idAt), `${tier} ${query} class ${k}`).toEqual(ids(built.groups[k]!, (slot) => fresh.idAt(slot))),
        );
      }
    }
    expect(await idsFound(index, "quokka quarry works", "public", idAt)).toEqual([a!.id]);
    expect(await idsFound(index, "wombatish", "public", idAt)).toEqual([a!.id, c].sort());
    expect(await idsFound(index, b!.name, "premium", idAt)).not.toContain(b!.id);
    // The locked listing's new description word finds it for a member who may open it, never for a visitor.
    expect(await idsFound(index, "kettlecorn", "premium", idAt)).toEqual([sealed!.id]);
    expect(await idsFound(index, "kettlecorn", "public", idAt)).toEqual([]);
  });
});

/** The ids a viewer of `tier` finds for `query` in `index` (every term matched). */
async function idsFound(
  index: DirectoryIndex,
  query: string,
  tier: "public" | "premium",
  idAt = (slot: number) => index.idAt(slot),
): Promise<string[]> {
  const open = tier === "premium" ? fullBitset(index.size) : index.forViewer(tier, await getFieldRules(database)).open;
  const found = await searchText(database, index, query, open);
  return slotsOf(found.matches).map(idAt).sort();
}
