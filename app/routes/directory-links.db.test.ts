/**
 * Links that last (issue 15 §5): a directory address the app produced, or a person typed, keeps showing listings.
 * After the industries migration the flat "AI" means the whole AI category; values that cannot be honoured fall
 * back to the spec's defaults with a notice for the page, and stay a 400 for API clients.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import { enqueueJob } from "~/lib/job-queue.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { JobWorker } from "~/lib/job-worker.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { answerOf, loaderArgs } from "#test-support/test-route.ts";
import { loader as apiLoader } from "./api.listings.ts";
import { runIndustriesMigrationJob } from "~/features/taxonomy/industries-migration-job.server.ts";
import { INDUSTRIES_MIGRATION_JOB } from "~/features/taxonomy/migration-jobs.server.ts";
import { loadDirectoryPage } from "~/features/directory/server/directory-page.server.ts";

let database: Database;
let aiListingsBefore: number;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 150);
  const before = await loadDirectoryPage(database, new URLSearchParams("industries=AI"), { tier: "premium" });
  aiListingsBefore = before.result.pagination.totalRecords;
  await enqueueJob(database, { jobType: INDUSTRIES_MIGRATION_JOB, parameters: {}, createdBy: null });
  await new JobWorker(database, { [INDUSTRIES_MIGRATION_JOB]: runIndustriesMigrationJob }).tick();
  const [renamed] = await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM industries WHERE name = 'AI'`);
  expect(renamed!.n).toBe(0); // the flat record is now "AI: ..."
});

afterAll(async () => {
  await database?.close();
});

const page = (search: string) => loadDirectoryPage(database, new URLSearchParams(search), { tier: "premium" });

describe("after the industries migration", () => {
  it("an old industry link still finds the same listings, with no notice", async () => {
    expect(aiListingsBefore).toBeGreaterThan(0);
    const { result, notices } = await page("industries=AI");
    expect(notices).toEqual([]);
    expect(result.pagination.totalRecords).toBe(aiListingsBefore);
  });

  it("the JSON API takes the old value too", async () => {
    const response = await apiLoader(loaderArgs<Parameters<typeof apiLoader>[0]>(database, "/api/listings?industries=ai"));
    expect(response.status).toBe(200);
    expect(((await response.json()) as { pagination: { totalRecords: number } }).pagination.totalRecords).toBe(aiListingsBefore);
  });
});

describe("values that cannot be honoured", () => {
  it("fall back to the defaults on the page and say so in plain words", async () => {
    const { query, result, notices } = await page("type=bogus&industries=Alchemy&sort=sideways&pageSize=7");
    expect(query.entityType).toBeUndefined();
    expect(query.industries).toEqual([]);
    expect(result.pagination.totalRecords).toBe(150);
    expect(notices).toEqual([
      'Showing every type: "bogus" is not a type of listing.',
      "Showing 25 listings a page: the page size can be 25, 50 or 100.",
      "Showing the usual order: that sort order is unknown.",
      'No industry called "Alchemy": it was left out of the filters.',
    ]);
    expect(notices.join(" ")).not.toMatch(/entityType|pageSize|must be/);
  });

  it("a page past the end shows the last page instead of an empty one beside a total", async () => {
    const { query, result, notices } = await page("page=999");
    expect(query.page).toBe(6);
    expect(result.data).toHaveLength(0 + (150 - 125));
    expect(notices).toEqual(["There is no page 999: showing the last page, 6."]);
  });

  it("stay a 400 with the reason for API clients", async () => {
    const response = await answerOf(apiLoader(loaderArgs<Parameters<typeof apiLoader>[0]>(database, "/api/listings?type=bogus")));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(/entityType must be one of/);
  });
});
