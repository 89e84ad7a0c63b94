/**
 * A provider import as a durable job (issue 7 §3-4; spec 02 §3 job record, §4): authenticate, then for each page
 * from `query.page` (up to `maxJobs` pages) retrieve, process and push, saving a cursor after every page so a
 * restart resumes at the next page instead of fetching everything again. Counters follow spec 02 §3 (companies
 * processed, new records added, updated records, API calls made, cost); per-company errors go to the job's error
 * log and the run goes on (spec 02 §8); a provider failure fails the job with the provider's message. Each page's logos
 * are copied into our storage before the page is written (copy-logos.server.ts), and the job keeps what its card
 * shows (issue 32): logo counts and first errors, and the first listings it created, merged and sent to review.
 */
import { z } from "zod";
import type { Database } from "~/lib/db.server.ts";
import { getEnv } from "~/lib/env.server.ts";
import { enqueueJob, type Job } from "~/lib/job-queue.server.ts";
import { throwIfInterrupted, type JobContext } from "~/lib/job-worker.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { copyLogos, LOGO_ERRORS_KEPT, logoFetchFromEnv } from "../server/copy-logos.server.ts";
import { importCompanies, type ImportBatchResult } from "../server/import-batch.server.ts";
import { ImportSnapshot } from "../server/import-match.server.ts";
import { toImportedCompanies } from "./map-provider-record.ts";
import { createProviderClient, ProviderError, type ProviderClient } from "./provider-client.server.ts";
import { ProviderQuery } from "./provider-query.ts";

export const PROVIDER_IMPORT_JOB = "provider_import";

export const ProviderImportRequest = z.object({
  endpoint: z.enum(["funding", "m-a"], { error: "endpoint must be funding or m-a." }),
  query: ProviderQuery,
});
export type ProviderImportRequest = z.infer<typeof ProviderImportRequest>;

export interface ImportCounters {
  pages: number;
  received: number;
  dropped: number;
  processed: number;
  created: number;
  merged: number;
  updated: number;
  skipped: number;
  review: number;
  /** Listings whose company-submitted values were kept, the incoming ones sent to review (decision 0115). */
  heldForReview: number;
  errors: number;
  apiCalls: number;
  logosCopied: number;
  logosFailed: number;
  logosUnchanged: number;
}

/** The listings a run touched, by what it did, the first LISTINGS_KEPT of each (the counters say how many in all). */
export interface ImportedListingIds {
  created: string[];
  merged: string[];
  review: string[];
}

/** Saved after every page: where to go on, and the totals so far. */
interface ImportCursor {
  nextPage: number;
  counters: ImportCounters;
  /** The provider's answers as received, newest last, at most RAW_PAGES_KEPT (the job's Raw Output). */
  raw: unknown[];
  /** The first logo failures, "Company: reason" (the counters say how many). */
  logoErrors: string[];
  listings: ImportedListingIds;
}

/** What a provider import job leaves in its record: the last cursor, and whether it ran to the end. */
export type ProviderImportOutput = ImportCursor & { finished?: boolean };

const LISTINGS_KEPT = 20;
const RAW_PAGES_KEPT = 3;
const ZERO: ImportCounters = {
  pages: 0,
  received: 0,
  dropped: 0,
  processed: 0,
  created: 0,
  merged: 0,
  updated: 0,
  skipped: 0,
  review: 0,
  heldForReview: 0,
  errors: 0,
  apiCalls: 0,
  logosCopied: 0,
  logosFailed: 0,
  logosUnchanged: 0,
};

const OUTCOME_LIST = { created: "created", merged: "merged", created_for_review: "review" } as const;

/** Adds a page's listings to the run's lists, each list bounded and without repeats. */
function keepListings(kept: ImportedListingIds, results: ImportBatchResult["results"]) {
  for (const result of results) {
    const list = OUTCOME_LIST[result.outcome as keyof typeof OUTCOME_LIST];
    if (!list || kept[list].length >= LISTINGS_KEPT || kept[list].includes(result.listingId)) continue;
    kept[list].push(result.listingId);
  }
}

export async function startProviderImport(database: Database, request: ProviderImportRequest, createdBy: string | null): Promise<Job> {
  return enqueueJob(database, {
    jobType: PROVIDER_IMPORT_JOB,
    parameters: request,
    createdBy,
    targetCompany: request.query.website ?? request.query.linkedinUrl ?? null,
  });
}

/** The client from the environment (the key never leaves the server; see decision 0024). */
function providerClientFromEnv(): ProviderClient {
  const env = getEnv();
  return createProviderClient({ baseUrl: env.PROVIDER_API_URL, apiKey: env.PROVIDER_API_KEY, timeoutMs: env.PROVIDER_TIMEOUT_MS, logger });
}

