/**
 * A process starts from the directory index's snapshot (decision 0100): what it loads and catches up answers every
 * query as a fresh build does; a damaged file, a snapshot the change log no longer reaches, or one that does not match
 * the database is ignored and the index built from the listings, which writes a new snapshot.
 */
import { mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import { readSnapshot } from "~/lib/binary-snapshot.server.ts";
import { announceChange } from "~/lib/change-feed.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { openSecondHandle, openTestDatabase } from "#test-support/test-database.ts";
import type { Viewer } from "../../access/redact-listing.ts";
import { parseDirectoryQuery, type DirectoryQuery } from "../directory-filters.ts";
import { pruneListingChanges } from "./directory-changes.server.ts";
import { setPositions } from "./bitset.ts";
import { databaseMatches } from "./description-index.server.ts";
import { buildDirectoryIndex, directoryIndexSource, getDirectoryIndex, indexWorkDone } from "./directory-index.server.ts";
import type { DirectoryIndex } from "./directory-index.ts";
import { directorySnapshotDir, indexSnapshots } from "./index-snapshot-file.server.ts";
import type { IndexSnapshotMeta } from "./index-snapshot.server.ts";
import { descriptionMatches, descriptionsOf, warmDescriptionIndex } from "./text-indexes.server.ts";
import { searchListings } from "../server/search-listings.server.ts";

const VIEWERS: Viewer[] = [{ tier: "public" }, { tier: "subscriber" }, { tier: "premium" }];
const QUERIES: Array<Record<string, string>> = [
  {},
  { page: "2" },
  { entityType: "startup", sort: "newest" },
  { entityType: "investor", sort: "most-raised" },
  { featuredOnly: "true" },
  { sort: "recently-funded" },
  { sort: "recently-founded", page: "2" },
  { foundedFrom: "2015" },
  { searchQuery: "capital" },
  { searchQuery: "aardvark" },
  // Names and taglines changed before a snapshot was written (test 2): answered from the text indexes it carries.
  { searchQuery: "zz last" },
  { searchQuery: "changed" },
];

let database: Database;
const opened: Database[] = [];

function query(params: Record<string, string>): DirectoryQuery {
  const parsed = parseDirectoryQuery(new URLSearchParams(params));
  if (!parsed.ok) throw new Error(`test query rejected: ${parsed.error}`);
  return parsed.query;
}

/** A new process on the same database: a handle of its own, whose index is made when first asked for. */
async function startProcess(): Promise<Database> {
  const other = await openSecondHandle(database);
  opened.push(other);
  return other;
}

async function expectAnswersOf(index: DirectoryIndex, on: Database): Promise<void> {
  const fresh = await buildDirectoryIndex(on);
  expect(index.size).toBe(fresh.size);
  for (const params of QUERIES) {
    for (const viewer of VIEWERS) {
      const [got, want] = await Promise.all([
        searchListings(on, query(params), viewer, on, index),
        searchListings(on, query(params), viewer, on, fresh),
      ]);
      const summary = (r: typeof got) => ({ ids: r.data.map((card) => card.id), pagination: r.pagination, facets: r.facets });
      expect({ params, viewer, ...summary(got) }).toEqual({ params, viewer, ...summary(want) });
    }
  }
}

async function snapshotFiles(): Promise<string[]> {
  return (await readdir(indexSnapshots.dir)).filter((name) => name.endsWith(".snapshot"));
}

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 50);
  await database.rows(sql`UPDATE listings SET visibility = 'premium' WHERE id IN (SELECT id FROM listings ORDER BY id LIMIT 10)`);
});

beforeEach(async () => {
  indexSnapshots.dir = await mkdtemp(path.join(tmpdir(), "directory-snapshot-"));
});

afterEach(async () => {
  indexSnapshots.dir = "";
  for (const handle of opened.splice(0)) await handle.close();
});

afterAll(async () => {
  await database?.close();
});

