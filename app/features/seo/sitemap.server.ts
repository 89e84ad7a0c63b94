import { and, asc, eq, gt, gte, sql } from "drizzle-orm";
import * as s from "#db/schema/index.ts";
import type { Database } from "~/lib/db.server.ts";
import { LISTING_TYPES } from "../catalog/listing-types.ts";
import { DIRECTORY_PATH, directoryPath, profilePath } from "./canonical.ts";
import { absoluteUrl } from "./meta-tags.ts";
import { MAX_URLS_PER_SITEMAP, sitemapFileName, type SitemapEntry } from "./sitemap-xml.ts";

/** Rows read per query while a listings sitemap is written: a file of 50,000 is read in ten steps. */
const KEYSET_BATCH = 5_000;

/**
 * The fixed public pages. Aliases (/service-landing-2, /directory, /listing-landing-3) are left out: they
 * declare / or /listings as their canonical address.
 */
const STATIC_PAGES: readonly string[] = [
  "/",
  DIRECTORY_PATH,
  ...LISTING_TYPES.map((type) => directoryPath(type)),
  "/service-landing-1",
  "/pilot",
  "/get-featured/startup",
  "/get-featured/partner",
  "/privacy-policy",
  "/terms",
  "/developers",
];

const l = s.listings;
/**
 * Listings search engines may index: published (archived and merged ones are gone; a merged listing's address
 * redirects to its survivor, which is listed itself) and not kept out by their noindex option. Listings above
 * the public tier are included: their page is a real teaser (name, tagline, industries) marked as paywalled.
 */
const indexable = and(eq(l.processingStatus, "published"), eq(l.noindex, false));

export function staticPageEntries(origin: string): SitemapEntry[] {
  return STATIC_PAGES.map((path) => ({ loc: absoluteUrl(origin, path) }));
}

function toDate(epochSeconds: string | number | null): Date | null {
  if (epochSeconds === null) return null;
  const ms = Number(epochSeconds) * 1000;
  return Number.isFinite(ms) ? new Date(ms) : null;
}

/** One entry per listings sitemap, with the newest change among its listings, in slug order. */
export async function listingSitemapFiles(
  database: Database,
  perFile = MAX_URLS_PER_SITEMAP,
): Promise<Array<{ index: number; lastmod: Date | null }>> {
  const ordered = database.db
    .select({
      updatedAt: l.updatedAt,
      chunk: sql<string>`(row_number() OVER (ORDER BY ${l.slug}) - 1) / ${perFile}`.as("chunk"),
    })
    .from(l)
    .where(indexable)
    .as("ordered");
  const rows = await database.db
    .select({ chunk: ordered.chunk, lastmod: sql<string | number | null>`extract(epoch FROM max(${ordered.updatedAt}))` })
    .from(ordered)
    .groupBy(ordered.chunk)
    .orderBy(ordered.chunk);
  return rows.map((row) => ({ index: Number(row.chunk) + 1, lastmod: toDate(row.lastmod) }));
}

/** The sitemap index: the fixed pages' file, then one file per 50,000 listings. */
export async function sitemapIndexEntries(database: Database, origin: string, perFile = MAX_URLS_PER_SITEMAP): Promise<SitemapEntry[]> {
  const files = await listingSitemapFiles(database, perFile);
  return [
    { loc: absoluteUrl(origin, `/sitemaps/${sitemapFileName({ kind: "pages" })}`) },
    ...files.map((file) => ({
      loc: absoluteUrl(origin, `/sitemaps/${sitemapFileName({ kind: "listings", index: file.index })}`),
      lastmod: file.lastmod,
    })),
  ];
}

/**
 * The profiles of listings sitemap number `index` (from 1), or null when there is no such file. The file's first
 * slug is found once; its rows are then read by keyset (slug > last seen), never by a growing offset.
 */
export async function listingSitemapEntries(
  database: Database,
  origin: string,
  index: number,
  perFile = MAX_URLS_PER_SITEMAP,
  batch = KEYSET_BATCH,
): Promise<SitemapEntry[] | null> {
  const { db } = database;
  const [first] = await db
    .select({ slug: l.slug })
    .from(l)
    .where(indexable)
    .orderBy(asc(l.slug))
    .offset((index - 1) * perFile)
    .limit(1);
  if (!first) return null;
  const entries: SitemapEntry[] = [];
  let after: string | null = null;
  while (entries.length < perFile) {
    const limit = Math.min(batch, perFile - entries.length);
    const rows = await db
      .select({ type: l.type, slug: l.slug, updatedAt: l.updatedAt })
      .from(l)
      .where(and(indexable, after === null ? gte(l.slug, first.slug) : gt(l.slug, after)))
      .orderBy(asc(l.slug))
      .limit(limit);
    for (const row of rows) entries.push({ loc: absoluteUrl(origin, profilePath(row.type, row.slug)), lastmod: row.updatedAt });
    if (rows.length < limit) break;
    after = rows[rows.length - 1]!.slug;
  }
  return entries;
}
