import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { parseListingType } from "../catalog/listing-types.ts";
import { viewProfile } from "../profiles/view-profile.server.ts";
import { addToCoverage, crawlerFields, CRAWLER_VIEWER, emptyCoverage, type CrawlerView } from "./crawler-coverage.ts";
import { getCrawlerCoverage } from "./crawler-coverage.server.ts";
import type { FetchedPage } from "./crawler-checks.ts";
import { getCrawlerReport } from "./crawler-report.server.ts";

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 60);
  await database.rows(sql`UPDATE listings SET noindex = true WHERE slug IN (SELECT slug FROM listings ORDER BY slug DESC LIMIT 2)`);
  await database.rows(
    sql`UPDATE listings SET processing_status = 'archived' WHERE slug = (SELECT slug FROM listings ORDER BY slug LIMIT 1)`,
  );
});

afterAll(async () => {
  await database?.close();
});

describe("getCrawlerCoverage", () => {
  it("counts exactly what each published profile sends an anonymous visitor", async () => {
    const rows = await database.rows<{ type: string; slug: string }>(
      sql`SELECT type, slug FROM listings WHERE processing_status = 'published'`,
    );
    let expected = emptyCoverage();
    for (const row of rows) {
      const view = await viewProfile(database, parseListingType(row.type)!, row.slug, CRAWLER_VIEWER);
      if (view.status !== "ok" && view.status !== "locked") throw new Error(`unexpected ${view.status}`);
      const crawlerView: CrawlerView =
        view.status === "ok" ? { status: "ok", listing: view.listing } : { status: "locked", teaser: view.teaser };
      expected = addToCoverage(expected, crawlerFields(crawlerView));
    }
    const coverage = await getCrawlerCoverage(database, 7);
    expect(coverage).toEqual({ ...expected, noindexListings: 2 });
    expect(coverage.totalListings).toBe(59);
    // The demo data gates some fields and some listings: coverage is real, neither none nor all.
    expect(coverage.listingsWithContent).toBeGreaterThan(0);
    expect(coverage.listingsWithContent).toBeLessThan(coverage.totalListings);
  });
});

describe("getCrawlerReport", () => {
  const requested: string[] = [];
  const unreachable = async (path: string): Promise<FetchedPage> => {
    requested.push(path);
    return { path, status: 503, contentType: "text/plain", location: null, robotsHeader: null, body: "" };
  };

  it("samples the first 5 listings of the directory, gated for a crawler, and checks our pages over HTTP", async () => {
    const report = await getCrawlerReport(database, "https://introbase.test", unreachable);
    expect(report.sample).toHaveLength(5);
    expect(report.stats.coveragePercent).toBeCloseTo((report.stats.listingsWithContent / report.stats.totalListings) * 100);
    expect(requested).toEqual(
      expect.arrayContaining(["/robots.txt", "/sitemap.xml", "/", "/listings", ...report.sample.map((s) => s.href)]),
    );
    // One listing the sitemap must leave out, of each kind the data has: noindex and archived here.
    const [archived] = await database.rows<{ type: string; slug: string }>(
      sql`SELECT type, slug FROM listings WHERE processing_status = 'archived'`,
    );
    expect(requested).toContain(`/profile/${archived!.type}/${archived!.slug}`);
    expect(report.checks.find((c) => c.id === "noindex")!.detail).toBe(
      "the noindex listing's page does not say noindex; the archived listing answers 503, not 404",
    );
    // Nothing answered: the items say so instead of the report failing.
    expect(report.checks.find((c) => c.id === "robots")).toMatchObject({ pass: false, detail: "/robots.txt answered 503" });
  });

  it("sends the admin's browser no gated value: the sample holds placeholders", async () => {
    const report = await getCrawlerReport(database, "https://introbase.test", unreachable);
    const names = await database.rows<{ name: string }>(sql`
      SELECT t.name FROM team_members t JOIN listings l ON l.id = t.listing_id
      WHERE l.slug IN (${sql.join(
        report.sample.map((s) => sql`${s.href.split("/").pop()!}`),
        sql`, `,
      )})`);
    expect(names.length).toBeGreaterThan(0);
    const json = JSON.stringify(report);
    for (const { name } of names) expect(json).not.toContain(name);
    expect(report.sample.some((s) => s.team.state === "gated")).toBe(true);
  });
});