describe("a process starting from the snapshot", () => {
  it("loads what the first process wrote, catches up with the changes since, and answers as a fresh build", async () => {
    // Not published when the snapshot is written, published after: they enter every order of the loaded index, which
    // must have room for them where the file holds it.
    const returning = await database.rows<{ id: string }>(sql`
      UPDATE listings SET processing_status = 'archived'
      WHERE id IN (SELECT id FROM listings ORDER BY name LIMIT 3 OFFSET 9) RETURNING id`);
    const first = await startProcess();
    await getDirectoryIndex(first);
    expect(directoryIndexSource(first)).toBe("database");
    expect(await snapshotFiles()).toHaveLength(1);

    // Written after the snapshot: a rename (its place in the order moves), an unpublish and a new listing.
    const [listing] = await database.rows<{ id: string }>(sql`SELECT id FROM listings ORDER BY name DESC LIMIT 1`);
    await database.rows(sql`UPDATE listings SET name = 'Aardvark Capital' WHERE id = ${listing!.id}`);
    await database.rows(
      sql`UPDATE listings SET processing_status = 'archived' WHERE id = (SELECT id FROM listings ORDER BY name LIMIT 1 OFFSET 5)`,
    );
    await database.rows(sql`
      UPDATE listings SET processing_status = 'published', created_at = now(), founded_year = 2001, total_funding_raised = 5000000
      WHERE id IN (${returning[0]!.id}, ${returning[1]!.id}, ${returning[2]!.id})`);
    await announceChange(database, "listings");

    const second = await startProcess();
    const index = await getDirectoryIndex(second);
    expect(directoryIndexSource(second)).toBe("snapshot");
    expect(returning.map((row) => index.has(row.id))).toEqual([true, true, true]);
    await expectAnswersOf(index, second);
    const found = await searchListings(second, query({ searchQuery: "aardvark capital" }), { tier: "premium" }, second, index);
    expect(found.data[0]?.id).toBe(listing!.id);
  });

  it("keeps the slots, order and sets a maintained index had when its snapshot was written", async () => {
    const first = await startProcess();
    await getDirectoryIndex(first);
    await database.rows(
      sql`UPDATE listings SET name = 'Zz Last' || name, featured = NOT featured WHERE id IN (SELECT id FROM listings ORDER BY id LIMIT 4)`,
    );
    await announceChange(first, "listings");
    await getDirectoryIndex(first);
    // The maintained index (not in slot order any more) is written as it is: made to write at once.
    const every = indexSnapshots.everyMs;
    indexSnapshots.everyMs = 0;
    try {
      await database.rows(sql`UPDATE listings SET tagline = 'Changed' WHERE id IN (SELECT id FROM listings ORDER BY id DESC LIMIT 2)`);
      await announceChange(first, "listings");
      await getDirectoryIndex(first);
    } finally {
      indexSnapshots.everyMs = every;
    }
    const second = await startProcess();
    const index = await getDirectoryIndex(second);
    expect(directoryIndexSource(second)).toBe("snapshot");
    expect(index.capacity).toBe((await getDirectoryIndex(first)).capacity);
    await expectAnswersOf(index, second);
  });
});

