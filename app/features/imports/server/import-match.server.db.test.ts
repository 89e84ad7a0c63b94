/**
 * The in-memory matcher against the database it replaces: its trigrams and similarities are pg_trgm's, and every
 * listing the old probe query (`%` and `%>` on the match key, same domain, same LinkedIn page) returned is a candidate
 * here too. Then what an import run notices: a created listing is matched by the next company, a removed one is not,
 * and an unchanged directory lends the next run the same snapshot.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import { listings } from "#db/schema/listings.ts";
import { refreshMatchColumns } from "~/features/duplicates/server/duplicate-scan.server.ts";
import { matchColumns } from "~/features/duplicates/matching/match-columns.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { ImportSnapshot } from "./import-match.server.ts";
import { trigrams, trigramSimilarity } from "../trigram.ts";

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 400);
  await refreshMatchColumns(database);
});
afterAll(() => database.close());

const PROBES = ["nova labs", "heliofalcon secure", "glimmerdata", "green cloud robotics", "a", "data", "acme"];

describe("trigrams as pg_trgm makes them", () => {
  it.each(PROBES)("show_trgm(%s) and similarity to every listing", async (key) => {
    const [shown] = await database.rows<{ t: string[] }>(sql`SELECT show_trgm(${key}) AS t`);
    expect(trigrams(key).sort()).toEqual([...shown!.t].sort());
    const rows = await database.rows<{ k: string; s: number }>(
      sql`SELECT match_key AS k, similarity(match_key, ${key}) AS s FROM listings WHERE match_key IS NOT NULL LIMIT 200`,
    );
    for (const row of rows) {
      const a = new Set(trigrams(key));
      const b = trigrams(row.k);
      const shared = b.filter((g) => a.has(g)).length;
      expect(trigramSimilarity(shared, a.size, b.length)).toBeCloseTo(Number(row.s), 5);
    }
  });
});

describe("the snapshot finds what the probe query found", () => {
  it.each(PROBES)("every listing the trigram operators find for '%s' is among the snapshot's candidates", async (key) => {
    const snapshot = await ImportSnapshot.load(database);
    const found = await database.rows<{ id: string }>(sql`
      SELECT id::text FROM listings
      WHERE processing_status <> 'merged' AND (match_key % ${key} OR match_key %> ${key})
      ORDER BY similarity(match_key, ${key}) DESC, id LIMIT 50`);
    // The candidate list is private: it is the probe itself, reached here to compare it with the query it replaced.
    const probe = snapshot as unknown as { candidates(key: string, pinned: Map<number, number>): Array<{ id: string }> };
    const candidates = probe.candidates(key, new Map()).map((c) => c.id);
    if (found.length < 50) expect(candidates).toEqual(expect.arrayContaining(found.map((f) => f.id)));
    else expect(candidates.slice(0, 10)).toEqual(found.slice(0, 10).map((f) => f.id));
    // A company whose name has this key ("A" has none: a lone letter is not a name word) is matched when any was found.
    const name = key.replace(/\b\w/g, (c) => c.toUpperCase());
    if (found.length && matchColumns({ name }).matchKey === key)
      expect(snapshot.match({ name, websiteUrl: null, linkedinUrl: null })).not.toBeNull();
  });

  it("a same-domain listing is a candidate whatever its name", async () => {
    // A domain only one listing has (the demo data plants duplicates sharing theirs).
    const [row] = await database.db
      .select()
      .from(listings)
      .where(
        sql`match_domain IN (SELECT match_domain FROM listings WHERE match_domain IS NOT NULL GROUP BY match_domain HAVING count(*) = 1)`,
      )
      .limit(1);
    const snapshot = await ImportSnapshot.load(database);
    const match = snapshot.match({ name: "Completely Different Name", websiteUrl: row!.websiteUrl, linkedinUrl: null });
    expect(match?.listingId).toBe(row!.id);
    // Issue 32: such a pair is a person's to decide (review), no longer discarded.
    expect(match?.reasons).toContain("same domain, names differ: review only");
    expect(match?.band).toBe("review");
  });
});

describe("a run keeps its snapshot in step", () => {
  it("matches a listing added during the run, and forgets a removed one", async () => {
    const snapshot = await ImportSnapshot.load(database);
    const company = { name: "Zyxquorp Analytics", websiteUrl: "https://zyxquorp.example", linkedinUrl: null };
    const before = snapshot.match(company);
    expect(before?.band ?? "none").toBe("none");
    snapshot.add({ id: "00000000-0000-4000-8000-000000000001", ...company });
    expect(snapshot.match(company)).toMatchObject({ listingId: "00000000-0000-4000-8000-000000000001", band: "auto_merge" });
    snapshot.remove("00000000-0000-4000-8000-000000000001");
    expect(snapshot.match(company)).toEqual(before);
  });

  it("lends the next run the same snapshot only while the directory is unchanged", async () => {
    const first = await ImportSnapshot.forImport(database);
    await first.keepFor(database);
    expect(await ImportSnapshot.forImport(database)).toBe(first);
    await database.rows(
      sql`UPDATE listings SET name = name || ' Renamed', updated_at = now() WHERE id = (SELECT id FROM listings LIMIT 1)`,
    );
    expect(await ImportSnapshot.forImport(database)).not.toBe(first);
  });
});
