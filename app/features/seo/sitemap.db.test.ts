import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { listingSitemapEntries, listingSitemapFiles, sitemapIndexEntries, staticPageEntries } from "./sitemap.server.ts";

const ORIGIN = "https://introbase.test";
let database: Database;
let excluded: { noindex: string; archived: string; merged: string; survivor: string };
let published: string[];

const url = (row: { type: string; slug: string }) => `${ORIGIN}/profile/${row.type}/${row.slug}`;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 60);
  const rows = await database.rows<{ id: string; type: string; slug: string }>(
    sql`SELECT id, type, slug FROM listings ORDER BY slug LIMIT 4`,
  );
  const [noindex, archived, merged, survivor] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0], (typeof rows)[0]];
  await database.rows(sql`UPDATE listings SET noindex = true WHERE id = ${noindex.id}`);
  await database.rows(sql`UPDATE listings SET processing_status = 'archived' WHERE id = ${archived.id}`);
  await database.rows(sql`UPDATE listings SET processing_status = 'merged', merged_into = ${survivor.id} WHERE id = ${merged.id}`);
  excluded = { noindex: url(noindex), archived: url(archived), merged: url(merged), survivor: url(survivor) };
  const live = await database.rows<{ type: string; slug: string }>(
    sql`SELECT type, slug FROM listings WHERE processing_status = 'published' AND NOT noindex ORDER BY slug`,
  );
  published = live.map(url);
});

afterAll(async () => {
  await database?.close();
});

/** Every listing URL across all files of the index, file by file. */
async function allFiles(perFile: number, batch?: number): Promise<string[][]> {
  const files = await listingSitemapFiles(database, perFile);
  return Promise.all(
    files.map(async (file) => (await listingSitemapEntries(database, ORIGIN, file.index, perFile, batch))!.map((e) => e.loc)),
  );
}

describe("listing sitemaps", () => {
  it("list every published listing once, and no archived, merged or noindex one", async () => {
    const [only] = await allFiles(50_000);
    expect(only).toEqual(published);
    expect(published.length).toBe(57);
    for (const gone of [excluded.noindex, excluded.archived, excluded.merged]) expect(only).not.toContain(gone);
    expect(only).toContain(excluded.survivor);
  });

  it("include listings above the public tier: their teaser pages are real pages", async () => {
    const [row] = await database.rows<{ type: string; slug: string }>(
      sql`SELECT type, slug FROM listings WHERE visibility = 'premium' AND processing_status = 'published' AND NOT noindex LIMIT 1`,
    );
    expect((await allFiles(50_000))[0]).toContain(url(row!));
  });

  it("split into files of at most the page size, in order, together listing everything once", async () => {
    const files = await allFiles(10);
    expect(files.map((f) => f.length)).toEqual([10, 10, 10, 10, 10, 7]);
    expect(files.flat()).toEqual(published);
  });

  it("read each file in keyset batches without losing or repeating a row", async () => {
    expect((await allFiles(25, 4)).flat()).toEqual(published);
    expect((await allFiles(57, 57)).flat()).toEqual(published);
  });

  it("answer null for a file past the end", async () => {
    expect(await listingSitemapEntries(database, ORIGIN, 7, 10)).toBeNull();
    expect(await listingSitemapEntries(database, ORIGIN, 2)).toBeNull();
  });

  it("carry the newest change a visitor can see as lastmod, never a hidden field's (issue 29 §3)", async () => {
    const [listing] = await database.rows<{ id: string; type: string; slug: string }>(
      sql`SELECT id, type, slug FROM listings WHERE processing_status = 'published' AND NOT noindex AND visibility = 'public' ORDER BY slug LIMIT 1`,
    );
    const entry = (setAt: string) => ({ source: "operator_edit", setAt, confirmedAt: setAt });
    const sources = { name: entry("2025-01-10T09:00:00.000Z"), tagline: entry("2025-01-12T09:00:00.000Z") };
    const write = async (fields: object, updatedAt: string) => {
      await database.rows(sql`INSERT INTO listing_field_sources (listing_id, fields) VALUES (${listing!.id}, ${JSON.stringify(fields)}::jsonb)
        ON CONFLICT (listing_id) DO UPDATE SET fields = EXCLUDED.fields`);
      await database.rows(sql`UPDATE listings SET updated_at = ${updatedAt} WHERE id = ${listing!.id}`);
    };
    const lastmodOf = async () =>
      (await listingSitemapEntries(database, ORIGIN, 1))!.find((e) => e.loc === url(listing!))!.lastmod?.toISOString();

    await write(sources, "2025-01-12T09:00:00Z");
    expect(await lastmodOf()).toBe("2025-01-12T09:00:00.000Z");
    // An operator sets, then empties, the premium-only phone: the row's updated_at moves, what a visitor sees does not.
    await write({ ...sources, phone: entry("2025-03-01T09:00:00.000Z") }, "2025-03-01T09:00:00Z");
    expect(await lastmodOf()).toBe("2025-01-12T09:00:00.000Z");
    await write({ ...sources, phone: entry("2025-03-02T09:00:00.000Z") }, "2025-03-02T09:00:00Z");
    expect(await lastmodOf()).toBe("2025-01-12T09:00:00.000Z");
    // A visible change does move it.
    await write({ ...sources, tagline: entry("2025-03-03T09:00:00.000Z") }, "2025-03-03T09:00:00Z");
    expect(await lastmodOf()).toBe("2025-03-03T09:00:00.000Z");
  });
});

describe("sitemap index", () => {
  it("names the fixed pages' file and one file per page of listings, without a lastmod a hidden change could move", async () => {
    await database.rows(sql`UPDATE listings SET updated_at = '2025-02-01T00:00:00Z' WHERE slug = (
      SELECT slug FROM listings WHERE processing_status = 'published' AND NOT noindex ORDER BY slug DESC LIMIT 1)`);
    const index = await sitemapIndexEntries(database, ORIGIN, 20);
    expect(index.map((e) => e.loc)).toEqual([
      `${ORIGIN}/sitemaps/pages.xml`,
      `${ORIGIN}/sitemaps/listings-1.xml`,
      `${ORIGIN}/sitemaps/listings-2.xml`,
      `${ORIGIN}/sitemaps/listings-3.xml`,
    ]);
    expect(index.every((e) => e.lastmod === undefined)).toBe(true);
  });

  it("names only the fixed pages when there are no listings", async () => {
    const empty = await openTestDatabase();
    try {
      expect((await sitemapIndexEntries(empty, ORIGIN)).map((e) => e.loc)).toEqual([`${ORIGIN}/sitemaps/pages.xml`]);
    } finally {
      await empty.close();
    }
  });
});

describe("fixed pages", () => {
  it("list the public pages under their canonical addresses, no alias and no operator page", () => {
    const locs = staticPageEntries(ORIGIN).map((e) => e.loc);
    expect(locs).toContain(`${ORIGIN}/`);
    expect(locs).toContain(`${ORIGIN}/listings?type=startup`);
    expect(locs).toContain(`${ORIGIN}/privacy-policy`);
    expect(locs).toContain(`${ORIGIN}/terms`);
    // The API's documentation is a public page too (issue 29 finding 12).
    expect(locs).toContain(`${ORIGIN}/developers`);
    for (const path of ["/service-landing-2", "/directory", "/listing-landing-3", "/seo-test", "/settings"])
      expect(locs).not.toContain(`${ORIGIN}${path}`);
  });
});
