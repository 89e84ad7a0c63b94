/** The scan's issue 19 blocks against a real database: a typo'd first word, a page named like a domain, a shared phone. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { candidatePairs, findDuplicates } from "./duplicate-scan.server.ts";
import { insertKeyedListings, pairKey } from "./test-support.ts";

let database: Database;
let ids: Record<string, string> = {};

beforeAll(async () => {
  database = await openTestDatabase();
  // "Labs" in 16 listings: too common to pair on alone, so only the new first-letter block meets the typo.
  const fillers = [
    "Alpha",
    "Bravo",
    "Carbon",
    "Echo",
    "Foxtrot",
    "Golf",
    "Hotel",
    "India",
    "Juliet",
    "Kilo",
    "Lima",
    "Mike",
    "Nectar",
    "Oscar",
  ];
  const rows = [
    ...fillers.map((word) => ({ key: word, name: `${word} Labs`, websiteUrl: null, linkedinUrl: null })),
    { key: "typo", name: "Deltta Labs", websiteUrl: null, linkedinUrl: null },
    { key: "right", name: "Delta Labs", websiteUrl: null, linkedinUrl: null },
    { key: "page", name: "Quonk", websiteUrl: null, linkedinUrl: "https://linkedin.com/company/zyxwv-analytics" },
    { key: "domain", name: "Plimsoll Partners", websiteUrl: "https://zyxwvanalytics.io", linkedinUrl: null },
    { key: "phoneA", name: "Rebecca Crown Center", websiteUrl: null, linkedinUrl: null, phone: "+13125551234" },
    { key: "phoneB", name: "Youth Services Halsted", websiteUrl: null, linkedinUrl: null, phone: "+13125551234" },
  ];
  ids = await insertKeyedListings(database, rows);
});

afterAll(async () => {
  await database?.close();
});

const pairOf = (x: string, y: string) => pairKey(ids[x]!, ids[y]!);

describe("duplicate scan blocks (issue 19)", () => {
  it("compares names whose first word has a typo, though their other word is too common to pair on", async () => {
    const { pairs } = await candidatePairs(database);
    const found = new Set(pairs.map((p) => pairKey(p.a, p.b)));
    expect(found.has(pairOf("typo", "right"))).toBe(true);
    // The block is the first letter and the rest: "Alpha Labs" and "Bravo Labs" are not paired by it.
    expect(found.has(pairOf("Alpha", "Bravo"))).toBe(false);
  });

  it("compares a LinkedIn page named like another listing's domain", async () => {
    const { pairs } = await candidatePairs(database);
    expect(pairs.map((p) => pairKey(p.a, p.b))).toContain(pairOf("page", "domain"));
  });

  it("compares listings sharing a phone number, and says so", async () => {
    const { pairs: blocked } = await candidatePairs(database);
    expect(blocked.map((p) => pairKey(p.a, p.b))).toContain(pairOf("phoneA", "phoneB"));
    const pairs = await findDuplicates(database, { includeUnflagged: true });
    const pair = pairs.find((p) => pairKey(p.a, p.b) === pairOf("phoneA", "phoneB"));
    expect(pair?.reasons).toContain("same phone number, names differ: review only");
    expect(pair?.band).toBe("review");
  });
});
