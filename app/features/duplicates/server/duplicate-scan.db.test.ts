/** The scan against a real database: match columns worked out and kept fresh, blocking, scoring, batches. */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listings } from "#db/schema/listings.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { candidatePairs, findDuplicates, refreshMatchColumns } from "./duplicate-scan.server.ts";

let database: Database;
const ids: Record<string, string> = {};

beforeAll(async () => {
  database = await openTestDatabase();
  const rows = [
    {
      key: "acme",
      name: "Acme Robotics GmbH",
      websiteUrl: "https://acme-robotics.de",
      linkedinUrl: "https://linkedin.com/company/acme-robotics",
    },
    { key: "acme2", name: "ACME Robotics", websiteUrl: "www.acme-robotics.de/en", linkedinUrl: null },
    {
      key: "other",
      name: "Acme Robotics",
      websiteUrl: "https://acmerobotics.com",
      linkedinUrl: "https://linkedin.com/company/acme-robotics-us",
    },
    { key: "short", name: "Guadalupano Family Center", websiteUrl: null, linkedinUrl: null },
    { key: "long", name: "Chicago Commons Association - Guadalupano Family Center", websiteUrl: null, linkedinUrl: null },
    { key: "joined", name: "DataRobot", websiteUrl: null, linkedinUrl: null },
    { key: "split", name: "Data Robot Inc.", websiteUrl: null, linkedinUrl: null },
    { key: "alone", name: "Zyxwv Quonk", websiteUrl: null, linkedinUrl: null },
  ];
  for (const [i, row] of rows.entries()) {
    const [inserted] = await database.db
      .insert(listings)
      .values({ slug: `s-${i}`, type: "startup", name: row.name, websiteUrl: row.websiteUrl, linkedinUrl: row.linkedinUrl })
      .returning({ id: listings.id });
    ids[row.key] = inserted!.id;
  }
});

afterAll(async () => {
  await database?.close();
});

const pairOf = (x: string, y: string) => [ids[x]!, ids[y]!].sort().join("|");

describe("duplicate scan", () => {
  it("works out the match columns, and a name change makes them stale again", async () => {
    expect(await refreshMatchColumns(database)).toBe(8);
    const [row] = await database.db.select().from(listings).where(eq(listings.id, ids.acme!));
    expect(row).toMatchObject({ matchKey: "acme robotics", matchDomain: "acme-robotics.de", matchLinkedin: "company/acme-robotics" });
    await database.db.update(listings).set({ name: "Acme Robotics Europe GmbH" }).where(eq(listings.id, ids.acme!));
    const [stale] = await database.db.select({ matchKey: listings.matchKey }).from(listings).where(eq(listings.id, ids.acme!));
    expect(stale!.matchKey).toBeNull();
    expect(await refreshMatchColumns(database)).toBe(1);
    await database.db.update(listings).set({ name: "Acme Robotics GmbH" }).where(eq(listings.id, ids.acme!));
  });

  it("proposes candidates by shared rare words, domain and joined names, never all pairs", async () => {
    await refreshMatchColumns(database);
    const { pairs } = await candidatePairs(database);
    const found = new Set(pairs.map((p) => [p.a, p.b].sort().join("|")));
    expect(found).toContain(pairOf("acme", "acme2"));
    expect(found).toContain(pairOf("short", "long"));
    expect(found).toContain(pairOf("joined", "split"));
    expect([...found].some((p) => p.includes(ids.alone!))).toBe(false);
    expect(pairs.length).toBeLessThan((8 * 7) / 2);
  });

  it("scores them: one company on one domain auto-merges; the namesake on another domain is not flagged", async () => {
    const pairs = await findDuplicates(database, { includeUnflagged: true });
    const get = (x: string, y: string) => pairs.find((p) => [p.a, p.b].sort().join("|") === pairOf(x, y));
    expect(get("acme", "acme2")).toMatchObject({ band: "auto_merge", reasons: expect.arrayContaining(["same domain"]) });
    expect(get("acme", "other")?.band).toBe("none");
    expect(get("short", "long")?.band).toBe("review");
    expect(get("joined", "split")?.band).toBe("review");
  });

  it("limits a batch to the pairs touching its listings", async () => {
    const pairs = await findDuplicates(database, { onlyIds: [ids.short!] });
    expect(pairs.map((p) => [p.a, p.b].sort().join("|"))).toEqual([pairOf("short", "long")]);
    const [{ n }] = (await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM listings WHERE match_key IS NULL`)) as [
      { n: number },
    ];
    expect(n).toBe(0);
  });
});
