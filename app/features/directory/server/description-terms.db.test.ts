/**
 * The description words the directory's text search asks (listing_description_terms, decision 0060) follow every
 * write to a listing in the writer's own transaction: a new description, an unpublished listing, a published one, a
 * deleted one. The search answers from them, so these are what a visitor searching a description would notice.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import { announceChange } from "~/lib/change-feed.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { mergeDuplicate, undoMerge } from "../../duplicates/server/merge.server.ts";
import { parseDirectoryQuery } from "../directory-filters.ts";
import { searchListings } from "./search-listings.server.ts";

let database: Database;
let listing: { id: string; name: string };

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 30);
  [listing] = (await database.rows<{ id: string; name: string }>(sql`
    SELECT id, name FROM listings WHERE processing_status = 'published' AND visibility = 'public' ORDER BY name LIMIT 1`)) as [
    { id: string; name: string },
  ];
});

afterAll(async () => {
  await database?.close();
});

/** The ids a premium viewer finds for a search text, after the write was announced as the app announces it. */
async function found(text: string): Promise<string[]> {
  await announceChange(database, "listings");
  const parsed = parseDirectoryQuery(new URLSearchParams({ searchQuery: text, pageSize: "100" }));
  if (!parsed.ok) throw new Error(parsed.error);
  return (await searchListings(database, parsed.query, { tier: "premium" })).data.map((item) => item.id);
}

const rowsFor = async (id: string) =>
  (await database.rows<{ terms: string }>(sql`SELECT terms::text AS terms FROM listing_description_terms WHERE listing_id = ${id}`)).map(
    (row) => row.terms,
  );

describe("the description words of a listing", () => {
  it("hold every published listing's description words, as the generated search vector's weight C has them", async () => {
    const [row] = await database.rows<{ published: number; same: number }>(sql`
      SELECT (SELECT count(*)::int FROM listings WHERE processing_status = 'published') AS published,
             (SELECT count(*)::int FROM listing_description_terms d JOIN listings l ON l.id = d.listing_id
               WHERE l.processing_status = 'published' AND d.terms = strip(ts_filter(l.search_vector, '{c}'))) AS same`);
    expect(row!.same).toBe(row!.published);
  });

  it("follow a new description: the new word is found, the old one no more", async () => {
    await database.rows(sql`UPDATE listings SET description = 'Makes quokkafarm sensors for orchards.' WHERE id = ${listing.id}`);
    expect(await found("quokkafarm")).toEqual([listing.id]);
    await database.rows(sql`UPDATE listings SET description = 'Makes wallabyworks sensors for vineyards.' WHERE id = ${listing.id}`);
    expect(await found("quokkafarm")).toEqual([]);
    expect(await found("wallabyworks")).toEqual([listing.id]);
    // Word forms, as PostgreSQL's English stemmer reads them: "vineyard" finds "vineyards".
    expect(await found("vineyard")).toContain(listing.id);
  });

  it("leave with an unpublished listing and come back when it is published again", async () => {
    await database.rows(sql`UPDATE listings SET processing_status = 'archived' WHERE id = ${listing.id}`);
    expect(await rowsFor(listing.id)).toEqual([]);
    await database.rows(sql`UPDATE listings SET processing_status = 'published' WHERE id = ${listing.id}`);
    expect(await rowsFor(listing.id)).toHaveLength(1);
    expect(await found("wallabyworks")).toEqual([listing.id]);
  });

  it("start with a listing created published and go with a deleted one", async () => {
    const [created] = await database.rows<{ id: string }>(sql`
      INSERT INTO listings (type, name, slug, description, processing_status)
      VALUES ('startup', 'Numbat Labs', 'numbat-labs-test', 'Builds numbatgrade telescopes.', 'published') RETURNING id`);
    expect(await found("numbatgrade")).toEqual([created!.id]);
    await database.rows(sql`DELETE FROM listings WHERE id = ${created!.id}`);
    expect(await rowsFor(created!.id)).toEqual([]);
    expect(await found("numbatgrade")).toEqual([]);
  });

  it("go with a listing merged into another, and come back when the merge is undone", async () => {
    const [a, b] = await database.rows<{ id: string }>(sql`
      SELECT id FROM listings WHERE processing_status = 'published' AND type = 'startup' AND id <> ${listing.id}
      ORDER BY name LIMIT 2`);
    await database.rows(sql`UPDATE listings SET description = 'Grows bilbyberry crops.' WHERE id = ${b!.id}`);
    expect(await found("bilbyberry")).toEqual([b!.id]);
    const merged = await mergeDuplicate(database, { survivorId: a!.id, mergedId: b!.id, admin: null });
    expect(await rowsFor(b!.id)).toEqual([]);
    expect(await found("bilbyberry")).not.toContain(b!.id);
    await undoMerge(database, { mergeId: merged.mergeId, admin: null });
    expect(await found("bilbyberry")).toEqual([b!.id]);
  });
});
