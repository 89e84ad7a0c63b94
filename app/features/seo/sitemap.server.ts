import { and, asc, eq, gt, gte, sql } from "drizzle-orm";
import * as s from "#db/schema/index.ts";
import type { Database } from "~/lib/db.server.ts";
import { getFieldRules } from "../access/field-rules.server.ts";
import { getFieldSources } from "../catalog/field-provenance.server.ts";
import { LISTING_TYPES } from "../catalog/listing-types.ts";
import { DIRECTORY_PATH, directoryPath, profilePath } from "./canonical.ts";
import { absoluteUrl } from "./meta-tags.ts";
import { MAX_URLS_PER_SITEMAP, sitemapFileName, type SitemapEntry } from "./sitemap-xml.ts";
import { visitorLastChange } from "./visitor-last-change.ts";

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

/**
 * One entry per listings sitemap, in slug order. No lastmod: the newest change a visitor can see across 50,000
 * listings would mean reading all their provenance, and the rows' updated_at also moves with hidden fields (issue 29).
 */
export async function listingSitemapFiles(database: Database, perFile = MAX_URLS_PER_SITEMAP): Promise<Array<{ index: number }>> {
  const [row] = await database.db
    .select({ listings: sql<string | number>`count(*)` })
    .from(l)
    .where(indexable);
  const files = Math.ceil(Number(row?.listings ?? 0) / perFile);
  return Array.from({ length: files }, (_, i) => ({ index: i + 1 }));
}

/** The sitemap index: the fixed pages' file, then one file per 50,000 listings. */
export async function sitemapIndexEntries(database: Database, origin: string, perFile = MAX_URLS_PER_SITEMAP): Promise<SitemapEntry[]> {
  const files = await listingSitemapFiles(database, perFile);
  return [
    { loc: absoluteUrl(origin, `/sitemaps/${sitemapFileName({ kind: "pages" })}`) },
    ...files.map((file) => ({ loc: absoluteUrl(origin, `/sitemaps/${sitemapFileName({ kind: "listings", index: file.index })}`) })),
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
  const rules = await getFieldRules(database);
  let after: string | null = null;
  while (entries.length < perFile) {
    const limit = Math.min(batch, perFile - entries.length);
    const rows = await db
      .select({ id: l.id, type: l.type, slug: l.slug, visibility: l.visibility, fieldVisibility: l.fieldVisibility })
      .from(l)
      .where(and(indexable, after === null ? gte(l.slug, first.slug) : gt(l.slug, after)))
      .orderBy(asc(l.slug))
      .limit(limit);
    const sources = await getFieldSources(
      db,
      rows.map((row) => row.id),
    );
    for (const row of rows) {
      const lastmod = visitorLastChange(sources.get(row.id) ?? {}, row, rules);
      entries.push({ loc: absoluteUrl(origin, profilePath(row.type, row.slug)), lastmod });
    }
    if (rows.length < limit) break;
    after = rows[rows.length - 1]!.slug;
  }
  return entries;
}
