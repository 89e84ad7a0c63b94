/**
 * Keeping the directory index fresh without stalling the process (issue 17, decision 0058): after a change, a visitor
 * is answered at once from the index in hand while the next one builds; a reader that must see the write waits for
 * the build that has it; a change heard during a build is followed by one more build; and a build gives the event
 * loop back between slices, so requests are answered meanwhile.
 */
import { sql } from "drizzle-orm";
import { setImmediate } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import { announceChange } from "~/lib/change-feed.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { IndexBuilder, type IndexRow } from "./index-builder.ts";
import { getDirectoryIndex } from "./directory-index.server.ts";

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 40);
});

afterAll(async () => {
  await database?.close();
});

/** Takes a published listing out of the directory, as an operator's archive does, and says so. */
async function archiveOne(): Promise<string> {
  const [row] = await database.rows<{ id: string }>(sql`
    UPDATE listings SET processing_status = 'archived'
    WHERE id = (SELECT id FROM listings WHERE processing_status = 'published' ORDER BY id LIMIT 1)
    RETURNING id`);
  return row!.id;
}

describe("the directory index after a change", () => {
  it("answers a visitor from the index in hand while the new one builds, and a writer from the new one", async () => {
    const before = await getDirectoryIndex(database);
    const archived = await archiveOne();
    await announceChange(database, "listings");

    const visitor = await getDirectoryIndex(database, { fresh: false });
    expect(visitor.generation).toBe(before.generation);
    expect(visitor.has(archived)).toBe(true);

    const writer = await getDirectoryIndex(database);
    expect(writer.generation).toBeGreaterThan(before.generation);
    expect(writer.has(archived)).toBe(false);
    // The new index is now the one in hand for everyone.
    expect((await getDirectoryIndex(database, { fresh: false })).generation).toBe(writer.generation);
  });

  it("builds once more when a change is heard while a build is reading, without anyone asking", async () => {
    await getDirectoryIndex(database);
    const first = await archiveOne();
    await announceChange(database, "listings");
    const second = await archiveOne();
    await announceChange(database, "listings");
    // Only visitors read from here on: the index in hand comes to have both changes by itself.
    await vi.waitFor(
      async () => {
        const index = await getDirectoryIndex(database, { fresh: false });
        expect([index.has(first), index.has(second)]).toEqual([false, false]);
      },
      { timeout: 120_000, interval: 20 },
    );
  });
});

describe("IndexBuilder", () => {
  it("gives the event loop back at least once per 5,000 rows, for the filters and again for the search", async () => {
    const rows: IndexRow[] = Array.from({ length: 20_000 }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      type: "startup",
      featured: i % 10 === 0,
      industry_ids: [1 + (i % 7)],
      geography_ids: [1],
      country_ids: [1 + (i % 3)],
      persona_ids: null,
      funding_stage_id: i % 5,
      business_model_id: null,
      revenue_range_id: null,
      visibility: "public",
      field_visibility: null,
      name: `Company ${i}`,
      tagline: "Makes things",
      created_ms: i,
      latest_round_ms: null,
      total_raised: null,
      last_investment_ms: null,
      founded_year: null,
      team_size: null,
      ticket_size: null,
      hq_city: null,
    }));
    let turns = 0;
    let built = false;
    const counting = (async () => {
      while (!built) {
        turns += 1;
        await setImmediate();
      }
    })();
    // The build makes its search over card text too (decision 0101): that gives way as well.
    const index = await IndexBuilder.of(rows);
    built = true;
    await counting;
    expect(index.size).toBe(20_000);
    expect(turns).toBeGreaterThanOrEqual(8);
  });
});
