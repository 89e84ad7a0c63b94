import { and, eq } from "drizzle-orm";
import * as s from "#db/schema/index.ts";
import type { Database } from "~/lib/db.server.ts";
import { parseDirectoryQuery } from "../directory/directory-filters.ts";
import { getDirectory } from "../directory/server/get-directory.server.ts";
import { paywalledSections } from "../profiles/gated-sections.ts";
import { getListingRecord } from "../profiles/get-listing.server.ts";
import { viewProfile } from "../profiles/view-profile.server.ts";
import { profilePath } from "./canonical.ts";
import { evaluateChecklist, sitemapLocs, type ExcludedProbe, type FetchedPage, type ProfileProbe } from "./crawler-checks.ts";
import { coveragePercent, CRAWLER_VIEWER, type CrawlerView } from "./crawler-coverage.ts";
import { getCrawlerCoverage } from "./crawler-coverage.server.ts";
import type { PageFetcher } from "./crawler-fetch.server.ts";
import type { CrawlerReport } from "./crawler-report.ts";
import { CRAWLER_SAMPLE_SIZE, hiddenValueFragments, sampleListing } from "./crawler-sample.ts";
import { absoluteUrl } from "./meta-tags.ts";

/** Listing sitemaps read to check the sample against (two hold 100,000 listings). */
const MAX_SITEMAP_FILES = 4;
const CONCURRENT_REQUESTS = 3;

/** Runs `work` over `items`, at most `limit` at a time, keeping the order. */
async function pool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The first 5 listings of the directory as an anonymous crawler gets it, each through the profile loader's code. */
async function getSample(database: Database) {
  const parsed = parseDirectoryQuery(new URLSearchParams());
  if (!parsed.ok) throw new Error(parsed.error);
  const directory = await getDirectory(database, parsed.query, CRAWLER_VIEWER);
  const loaded = await Promise.all(
    directory.data.slice(0, CRAWLER_SAMPLE_SIZE).map(async (item) => {
      const [view, record] = await Promise.all([
        viewProfile(database, item.type, item.slug, CRAWLER_VIEWER),
        getListingRecord(database, item.type, item.slug),
      ]);
      if (!record || (view.status !== "ok" && view.status !== "locked")) return null;
      const crawlerView: CrawlerView =
        view.status === "ok" ? { status: "ok", listing: view.listing } : { status: "locked", teaser: view.teaser };
      return { view: crawlerView, record };
    }),
  );
  return loaded.filter((entry) => entry !== null);
}

/** One listing of each kind the sitemap must leave out, when the data has one. */
async function getExcluded(database: Database): Promise<Array<{ reason: ExcludedProbe["reason"]; path: string }>> {
  const l = s.listings;
  const one = async (reason: ExcludedProbe["reason"], where: ReturnType<typeof and>) => {
    const [row] = await database.db.select({ type: l.type, slug: l.slug }).from(l).where(where).limit(1);
    return row ? [{ reason, path: profilePath(row.type, row.slug) }] : [];
  };
  const found = await Promise.all([
    one("noindex", and(eq(l.processingStatus, "published"), eq(l.noindex, true))),
    one("archived", eq(l.processingStatus, "archived")),
    one("merged", eq(l.processingStatus, "merged")),
  ]);
  return found.flat();
}

/**
 * Everything the crawler test page shows (spec 02 §2 and §3), from what the server sends an anonymous crawler:
 * the coverage statistics through the same gate as the pages, the first 5 listings through the profile loader's
 * code, and the checklist from the real HTTP responses (`fetchPage`).
 */
export async function getCrawlerReport(database: Database, origin: string, fetchPage: PageFetcher): Promise<CrawlerReport> {
  const [coverage, sample, excluded] = await Promise.all([getCrawlerCoverage(database), getSample(database), getExcluded(database)]);

  const [robots, sitemapIndex, home, directory] = await pool(
    ["/robots.txt", "/sitemap.xml", "/", "/listings"],
    CONCURRENT_REQUESTS,
    fetchPage,
  );
  const files = sitemapIndex!.status === 200 ? sitemapLocs(sitemapIndex!.body).filter((loc) => /\/listings-\d+\.xml$/.test(loc)) : [];
  const sitemapPaths = files.slice(0, MAX_SITEMAP_FILES).map((loc) => new URL(loc).pathname);
  const sitemapFiles = await pool(sitemapPaths, 2, fetchPage);
  const profilePages = await pool(sample, CONCURRENT_REQUESTS, ({ view }) =>
    fetchPage(view.status === "ok" ? profilePath(view.listing.type, view.listing.slug) : profilePath(view.teaser.type, view.teaser.slug)),
  );
  const excludedPages = await pool(excluded, CONCURRENT_REQUESTS, ({ path }) => fetchPage(path));

  const profiles: ProfileProbe[] = sample.map(({ view, record }, i) => {
    const card = view.status === "ok" ? view.listing : view.teaser;
    return {
      name: card.name,
      canonical: absoluteUrl(origin, profilePath(card.type, card.slug)),
      indexable: !record.noindex,
      linkedFromDirectory: view.status === "ok",
      paywalled: view.status === "locked" || paywalledSections(view.listing).length > 0,
      hiddenValues: hiddenValueFragments(record.detail, view),
      page: profilePages[i] as FetchedPage,
    };
  });
  const checks = evaluateChecklist({
    origin,
    robots: robots!,
    sitemapIndex: sitemapIndex!,
    sitemapFiles,
    sitemapFileCount: files.length,
    home: home!,
    directory: directory!,
    profiles,
    excluded: excluded.map((e, i) => ({ reason: e.reason, url: absoluteUrl(origin, e.path), page: excludedPages[i]! })),
    noindexListings: coverage.noindexListings,
  });
  return {
    stats: { ...coverage, coveragePercent: coveragePercent(coverage) },
    checks,
    sample: sample.map(({ view, record }) => sampleListing(view, record.noindex)),
    checkedAt: new Date().toISOString(),
  };
}
