/**
 * The provider import job against every fault of the local fake provider (issue 7, Tests; spec 02 §8), over real
 * HTTP and through the real job worker: for each fault the job ends in the right state, with the provider's words
 * in its error log, the right counters (API calls counting retries; pages done before a failure kept), and every
 * company the provider served imported exactly once: none lost, none duplicated. Each test imports its own pages,
 * so the listing counts of one test do not depend on another.
 */
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/lib/db.server.ts";
import { getJob, type Job } from "~/lib/job-queue.server.ts";
import { jobView } from "~/lib/job-view.ts";
import { JobWorker } from "~/lib/job-worker.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { startFakeProvider, type Fault, type FakeProvider } from "../../../../tests/fakes/lead-provider.ts";
import { fetchAllowing } from "../../../../tests/support/allow-local.ts";
import { manualTimeLimits } from "../../../../tests/support/manual-time-limits.ts";
import { countImportRows, namesNotImportedOnce, servedPages, type ServedPage } from "../../../../tests/support/provider-expectations.ts";
import { AUTH_FAILED, createProviderClient, KEY_REQUIRED, UNEXPECTED_FORMAT } from "./provider-client.server.ts";
import { PROVIDER_IMPORT_JOB, providerImportHandler, startProviderImport, type ImportCounters } from "./provider-import-job.server.ts";
import { ProviderQuery, type ProviderEndpoint } from "./provider-query.ts";

let database: Database;
let fake: FakeProvider;

beforeAll(async () => {
  database = await openTestDatabase();
  fake = await startFakeProvider();
});

afterAll(async () => {
  await fake?.close();
  await database?.close();
});

afterEach(() => {
  fake.setFault("none");
  fake.onHold = null;
});

interface RunOptions {
  endpoint?: ProviderEndpoint;
  /** page, maxJobs (maxResults is 20, the provider's minimum batch). */
  page: number;
  maxJobs?: number;
  /** The key the client sends; null: none configured. Default: the fake's key. */
  apiKey?: string | null;
  timeoutMs?: number;
  /** A fault switched on when the client first asks for this page (so "from page 2" is exact, not a race). */
  faultFrom?: { page: number; fault: Fault };
  /** Rewrites the provider's JSON answer before the client reads it (a record the importer cannot write). */
  rewrite?: (body: { data: Record<string, unknown>[] }) => void;
}

interface Run {
  job: Job;
  /** The cursor and counters the handler saved (spec 02 §3's totals plus pages, errors, review). */
  counters: ImportCounters;
  nextPage: number;
  /** HTTP statuses the fake answered for this run, in order. */
  statuses: number[];
  /** The pages this run asked for (every call, retries included, as the fake answered them). */
  pagesAsked: number[];
  /** The back-off waits the client asked for. */
  sleeps: number[];
  pages: ServedPage[];
  /** Rows added by this run, per table. */
  added: Awaited<ReturnType<typeof countImportRows>>;
}

const pageOf = (url: string) => Number(new URL(url, "http://x").searchParams.get("page"));

/** Queues the import, lets a real JobWorker run it against the fake, and reports what happened. */
async function runImport(options: RunOptions): Promise<Run> {
  const endpoint = options.endpoint ?? "funding";
  const query = ProviderQuery.parse({ page: options.page, maxResults: 20, maxJobs: options.maxJobs ?? 1 });
  const sleeps: number[] = [];
  let armed = false;
  const fetchThrough: typeof fetch = async (input, init) => {
    if (options.faultFrom && !armed && pageOf(String(input)) === options.faultFrom.page) {
      armed = true;
      fake.setFault(options.faultFrom.fault);
    }
    const response = await fetchAllowing(fake.url)(input, init);
    if (!options.rewrite || !response.ok) return response;
    const body = (await response.json()) as { data: Record<string, unknown>[] };
    options.rewrite(body);
    return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
  };
  // A call's time limit runs out only once the fake holds its answer back: no call times out for a slow machine.
  const limits = manualTimeLimits();
  fake.onHold = () => limits.runOut();
  const client = createProviderClient({
    baseUrl: fake.url,
    apiKey: options.apiKey === null ? undefined : (options.apiKey ?? fake.apiKey),
    timeoutMs: options.timeoutMs ?? 5_000,
    timeoutSignal: limits.signal,
    maxRetries: 2,
    baseDelayMs: 1,
    fetch: fetchThrough,
    sleep: async (ms) => void sleeps.push(ms),
  });
  const before = await countImportRows(database);
  const requestsBefore = fake.requests.length;
  const queued = await startProviderImport(database, { endpoint, query }, null);
  await new JobWorker(database, { [PROVIDER_IMPORT_JOB]: providerImportHandler(() => client) }).tick();
  const job = (await getJob(database, queued.id))!;
  const after = await countImportRows(database);
  const cursor = (job.processedOutput ?? {}) as { counters?: ImportCounters; nextPage?: number };
  const requests = fake.requests.slice(requestsBefore);
  return {
    job,
    counters: cursor.counters!,
    nextPage: cursor.nextPage!,
    statuses: requests.map((r) => r.status),
    pagesAsked: requests.map((r) => pageOf(r.url)),
    sleeps,
    pages: servedPages(endpoint, query),
    added: Object.fromEntries(Object.entries(after).map(([table, n]) => [table, n - before[table as keyof typeof before]])) as Run["added"],
  };
}

