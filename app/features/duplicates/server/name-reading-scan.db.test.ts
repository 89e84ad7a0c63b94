/** The scan's block for names in another script (issue 19) against a real database. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { candidatePairs, findDuplicates } from "./duplicate-scan.server.ts";
import { insertKeyedListings, pairKey } from "./test-support.ts";

let database: Database;
let ids: Record<string, string> = {};

beforeAll(async () => {
  database = await openTestDatabase();
  const rows = [
    { key: "sonyJa", name: "ソニー株式会社" },
    { key: "sonyEn", name: "Sony Corporation" },
    { key: "panasonicEn", name: "Panasonic Corporation" },
    { key: "panasonicJa", name: "パナソニック株式会社" },
    { key: "sina", name: "Sina Holdings" },
    { key: "huaweiZh", name: "华为技术有限公司" },
    { key: "huaweiEn", name: "Huawei Technologies", processingStatus: "merged" as const },
  ];
  ids = await insertKeyedListings(database, rows);
});

afterAll(async () => {
  await database?.close();
});

const pairOf = (x: string, y: string) => pairKey(ids[x]!, ids[y]!);
const found = async (options?: { onlyIds?: string[] }) =>
  new Set((await candidatePairs(database, options)).pairs.map((p) => pairKey(p.a, p.b)));

describe("duplicate scan: names in another script", () => {
  it("pairs ソニー株式会社 with Sony Corporation, not with Panasonic or Sina", async () => {
    const pairs = await found();
    expect(pairs.has(pairOf("sonyJa", "sonyEn"))).toBe(true);
    expect(pairs.has(pairOf("sonyJa", "panasonicEn"))).toBe(false);
    expect(pairs.has(pairOf("sonyJa", "sina"))).toBe(false);
    expect(pairs.has(pairOf("panasonicJa", "sonyEn"))).toBe(false);
  });

  it("flags the pair for review with its reason, and nothing else", async () => {
    const flagged = await findDuplicates(database);
    expect(flagged.map((p) => pairKey(p.a, p.b))).toEqual([pairOf("sonyJa", "sonyEn")]);
    expect(flagged[0]!.band).toBe("review");
    expect(flagged[0]!.reasons).toContain("name in another script reads like this one");
  });

  it("leaves merged-away listings out, and keeps to the batch it is asked about", async () => {
    expect((await found()).has(pairOf("huaweiZh", "huaweiEn"))).toBe(false);
    expect((await found({ onlyIds: [ids.panasonicEn!] })).has(pairOf("sonyJa", "sonyEn"))).toBe(false);
    expect((await found({ onlyIds: [ids.sonyEn!] })).has(pairOf("sonyJa", "sonyEn"))).toBe(true);
  });
});
