/**
 * Issue 32: a typo in a common-worded name, one side without a website or LinkedIn page ("maple agrritech" /
 * "Maple Agritech"), was never compared: no rare word, no shared URL, no shared prefix. The scan's block for
 * records without URLs pairs them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { findDuplicates } from "./duplicate-scan.server.ts";
import { insertKeyedListings, pairKey } from "./test-support.ts";

let database: Database;
let ids: Record<string, string>;

// "Maple" and "Security" in more listings than make a block on one word alone.
const FILLER = [
  "Robotics",
  "Health",
  "Analytics",
  "Systems",
  "Works",
  "Energy",
  "Logistics",
  "Foods",
  "Mobility",
  "Networks",
  "Studio",
  "Materials",
  "Cloud",
  "Data",
];

beforeAll(async () => {
  database = await openTestDatabase();
  ids = await insertKeyedListings(database, [
    ...FILLER.map((word, i) => ({ key: `maple-${i}`, name: `Maple ${word}`, websiteUrl: `https://maple${word.toLowerCase()}.com` })),
    ...FILLER.map((word, i) => ({
      key: `security-${i}`,
      name: `${word} Security`,
      websiteUrl: `https://${word.toLowerCase()}security.com`,
    })),
    { key: "typo", name: "maple agrritech" },
    {
      key: "right",
      name: "Maple Agritech",
      websiteUrl: "https://mapleagritech.com",
      linkedinUrl: "https://linkedin.com/company/mapleagritech",
    },
    { key: "swapped", name: "Maple Argitech" },
    { key: "glued", name: "lumen securitygmbh" },
    { key: "plain", name: "Lumen Security", websiteUrl: "https://lumensecurity.de" },
  ]);
});

afterAll(async () => {
  await database?.close();
});

describe("duplicate scan: typos without URLs", () => {
  it("compares and flags a misspelt name without URLs against the company's listing", async () => {
    const pairs = await findDuplicates(database, { includeUnflagged: true });
    const get = (x: string, y: string) => pairs.find((p) => pairKey(p.a, p.b) === pairKey(ids[x]!, ids[y]!));
    expect(get("typo", "right")?.band).toBe("review");
    expect(get("swapped", "right")?.band).toBe("review");
    expect(get("glued", "plain")?.band).toBe("review");
    // Not every Maple with every other.
    expect(get("maple-0", "maple-1")).toBeUndefined();
  });
});
