/**
 * The provider import as a job, against the local fake provider over real HTTP: it completes with spec 02 §3's
 * counters, running it again creates nothing, a provider that keeps failing fails the job with the provider's
 * message, and a run stopped after its first page resumes at the second.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import type { Database } from "~/lib/db.server.ts";
import { claimNextJob, getJob, releaseJob, reportProgress } from "~/lib/job-queue.server.ts";
import { JobInterrupted, JobWorker } from "~/lib/job-worker.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { startFakeProvider, type FakeProvider } from "../../../../tests/fakes/lead-provider.ts";
import { fetchAllowing } from "../../../../tests/support/allow-local.ts";
import { createProviderClient } from "./provider-client.server.ts";
import { PROVIDER_IMPORT_JOB, providerImportHandler, startProviderImport } from "./provider-import-job.server.ts";
import { ProviderQuery } from "./provider-query.ts";

let database: Database;
let fake: FakeProvider;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 60);
  fake = await startFakeProvider();
});

afterAll(async () => {
  await fake?.close();
  await database?.close();
});

const client = () =>
  createProviderClient({
    baseUrl: fake.url,
    apiKey: fake.apiKey,
    maxRetries: 2,
    baseDelayMs: 1,
    sleep: async () => {},
    fetch: fetchAllowing(fake.url),
  });
const worker = () => new JobWorker(database, { [PROVIDER_IMPORT_JOB]: providerImportHandler(client) });
const request = (query: Record<string, unknown>) => ({ endpoint: "funding" as const, query: ProviderQuery.parse(query) });
const count = async (table: string) =>
  (await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0]!.n;

describe("provider import job", () => {
  it("imports two pages with the spec's counters, and a second run creates nothing", async () => {
    const before = await count("listings");
    const job = await startProviderImport(database, request({ maxResults: 20, maxJobs: 2 }), null);
    await worker().tick();
    const done = (await getJob(database, job.id))!;
    expect(done.status).toBe("completed");
    expect(done.progressDone).toBe(2);
    expect(done.apiCallsMade).toBe(2);
    expect(done.companiesProcessed).toBeGreaterThan(30);
    expect(done.newRecordsAdded).toBeGreaterThan(0);
    const created = (await count("listings")) - before;
    expect(created).toBe(done.newRecordsAdded);
    const [rounds, relations, sources] = [
      await count("funding_rounds"),
      await count("investor_relationships"),
      await count("listing_sources"),
    ];

    const again = await startProviderImport(database, request({ maxResults: 20, maxJobs: 2 }), null);
    await worker().tick();
    const second = (await getJob(database, again.id))!;
    expect(second.status).toBe("completed");
    expect(second.newRecordsAdded).toBe(0);
    expect(await count("listings")).toBe(before + created);
    expect([await count("funding_rounds"), await count("investor_relationships"), await count("listing_sources")]).toEqual([
      rounds,
      relations,
      sources,
    ]);
  });

  it("fails with the provider's message when the provider keeps failing, and with the spec's text on a wrong key", async () => {
    fake.setFault({ mode: "500", times: 10 });
    const job = await startProviderImport(database, request({ page: 3 }), null);
    await worker().tick();
    const failed = (await getJob(database, job.id))!;
    expect(failed.status).toBe("failed");
    expect(failed.errorLog.at(-1)).toMatch(/^HTTP 500: /);
    expect(failed.apiCallsMade).toBe(3);

    fake.setFault({ mode: "wrong-key", times: 1 });
    const refused = await startProviderImport(database, request({ page: 3 }), null);
    await worker().tick();
    expect((await getJob(database, refused.id))!.errorLog.at(-1)).toMatch(/^Authentication failed - check API key/);
    fake.setFault("none");
  });

  it("resumes a run stopped after its first page at the second page", async () => {
    const job = await startProviderImport(database, request({ page: 4, maxResults: 20, maxJobs: 2 }), null);
    const claimed = (await claimNextJob(database, "stopping-worker", [PROVIDER_IMPORT_JOB]))!;
    const stop = new AbortController();
    const run = providerImportHandler(client)({
      database,
      job: claimed,
      signal: stop.signal,
      logError: async () => {},
      progress: async (p) => {
        const held = await reportProgress(database, claimed.id, "stopping-worker", p);
        if (p.done >= 1) stop.abort();
        return held;
      },
    });
    await expect(run).rejects.toBeInstanceOf(JobInterrupted);
    await releaseJob(database, claimed.id, "stopping-worker");
    const requestsBefore = fake.requests.length;
    await worker().tick();
    const done = (await getJob(database, job.id))!;
    expect(done).toMatchObject({ status: "completed", progressDone: 2 });
    // Only the second page was fetched after the restart.
    expect(fake.requests.slice(requestsBefore).map((r) => new URL(r.url, fake.url).searchParams.get("page"))).toEqual(["5"]);
  });
});