const names = (pages: ServedPage[]) => pages.flatMap((p) => p.companies.map((c) => c.name));
const companyCount = (pages: ServedPage[]) => names(pages).length;

/** A job that imported these pages completely: each company once, the counters saying so. */
async function expectImported(run: Run, pages: ServedPage[]) {
  const expected = companyCount(pages);
  expect(expected).toBeGreaterThan(10);
  expect(run.job.companiesProcessed).toBe(expected);
  // Created, or created and queued for review against a similar one: a new listing either way.
  expect(run.counters.created + run.counters.review).toBe(expected);
  expect(run.job.newRecordsAdded).toBe(run.counters.created);
  expect(run.added.listings).toBe(expected);
  expect(run.added.listing_sources).toBe(expected);
  expect(await namesNotImportedOnce(database, names(pages))).toEqual({});
}

/** Nothing of these pages reached the directory. */
async function expectNothingImported(pages: ServedPage[]) {
  const missing = await namesNotImportedOnce(database, names(pages));
  expect(Object.values(missing).every((n) => n === 0)).toBe(true);
  expect(Object.keys(missing)).toHaveLength(companyCount(pages));
}

/** A failed job: its reason last in the error log and as its progress line, no worker holding it. */
function expectFailed(run: Run, reason: string) {
  expect(run.job.status).toBe("failed");
  expect(run.job.errorLog.at(-1)).toBe(reason);
  expect(run.job.progressMessage).toBe(reason);
  expect(run.job.lockedBy).toBeNull();
  expect(run.job.completedAt).toBeInstanceOf(Date);
}