/** `logoFetch` downloads the logos: the guarded outbound fetch with a logo's limits unless a test allows its fake. */
export function providerImportHandler(
  client: () => ProviderClient = providerClientFromEnv,
  { logoFetch }: { logoFetch?: typeof fetch } = {},
) {
  return async function runProviderImport({ database, job, progress, signal, logError }: JobContext) {
    const { endpoint, query } = ProviderImportRequest.parse(job.parameters);
    const provider = client();
    const fetchLogo = logoFetch ?? logoFetchFromEnv();
    const saved = job.processedOutput as Partial<ImportCursor> | null;
    // A cursor saved by an older version lacks the newer fields: they start empty.
    const cursor: ImportCursor = {
      nextPage: saved?.nextPage ?? query.page,
      raw: saved?.raw ?? [],
      logoErrors: saved?.logoErrors ?? [],
      listings: saved?.listings ?? { created: [], merged: [], review: [] },
      counters: { ...ZERO, ...saved?.counters },
    };
    const lastPage = query.page + query.maxJobs - 1;
    const totalPages = query.maxJobs;
    const report = (message: string) =>
      progress({
        done: cursor.nextPage - query.page,
        total: totalPages,
        message,
        companiesProcessed: cursor.counters.processed,
        newRecordsAdded: cursor.counters.created,
        updatedRecords: cursor.counters.merged + cursor.counters.updated,
        apiCallsMade: cursor.counters.apiCalls,
        cost: 0,
        processedOutput: cursor,
      });

    // Step 1, authenticate: the client refuses to send anything without a key ('API key is required'), and a key the
    // provider refuses fails the first page with 'Authentication failed - check API key'.
    await report(`Authenticated; fetching ${endpoint} page ${cursor.nextPage} of ${query.page}-${lastPage}.`);

    // The live listings to match against, kept up to date by the pages' writes: loaded once per run (or the last run's
    // when nothing changed since), after the first page arrived, so a refused key fails without the wait.
    let snapshot: ImportSnapshot | undefined;
    while (cursor.nextPage <= lastPage) {
      throwIfInterrupted(signal);
      // Step 2, retrieve.
      let page;
      try {
        page = await provider.fetchPage(endpoint, { ...query, page: cursor.nextPage });
      } catch (error) {
        if (error instanceof ProviderError) cursor.counters.apiCalls += error.attempts;
        await report(`Page ${cursor.nextPage} failed.`);
        throw error;
      }
      cursor.counters.apiCalls += page.attempts;
      cursor.counters.received += page.records.length;
      cursor.counters.dropped += page.dropped;
      cursor.raw = [...cursor.raw, page.raw].slice(-RAW_PAGES_KEPT);

      // Step 3, process: records without a name are dropped (spec 02 §5).
      const now = new Date();
      const { companies, dropped } = toImportedCompanies(page.records, { endpoint, now });
      cursor.counters.dropped += dropped;

      // Step 3b, logos: copied into our storage before anything is written, so no listing ever points elsewhere.
      const logos = await copyLogos(database, companies, { fetch: fetchLogo, source: "provider", signal });
      cursor.counters.logosCopied += logos.copied;
      cursor.counters.logosFailed += logos.failed;
      cursor.counters.logosUnchanged += logos.unchanged;
      cursor.logoErrors = [...cursor.logoErrors, ...logos.errors].slice(0, LOGO_ERRORS_KEPT);

      // Step 4, push: duplicates merged or queued for review, the rest created (issue 7 §3).
      snapshot ??= await ImportSnapshot.forImport(database);
      const pushed = await importCompanies(database, companies, {
        source: "provider",
        now,
        actor: job.createdBy ? { id: job.createdBy } : null,
        snapshot,
      });
      for (const failure of pushed.failures) await logError(`${failure.name}: ${failure.error}`);
      const c = cursor.counters;
      c.processed += pushed.counters.processed;
      c.created += pushed.counters.created;
      c.merged += pushed.counters.merged;
      c.updated += pushed.counters.updated;
      c.skipped += pushed.counters.skipped;
      c.review += pushed.counters.review;
      c.heldForReview += pushed.counters.heldForReview;
      c.errors += pushed.counters.errors;
      keepListings(cursor.listings, pushed.results);
      c.pages += 1;
      cursor.nextPage += 1;
      await report(
        `Page ${cursor.nextPage - 1}: ${page.records.length} received, ${pushed.counters.created} created, ${pushed.counters.merged} merged, ${pushed.counters.skipped} unchanged; ${logos.copied} logos copied, ${logos.failed} failed.`,
      );
      // A short page is the last one: the provider has nothing further for this query.
      if (page.records.length + page.dropped < query.maxResults) break;
    }
    await snapshot?.keepFor(database);
    return { ...cursor, finished: true };
  };
}
