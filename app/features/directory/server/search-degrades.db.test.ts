/**
 * Search that degrades gracefully (decision 0082) against a real database: punctuation splits words alike in the
 * query, the card index and descriptions; stop words never decide a match; listings matching most words follow
 * those matching all of them, a word in the name above one in the tagline above one in the description; hidden
 * descriptions neither admit nor lift a listing for a visitor; a search that finds nothing suggests one that does.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import { announceChange } from "~/lib/change-feed.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import type { Viewer } from "../../access/redact-listing.ts";
import { parseDirectoryQuery } from "../directory-filters.ts";
import { searchListings, type DirectoryResult } from "./search-listings.server.ts";

const PUBLIC: Viewer = { tier: "public" };
const PREMIUM: Viewer = { tier: "premium" };
let database: Database;

const CRAFTED = [
  { name: "Brickwise", tagline: "Site cash flow", description: "Milestone-based payments for builders.", visibility: "public" },
  { name: "Vraxo Site", tagline: "AI cameras that watch construction sites", description: "Safety.", visibility: "public" },
  { name: "Kettle Works", tagline: "zelmo kettles", description: "Both words on the card.", visibility: "public" },
  { name: "Zelmo Labs", tagline: "Tools", description: "Only the name.", visibility: "public" },
  { name: "Plain Quill", tagline: "zelmo sensors", description: "Only the tagline.", visibility: "public" },
  { name: "Other Quill", tagline: "Nothing here", description: "A zelmo in the description.", visibility: "public" },
  { name: "Locked Pump Co", tagline: "zelmo pumps", description: "The hidden word kettle.", visibility: "premium" },
  { name: "Locked Quiet", tagline: "Quiet", description: "A hidden zelmo.", visibility: "premium" },
];

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 120);
  for (const [i, c] of CRAFTED.entries()) {
    await database.rows(sql`
      INSERT INTO listings (slug, type, name, tagline, description, visibility)
      VALUES (${`degrades-${i}`}, 'startup', ${c.name}, ${c.tagline}, ${c.description}, ${c.visibility})`);
  }
  await announceChange(database, "listings");
});

afterAll(async () => {
  await database?.close();
});

async function ask(params: string, viewer: Viewer = PREMIUM): Promise<DirectoryResult> {
  const parsed = parseDirectoryQuery(new URLSearchParams(`${params}&pageSize=100`));
  if (!parsed.ok) throw new Error(parsed.error);
  return searchListings(database, parsed.query, viewer);
}

async function names(search: string, viewer: Viewer = PREMIUM): Promise<string[]> {
  return (await ask(`searchQuery=${encodeURIComponent(search)}`, viewer)).data.map((item) => item.name);
}

describe("punctuation and stop words", () => {
  it("finds a hyphenated description phrase however it is typed", async () => {
    for (const typed of ["milestone-based payments", "milestone based payments", "milestone/based payments", "Milestone-Based, payments"]) {
      expect((await names(typed))[0], typed).toBe("Brickwise");
    }
  });

  it("lets no stop word decide a match", async () => {
    expect((await names("AI for construction"))[0]).toBe("Vraxo Site");
    expect((await names("the AI of construction and the sites"))[0]).toBe("Vraxo Site");
  });
});

describe("listings matching most words", () => {
  it("follow every listing matching all words, a word in the name above the tagline above the description", async () => {
    const found = await names("zelmo kettle", PREMIUM);
    // All words: Kettle Works (card), Locked Pump Co (tagline and, for a premium member, its description).
    expect(found.slice(0, 2).sort()).toEqual(["Kettle Works", "Locked Pump Co"]);
    // Then one word: in the name, in the tagline, in descriptions (each in the default order).
    expect(found.slice(2)).toEqual(["Zelmo Labs", "Plain Quill", "Locked Quiet", "Other Quill"]);
  });

  it("never lets a hidden description admit, lift or count a listing for a visitor", async () => {
    const result = await ask("searchQuery=zelmo%20kettle", PUBLIC);
    const found = result.data.map((item) => item.name);
    // Locked Pump Co matches "kettle" only in its hidden description: for a visitor it is a tagline match of
    // one word, beside Plain Quill, not an all-words match; Locked Quiet (zelmo only in its description) is absent.
    expect(found).toEqual(["Kettle Works", "Zelmo Labs", "Locked Pump Co", "Plain Quill", "Other Quill"]);
    expect(result.pagination.totalRecords).toBe(5);
  });

  it("keeps a query with a word nothing uses useful", async () => {
    expect((await names("qzwarpx construction cameras"))[0]).toBe("Vraxo Site");
  });

  it("stays out of the other orders", async () => {
    const result = await ask("searchQuery=qzwarpx%20construction%20cameras&sort=newest");
    expect(result.pagination.totalRecords).toBe(0);
  });
});

describe("a search that finds nothing", () => {
  it("suggests a spelling the directory uses", async () => {
    const result = await ask("searchQuery=brixwize");
    expect(result.pagination.totalRecords).toBe(0);
    expect(result.suggestion).toEqual({ searchQuery: "brickwise", reason: "spelling", totalRecords: 1 });
  });

  it("suggests the query with a word left out", async () => {
    const result = await ask("searchQuery=brickwise%20zzqqxxvv&sort=newest");
    expect(result.pagination.totalRecords).toBe(0);
    expect(result.suggestion).toMatchObject({ searchQuery: "brickwise", reason: "fewer-words", totalRecords: 1 });
  });

  it("with one word and filters, suggests the filters alone", async () => {
    const result = await ask("searchQuery=zzqqxxvv&type=startup&sort=newest");
    expect(result.pagination.totalRecords).toBe(0);
    const startups = (await ask("type=startup")).pagination.totalRecords;
    expect(result.suggestion).toEqual({ searchQuery: "", reason: "fewer-words", totalRecords: startups });
    // Without a filter there is nothing to fall back on but everything: no suggestion.
    expect((await ask("searchQuery=zzqqxxvv")).suggestion).toBeUndefined();
  });

  it("suggests nothing when something was found", async () => {
    expect((await ask("searchQuery=brickwise")).suggestion).toBeUndefined();
  });
});