describe("provider import faults", () => {
  it("a 429 that clears: the page is retried after the provider's Retry-After and imported once", async () => {
    const run = await runImport({ page: 1, faultFrom: { page: 1, fault: { mode: "429", times: 2, retryAfter: 7 } } });
    expect(run.job.status).toBe("completed");
    expect(run.job.errorLog).toEqual([]);
    expect(jobView(run.job).outcome).toBe("completed");
    expect(run.job.progressMessage).toBe("Completed.");
    expect(run.statuses).toEqual([429, 429, 200]);
    expect(run.sleeps).toEqual([7_000, 7_000]);
    expect(run.job.apiCallsMade).toBe(3);
    expect(run.job.progressDone).toBe(1);
    await expectImported(run, run.pages);
  });

  it("a 429 that does not clear fails the job with the provider's message after the retries, keeping page 1", async () => {
    const run = await runImport({ page: 2, maxJobs: 2, faultFrom: { page: 3, fault: { mode: "429", retryAfter: 0 } } });
    expectFailed(run, "HTTP 429: Too Many Requests (after 3 attempts)");
    expect(run.statuses).toEqual([200, 429, 429, 429]);
    expect(run.job.apiCallsMade).toBe(4);
    expect(run.job).toMatchObject({ progressDone: 1, progressTotal: 2 });
    expect(run.nextPage).toBe(3);
    const [done, failed] = run.pages as [ServedPage, ServedPage];
    await expectImported(run, [done]);
    await expectNothingImported([failed]);
  });

  it("a 500 that clears: completed, the API calls counting the retry", async () => {
    const run = await runImport({ page: 4, faultFrom: { page: 4, fault: { mode: "500", times: 1 } } });
    expect(run.job.status).toBe("completed");
    expect(run.job.errorLog).toEqual([]);
    expect(run.statuses).toEqual([500, 200]);
    expect(run.job.apiCallsMade).toBe(2);
    await expectImported(run, run.pages);
  });

  it("a 500 from page 2 of 3 fails the job with its reason, page 1 stays, and a re-run completes it without duplicates", async () => {
    const run = await runImport({ page: 5, maxJobs: 3, faultFrom: { page: 6, fault: { mode: "500" } } });
    expectFailed(run, "HTTP 500: Internal Server Error (after 3 attempts)");
    expect(run.pagesAsked).toEqual([5, 6, 6, 6]);
    expect(run.job).toMatchObject({ progressDone: 1, progressTotal: 3, apiCallsMade: 4 });
    const [first, ...rest] = run.pages as [ServedPage, ...ServedPage[]];
    await expectImported(run, [first]);
    await expectNothingImported(rest);

    fake.setFault("none");
    const again = await runImport({ page: 5, maxJobs: 3 });
    expect(again.job.status).toBe("completed");
    expect(again.job.errorLog).toEqual([]);
    expect(again.job).toMatchObject({ progressDone: 3, progressTotal: 3, apiCallsMade: 3, updatedRecords: 0 });
    expect(again.job.companiesProcessed).toBe(companyCount(again.pages));
    // Page 1's companies are found again and left alone; the other two pages are new.
    expect(again.counters.skipped).toBe(companyCount([first]));
    expect(again.counters.created + again.counters.review).toBe(companyCount(rest));
    expect(again.added.listings).toBe(companyCount(rest));
    expect(await namesNotImportedOnce(database, names(again.pages))).toEqual({});
  });

  it("an answer slower than the client's timeout is retried, and a provider that stays slow fails the job", async () => {
    const once = await runImport({ page: 8, timeoutMs: 250, faultFrom: { page: 8, fault: { mode: "slow", times: 1 } } });
    expect(once.job.status).toBe("completed");
    expect(once.job.apiCallsMade).toBe(2);
    await expectImported(once, once.pages);

    const stuck = await runImport({ page: 9, timeoutMs: 250, faultFrom: { page: 9, fault: { mode: "slow" } } });
    expectFailed(stuck, "No answer from the provider within 0.25 s (after 3 attempts)");
    expect(stuck.job).toMatchObject({ apiCallsMade: 3, progressDone: 0, companiesProcessed: 0, newRecordsAdded: 0 });
    expect(stuck.added.listings).toBe(0);
    await expectNothingImported(stuck.pages);
  });

  it("a malformed answer fails at once with the spec's words, whether an HTML page or JSON of another shape", async () => {
    for (const body of ["html", "json"] as const) {
      const run = await runImport({ page: 10, faultFrom: { page: 10, fault: { mode: "malformed", body } } });
      expectFailed(run, UNEXPECTED_FORMAT);
      expect(UNEXPECTED_FORMAT).toBe("Unexpected response format - API may have changed");
      // Not retried: the same question would get the same answer.
      expect(run.statuses).toEqual([200]);
      expect(run.job).toMatchObject({ apiCallsMade: 1, progressDone: 0, companiesProcessed: 0 });
      expect(run.added.listings).toBe(0);
      await expectNothingImported(run.pages);
    }
  });

  it("a key the provider refuses fails at once with 'Authentication failed - check API key'", async () => {
    const run = await runImport({ page: 10, apiKey: "lot_wrong_key_9876543210" });
    expectFailed(run, AUTH_FAILED);
    expect(AUTH_FAILED).toBe("Authentication failed - check API key");
    expect(run.statuses).toEqual([401]);
    expect(run.sleeps).toEqual([]);
    expect(run.job).toMatchObject({ apiCallsMade: 1, progressDone: 0, companiesProcessed: 0 });
    // The wrong key is in no message either.
    expect(JSON.stringify(run.job)).not.toContain("lot_wrong_key_9876543210");
    await expectNothingImported(run.pages);
  });

  it("no key fails with 'API key is required' before any call", async () => {
    const run = await runImport({ page: 10, apiKey: null });
    expectFailed(run, KEY_REQUIRED);
    expect(KEY_REQUIRED).toBe("API key is required");
    expect(run.statuses).toEqual([]);
    expect(run.job).toMatchObject({ apiCallsMade: 0, progressDone: 0, companiesProcessed: 0 });
    expect(run.added.listings).toBe(0);
  });

  /** Page 11 with one named company's amount in the wrong unit: 10^21 does not fit numeric(18, 2). */
  const importWithRefusedCompany = async () => {
    let refused: string | undefined;
    const run = await runImport({
      page: 11,
      rewrite: (body) => {
        const record = body.data.find((r) => typeof r.company_name === "string" && r.company_name && typeof r.contact_info !== "string");
        record!.funding_amount = "1000000000000000000000";
        refused = String(record!.company_name);
      },
    });
    return { run, refused: refused! };
  };
  let refusedRun: { run: Run; refused: string } | undefined;

  it("a company the database refuses is logged in the job's error log and the others are imported", async () => {
    refusedRun = await importWithRefusedCompany();
    const { run, refused } = refusedRun;
    const all = names(run.pages);
    expect(all).toContain(refused);
    expect(run.job.status).toBe("completed");
    expect(run.job.errorLog).toHaveLength(1);
    // What the job card and /api/admin/jobs say: not a plain "completed" over a failed record.
    expect(jobView(run.job).outcome).toBe("completed with 1 error");
    expect(run.job.progressMessage).toBe("Completed with 1 error.");
    expect(run.job.errorLog[0]!.startsWith(`${refused}: `)).toBe(true);
    expect(run.counters.errors).toBe(1);
    expect(run.job.companiesProcessed).toBe(all.length);
    expect(run.counters.created + run.counters.review).toBe(all.length - 1);
    expect(run.added.listings).toBe(all.length - 1);
    expect(run.added.listing_sources).toBe(all.length - 1);
    expect(
      await namesNotImportedOnce(
        database,
        all.filter((n) => n !== refused),
      ),
    ).toEqual({});
    // Its transaction left nothing behind: no listing, no source row, no round.
    expect(await namesNotImportedOnce(database, [refused])).toEqual({ [refused]: 0 });
    const [orphans] = await database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM funding_rounds f LEFT JOIN listings l ON l.id = f.listing_id WHERE l.id IS NULL`,
    );
    expect(orphans!.n).toBe(0);
  });

  it("the error log gives the operator the database's reason for a refused company, not the SQL and its parameters", async () => {
    const { run, refused } = refusedRun ?? (await importWithRefusedCompany());
    const line = run.job.errorLog[0]!;
    expect(line).toMatch(new RegExp(`^${refused}: .*numeric field overflow`));
    // The statement and its parameters (the team's e-mail addresses among them) are for the server log, not the job.
    expect(line).not.toMatch(/insert into|params:/i);
    expect(line).not.toMatch(/@/);
  });

  it("the same import run twice creates no new listings, sources, rounds, investors or team members", async () => {
    for (const [endpoint, page, maxJobs] of [
      ["funding", 12, 1],
      ["m-a", 1, 2],
    ] as const) {
      const first = await runImport({ endpoint, page, maxJobs });
      expect(first.job.status).toBe("completed");
      await expectImported(first, first.pages);
      expect(first.added.team_members).toBeGreaterThan(0);
      if (endpoint === "funding") expect(first.added.funding_rounds).toBeGreaterThan(0);

      const second = await runImport({ endpoint, page, maxJobs });
      expect(second.job.status).toBe("completed");
      expect(second.job.errorLog).toEqual([]);
      expect(second.job).toMatchObject({ progressDone: maxJobs, apiCallsMade: maxJobs, newRecordsAdded: 0, updatedRecords: 0 });
      expect(second.job.companiesProcessed).toBe(companyCount(second.pages));
      expect(second.counters.skipped).toBe(companyCount(second.pages));
      expect(second.added).toEqual({ listings: 0, listing_sources: 0, funding_rounds: 0, investor_relationships: 0, team_members: 0 });
      expect(await namesNotImportedOnce(database, names(second.pages))).toEqual({});
    }
  });
});
