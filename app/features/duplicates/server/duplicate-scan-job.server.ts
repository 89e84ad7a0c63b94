/**
 * A cleanup of more than one batch, as a job (issue 5 §3, DESIGN D10). The directory's pairs are scored once (a
 * whole-directory scan: 5 s at 100,000 listings), then the batches are walked in creation order, acting on the
 * pairs that touch each batch, with the running answer and a cursor saved after every batch: the screen shows
 * live progress, and a scan interrupted by a restart resumes after its last finished batch.
 */
import { and, asc, gt, ne, or, eq, sql } from "drizzle-orm";
import { listings } from "#db/schema/listings.ts";
import type { Database } from "~/lib/db.server.ts";
import { enqueueJob, type Job } from "~/lib/job-queue.server.ts";
import { throwIfInterrupted, type JobContext } from "~/lib/job-worker.server.ts";
import { combineCleanup, ScanRequest, type CleanupResponse } from "../cleanup-response.ts";
import { cleanupBatch, countLiveListings, recordBatchAudit } from "./cleanup.server.ts";
import { findDuplicates, type ScoredPair } from "./duplicate-scan.server.ts";
import { plural } from "~/lib/wording.ts";

export const DUPLICATE_SCAN_JOB = "duplicate_scan";

/** Saved with every finished batch: where the next one starts, and the answer so far. */
interface ScanCursor {
  after: { createdAt: string; id: string } | null;
  batchesDone: number;
  rowsDone: number;
  mergedAway: string[];
  handledPairs: string[];
  answer: CleanupResponse | null;
}

export async function startDuplicateScan(database: Database, request: ScanRequest, admin: { id: string }): Promise<Job> {
  return enqueueJob(database, { jobType: DUPLICATE_SCAN_JOB, parameters: request, createdBy: admin.id });
}

/** The first listing of the scan: `batchOffset` listings into the creation order. */
async function startingPoint(database: Database, offset: number): Promise<ScanCursor["after"]> {
  if (offset === 0) return null;
  const [row] = await database.db
    .select({ id: listings.id, createdAt: listings.createdAt })
    .from(listings)
    .where(ne(listings.processingStatus, "merged"))
    .orderBy(asc(listings.createdAt), asc(listings.id))
    .offset(offset - 1)
    .limit(1);
  return row
    ? { id: row.id, createdAt: row.createdAt.toISOString() }
    : { id: "ffffffff-ffff-ffff-ffff-ffffffffffff", createdAt: "9999-12-31T00:00:00Z" };
}

async function nextBatch(database: Database, after: ScanCursor["after"], size: number) {
  const afterCursor = after
    ? or(
        gt(listings.createdAt, new Date(after.createdAt)),
        and(eq(listings.createdAt, new Date(after.createdAt)), sql`${listings.id} > ${after.id}::uuid`),
      )
    : undefined;
  return database.db
    .select({ id: listings.id, name: listings.name, createdAt: listings.createdAt })
    .from(listings)
    .where(and(ne(listings.processingStatus, "merged"), afterCursor))
    .orderBy(asc(listings.createdAt), asc(listings.id))
    .limit(size);
}

const pairKey = (p: ScoredPair) => `${p.a}|${p.b}`;

export async function runDuplicateScanJob({ database, job, progress, signal }: JobContext): Promise<CleanupResponse | null> {
  const request = ScanRequest.parse(job.parameters);
  const admin = job.createdBy ? { id: job.createdBy } : null;
  const saved = job.processedOutput as ScanCursor | null;
  const cursor: ScanCursor = saved ?? {
    after: await startingPoint(database, request.batchOffset),
    batchesDone: 0,
    rowsDone: 0,
    mergedAway: [],
    handledPairs: [],
    answer: null,
  };
  const total = await countLiveListings(database);
  const remaining = Math.max(0, total - request.batchOffset);
  const batchesWanted = Math.ceil(
    Math.min(remaining, request.batches === null ? remaining : request.batches * request.batchSize) / request.batchSize,
  );
  await progress({ done: cursor.batchesDone, total: batchesWanted, message: "Scoring candidate pairs across the directory…" });

  const byListing = new Map<string, ScoredPair[]>();
  for (const pair of (await findDuplicates(database)).filter((p) => p.score >= request.similarity)) {
    for (const id of [pair.a, pair.b]) byListing.set(id, [...(byListing.get(id) ?? []), pair]);
  }
  const mergedAway = new Set(cursor.mergedAway);
  const handled = new Set(cursor.handledPairs);

  while (cursor.batchesDone < batchesWanted) {
    throwIfInterrupted(signal);
    const batch = await nextBatch(database, cursor.after, request.batchSize);
    if (!batch.length) break;
    // Each pair once, in the first batch that reaches it.
    const pairs = [...new Set(batch.flatMap((b) => byListing.get(b.id) ?? []))].filter((p) => !handled.has(pairKey(p)));
    for (const pair of pairs) handled.add(pairKey(pair));
    const answer = await cleanupBatch(database, {
      batch,
      pairs,
      request,
      admin,
      rowStart: request.batchOffset + cursor.rowsDone,
      total,
      mergedAway,
    });
    cursor.answer = combineCleanup(cursor.answer, answer);
    cursor.after = { id: batch.at(-1)!.id, createdAt: batch.at(-1)!.createdAt.toISOString() };
    cursor.batchesDone += 1;
    cursor.rowsDone += batch.length;
    cursor.mergedAway = [...mergedAway];
    cursor.handledPairs = [...handled];
    const a = cursor.answer.results;
    await progress({
      done: cursor.batchesDone,
      total: batchesWanted,
      message: `Batch ${cursor.batchesDone} of ${batchesWanted}: ${plural(cursor.rowsDone, "company")} checked, ${plural(a.duplicatesFound, "duplicate")} found, ${a.duplicatesResolved} merged, ${a.manualReviewRequired} for review.`,
      companiesProcessed: cursor.rowsDone,
      updatedRecords: a.duplicatesResolved,
      processedOutput: cursor,
    });
  }
  if (cursor.answer) await recordBatchAudit(database, cursor.answer, request, admin);
  return cursor.answer;
}