describe("the text indexes in the snapshot (decision 0101)", () => {
  it("carry the description index once read: the next process neither reads it again nor answers a word otherwise", async () => {
    const first = await startProcess();
    const built = await getDirectoryIndex(first);
    const [name] = await snapshotFiles();
    const file = path.join(indexSnapshots.dir, name!);
    // The build's snapshot is written before the descriptions are read; once they are, it is written again with them.
    await warmDescriptionIndex(first, built);
    await indexWorkDone(first);
    expect((await readSnapshot<IndexSnapshotMeta>(file)).meta.descriptions).toBeDefined();

    const second = await startProcess();
    const index = await getDirectoryIndex(second);
    expect(directoryIndexSource(second)).toBe("snapshot");
    // Given at load, not read from the database in the background.
    expect(descriptionsOf(index)).toBeDefined();
    const lexemes = await database.rows<{ lexeme: string }>(sql`
      SELECT DISTINCT unnest(tsvector_to_array(terms)) AS lexeme FROM listing_description_terms ORDER BY 1 LIMIT 40`);
    expect(lexemes.length).toBeGreaterThan(10);
    for (const { lexeme } of lexemes) {
      const expected = (await databaseMatches(second, lexeme)).map((id) => index.slotOf(id)!).sort((a, b) => a - b);
      const found = await descriptionMatches(second, index, lexeme, index.capacity);
      expect({ lexeme, slots: setPositions(found, 0, index.capacity) }).toEqual({ lexeme, slots: expected });
    }
  });
});

describe("a snapshot that cannot be used is ignored", () => {
  it("a damaged file: the index is built from the listings and the file written anew", async () => {
    const first = await startProcess();
    // Its snapshot written for good before it is damaged: the second write (after the descriptions' read) would
    // otherwise replace the damaged file with a sound one now and then, and the second process would rightly use it.
    await warmDescriptionIndex(first, await getDirectoryIndex(first));
    await indexWorkDone(first);
    const [name] = await snapshotFiles();
    const file = path.join(indexSnapshots.dir, name!);
    const bytes = await readFile(file);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    await writeFile(file, bytes);

    const second = await startProcess();
    await expectAnswersOf(await getDirectoryIndex(second), second);
    expect(directoryIndexSource(second)).toBe("database");
    const third = await startProcess();
    await getDirectoryIndex(third);
    expect(directoryIndexSource(third)).toBe("snapshot");
  });

  it("one older than the change log reaches", async () => {
    await getDirectoryIndex(await startProcess());
    await database.rows(sql`UPDATE listings SET name = name || ' Renamed' WHERE id = (SELECT id FROM listings ORDER BY id LIMIT 1)`);
    expect(await pruneListingChanges(database, new Date("2999-01-01T00:00:00Z"))).toBeGreaterThan(0);
    const second = await startProcess();
    await expectAnswersOf(await getDirectoryIndex(second), second);
    expect(directoryIndexSource(second)).toBe("database");
  });

  it("one that does not hold what the database publishes (a change nobody logged)", async () => {
    const first = await startProcess();
    // Its snapshot written for good (the second write follows the descriptions' read): one written after the change
    // below would be a snapshot of the changed database, and rightly used.
    await warmDescriptionIndex(first, await getDirectoryIndex(first));
    await indexWorkDone(first);
    await database.db.transaction(async (tx) => {
      // Triggers off, as a restore of another database under the same name would leave it: the log says nothing.
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(
        // A published one: ids are random, and the listing at this place may be the one an earlier test archived, which
        // would change nothing and leave the snapshot rightly in use.
        sql`UPDATE listings SET processing_status = 'archived'
            WHERE id = (SELECT id FROM listings WHERE processing_status = 'published' ORDER BY id LIMIT 1 OFFSET 3)`,
      );
    });
    const second = await startProcess();
    await expectAnswersOf(await getDirectoryIndex(second), second);
    expect(directoryIndexSource(second)).toBe("database");
  });
});

describe("DIRECTORY_SNAPSHOT_DIR", () => {
  it('defaults to beside the embedded database\'s directory, names any other, and "off" keeps none', () => {
    expect(directorySnapshotDir({ PGLITE_DIR: "./data/pglite" })).toBe(path.join("data", "directory-snapshots"));
    expect(directorySnapshotDir({ PGLITE_DIR: "./data/pglite", DIRECTORY_SNAPSHOT_DIR: "/var/cache/introbase" })).toBe(
      "/var/cache/introbase",
    );
    expect(directorySnapshotDir({ PGLITE_DIR: "./data/pglite", DIRECTORY_SNAPSHOT_DIR: "off" })).toBe("");
  });
});
