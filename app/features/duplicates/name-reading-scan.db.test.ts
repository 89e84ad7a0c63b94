/** The scan's block for names in another script (issue 19) against a real database. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listings } from "#db/schema/listings.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "~/lib/test-database.ts";
import { candidatePairs, findDuplicates, refreshMatchColumns } from "./duplicate-scan.server.ts";

let database: Database;
const ids: Record<string, string> = {};

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
  for (const [i, { key, ...row }] of rows.entries()) {
    const [inserted] = await database.db
      .insert(listings)
      .values({ slug: `s-${i}`, type: "startup", ...row })
      .returning({ id: listings.id });
    ids[key] = inserted!.id;
  }
  await refreshMatchColumns(database);
});

afterAll(async () => {
  await database?.close();
});

const pairOf = (x: string, y: string) => [ids[x]!, ids[y]!].sort().join("|");
const found = async (options?: { onlyIds?: string[] }) =>
  new Set((await candidatePairs(database, options)).pairs.map((p) => [p.a, p.b].sort().join("|")));

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
    expect(flagged.map((p) => [p.a, p.b].sort().join("|"))).toEqual([pairOf("sonyJa", "sonyEn")]);
    expect(flagged[0]!.band).toBe("review");
    expect(flagged[0]!.reasons).toContain("name in another script reads like this one");
  });

  it("leaves merged-away listings out, and keeps to the batch it is asked about", async () => {
    expect((await found()).has(pairOf("huaweiZh", "huaweiEn"))).toBe(false);
    expect((await found({ onlyIds: [ids.panasonicEn!] })).has(pairOf("sonyJa", "sonyEn"))).toBe(false);
    expect((await found({ onlyIds: [ids.sonyEn!] })).has(pairOf("sonyJa", "sonyEn"))).toBe(true);
  });
});
