/**
 * A spreadsheet base import as a durable job (issue 7 §3-4, §7): read the whole base through the hosted table API,
 * store the logos, write everything into the directory. The job record carries spec 02 §3's counters (companies
 * processed, new records added, updated records, API calls made), per-record errors go to its error log and the run
 * goes on; a base that cannot be read fails the job with a clear reason. Every write is an upsert, so a job
 * interrupted by a restart simply runs again from the start: what it had written is found and skipped.
 */
import { desc, inArray } from "drizzle-orm";
import { jobs } from "#db/schema/jobs.ts";
import { LOGO_MAX_BYTES, storeImage } from "~/features/media/stored-files.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { getEnv } from "~/lib/env.server.ts";
import { enqueueJob, type Job } from "~/lib/job-queue.server.ts";
import { jobView } from "~/lib/job-view.ts";
import { throwIfInterrupted, type JobContext } from "~/lib/job-worker.server.ts";
import { outboundFetch } from "~/lib/outbound-fetch.server.ts";
import { createSpreadsheetApi, SpreadsheetApiError, type SpreadsheetApi } from "~/lib/spreadsheet-api.server.ts";
import { readBase, type StoreAttachment } from "./read-base.server.ts";
import { MISSING_KEY, SPREADSHEET_IMPORT_JOB, SpreadsheetImportRequest } from "./spreadsheet-import-request.ts";
import { importedHashes, upsertBase, type UpsertReport } from "./upsert-base.server.ts";
import { plural } from "~/lib/wording.ts";

/** Makes the reader for a base; `fetch` counts the API calls, so a factory must pass it on. */
export type ReaderFactory = (baseId: string, fetch: typeof globalThis.fetch) => SpreadsheetApi;

/** The reader from the environment: the key stays on the server, in the Authorization header only (decision 0026). */
export function spreadsheetReaderFromEnv(baseId: string, fetch: typeof globalThis.fetch): SpreadsheetApi {
  const env = getEnv();
  if (!env.SPREADSHEET_API_KEY) throw new Error(MISSING_KEY);
  return createSpreadsheetApi(
    { apiUrl: env.SPREADSHEET_API_URL, apiKey: env.SPREADSHEET_API_KEY, baseId },
    { fetch, maxAttachmentBytes: LOGO_MAX_BYTES },
  );
}

export function startSpreadsheetImport(database: Database, request: SpreadsheetImportRequest, createdBy: string | null): Promise<Job> {
  return enqueueJob(database, { jobType: SPREADSHEET_IMPORT_JOB, parameters: request, createdBy, targetCompany: null });
}

/** The latest spreadsheet imports, newest first, as the imports page lists them. */
export async function listSpreadsheetImportJobs({ db }: Database, limit = 25) {
  const rows = await db
    .select()
    .from(jobs)
    .where(inArray(jobs.jobType, [SPREADSHEET_IMPORT_JOB]))
    .orderBy(desc(jobs.createdAt))
    .limit(limit);
  return rows.map(jobView);
}

/** Stores a logo as our own file (served at /media/{id}): media/stored-files.server.ts's one way to keep an image. */
function storeLogoFile(database: Database): StoreAttachment {
  return (bytes) => storeImage(database, bytes);
}

/** A read failure as the operator should read it in the job's log. */
function explain(error: unknown, baseId: string): Error {
  if (!(error instanceof SpreadsheetApiError)) return error instanceof Error ? error : new Error(String(error));
  if (error.reason === "not_found")
    return new Error(
      error.message.includes("TABLE_NOT_FOUND")
        ? `Base ${baseId} has no Companies table (${error.message})`
        : `Base ${baseId} was not found - check the base id (${error.message})`,
    );
  return new Error(error.message);
}

export interface SpreadsheetImportOutput extends UpsertReport {
  baseId: string;
  apiCalls: number;
  missingTables: string[];
}

/**
 * `baseFetch` makes every request of the import, API calls and logo downloads alike: the guarded outbound fetch
 * (DESIGN D16) unless a test passes one that allows its local servers.
 */
export function spreadsheetImportHandler(makeReader: ReaderFactory = spreadsheetReaderFromEnv, baseFetch: typeof fetch = outboundFetch) {
  return async function runSpreadsheetImport({ database, job, progress, signal, logError }: JobContext): Promise<SpreadsheetImportOutput> {
    const { baseId } = SpreadsheetImportRequest.parse(job.parameters);
    let apiCalls = 0;
    // Only calls to the table API count against its limit and the counter; logo downloads go to the file host.
    const counting: typeof fetch = (input, init) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (new URL(url).pathname.startsWith("/v0/")) apiCalls += 1;
      return baseFetch(input, init);
    };
    const reader = makeReader(baseId, counting);
    const counters = { companiesProcessed: 0, newRecordsAdded: 0, updatedRecords: 0 };
    const report = (done: number, total: number, message: string) =>
      progress({ done, total, message, ...counters, apiCallsMade: apiCalls, cost: 0 }).then(() => throwIfInterrupted(signal));

    await report(0, 0, `Reading base ${baseId}…`);
    const hashes = await importedHashes(database, baseId);
    let read;
    try {
      read = await readBase(reader, {
        storeAttachment: storeLogoFile(database),
        skipLogo: (id, hash) => hashes.get(id) === hash,
        onProgress: (message) => report(0, 0, message),
      });
    } catch (error) {
      await report(0, 0, "The base could not be read.");
      throw explain(error, baseId);
    }
    counters.companiesProcessed = read.counters.read.Companies ?? 0;
    const total = read.companies.length;
    await report(
      0,
      total,
      `Read ${plural(counters.companiesProcessed, "company")}; ${plural(read.counters.attachments.stored, "logo")} stored. Writing…`,
    );

    const result = await upsertBase(database, read, {
      baseId,
      actorId: job.createdBy,
      onProgress: async (done, _total, sofar) => {
        counters.newRecordsAdded = sofar.created;
        counters.updatedRecords = sofar.updated;
        await report(done, total, `Writing companies: ${done} of ${total}.`);
      },
    });
    const companies = result.tables.Companies!;
    counters.newRecordsAdded = companies.created;
    counters.updatedRecords = companies.updated;
    for (const failure of result.failures) await logError(`${failure.table} ${failure.externalId}: ${failure.reason}`);
    await report(
      total,
      total,
      `${companies.created} created, ${companies.updated} updated, ${companies.skipped} unchanged, ${companies.dropped} dropped, ${companies.failed} failed.`,
    );
    return { ...result, baseId, apiCalls, missingTables: read.counters.missingTables };
  };
}
