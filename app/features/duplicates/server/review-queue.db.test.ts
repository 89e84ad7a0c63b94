/**
 * The cleanup tool and its review queue on the demo data (which plants sure and near duplicates): a dry run
 * changes nothing, a live run merges the sure ones and queues the near ones, a dismissed pair is not raised again,
 * a merge and its undo carry the queued pair with them, members' reports land in the queue, and a scan of many
 * batches run as a job (interrupted half-way and resumed) finds what single batches find.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { duplicateReviews } from "#db/schema/duplicate-reviews.ts";
import { listings } from "#db/schema/listings.ts";
import { seedListings } from "#demo/seed-database.ts";
import { insertMember } from "~/features/introductions/test-support.ts";
import type { Database } from "~/lib/db.server.ts";
import { claimNextJob, getJob, releaseJob, reportProgress } from "~/lib/job-queue.server.ts";
import { JobInterrupted, JobWorker } from "~/lib/job-worker.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import type { CleanupResponse } from "../cleanup-response.ts";
import { runCleanup } from "./cleanup.server.ts";
import { DUPLICATE_SCAN_JOB, runDuplicateScanJob, startDuplicateScan } from "./duplicate-scan-job.server.ts";
import { mergePair } from "./manual-merge.server.ts";
import { undoMerge } from "./merge.server.ts";
import { reportDuplicate } from "./report-duplicate.server.ts";
import { countReviews, decideReview, listReviews } from "./review-queue.server.ts";

let database: Database;
const admin = { id: "queue-admin" };
const ALL = { dryRun: true, similarity: 0.85, batchSize: 100, batchOffset: 0, usePythonService: false } as const;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 300); // plants a sure, a near and a sure duplicate (every 97th listing)
  await insertMember(database, admin.id, "premium", "admin");
});

afterAll(async () => {
  await database?.close();
});

const liveCount = async () =>
  (await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM listings WHERE processing_status <> 'merged'`))[0]!.n;

async function wholeDirectory(request: typeof ALL | (Omit<typeof ALL, "dryRun"> & { dryRun: boolean })): Promise<CleanupResponse[]> {
  const answers = [];
  for (let offset = 0; offset < 300; offset += 100) answers.push(await runCleanup(database, { ...request, batchOffset: offset }, admin));
  return answers;
}

async function runScanJob(parameters: Record<string, unknown>) {
  const job = await startDuplicateScan(database, { ...ALL, batchSize: 50, batches: null, ...parameters } as never, admin);
  await new JobWorker(database, { [DUPLICATE_SCAN_JOB]: runDuplicateScanJob }).tick();
  return (await getJob(database, job.id))!;
}

describe("cleanup and the review queue", () => {
  it("a dry run finds the planted duplicates, says what it would do, and changes nothing", async () => {
    const before = await liveCount();
    const answers = await wholeDirectory(ALL);
    // A pair whose listings fall in two batches is reported by both: count pairs once.
    const merges = [...new Map(answers.flatMap((a) => a.details.mergeOperations).map((m) => [m.summary, m])).values()];
    const reviews = [...new Map(answers.flatMap((a) => a.details.manualReviewItems).map((r) => [r.recordIds.join(), r])).values()];
    expect(merges.length).toBe(2);
    expect(merges.every((m) => m.isSimulation && m.success)).toBe(true);
    expect(reviews.length).toBe(1);
    expect(reviews[0]!.reason).toMatch(/name 1\.00/);
    expect(await liveCount()).toBe(before);
    expect((await countReviews(database)).open).toBe(0);
    const detail = answers[0]!.details.companyDetails.find((d) => d.hasDuplicates);
    expect(detail?.duplicateInfo?.confidence).toMatch(/High Confidence Duplicate|Potential Duplicate/);
  });

  it("a scan of every batch as a job, interrupted half-way and resumed, finds the same", async () => {
    const job = await startDuplicateScan(database, { ...ALL, batchSize: 50, batches: null }, admin);
    // A worker that is told to stop right after its first batch.
    const claimed = (await claimNextJob(database, "first-worker", [DUPLICATE_SCAN_JOB]))!;
    const stop = new AbortController();
    const interrupted = runDuplicateScanJob({
      database,
      job: claimed,
      signal: stop.signal,
      logError: async () => {},
      progress: async (p) => {
        const held = await reportProgress(database, claimed.id, "first-worker", p);
        if (p.done >= 1) stop.abort();
        return held;
      },
    });
    await expect(interrupted).rejects.toBeInstanceOf(JobInterrupted);
    await releaseJob(database, claimed.id, "first-worker");
    const paused = (await getJob(database, job.id))!;
    expect(paused).toMatchObject({ status: "queued", progressDone: 1, progressTotal: 6, companiesProcessed: 50 });

    await new JobWorker(database, { [DUPLICATE_SCAN_JOB]: runDuplicateScanJob }).tick();
    const done = (await getJob(database, job.id))!;
    expect(done.status).toBe("completed");
    const answer = done.processedOutput as CleanupResponse;
    expect(answer.details.companiesProcessed).toBe(300);
    expect(answer.results).toMatchObject({ duplicatesFound: 3, manualReviewRequired: 1, duplicatesResolved: 0 });
    expect(answer.details.companyDetails.map((d) => d.airtableRowNumber)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
  });

  it("a live job merges the sure pairs and queues the near one; the queue follows merges and undos", async () => {
    const before = await liveCount();
    const job = await runScanJob({ dryRun: false });
    expect(job.status).toBe("completed");
    expect((job.processedOutput as CleanupResponse).results.duplicatesResolved).toBe(2);
    expect(await liveCount()).toBe(before - 2);
    const [queued] = await listReviews(database);
    expect(queued?.review).toMatchObject({ source: "scan", status: "open", score: 0.94 });

    // Merging the queued pair (Merge Now) marks it merged; undoing the merge opens it again.
    const merged = await mergePair(database, [queued!.review.listingA, queued!.review.listingB], { admin, dryRun: false });
    expect((await countReviews(database)).merged).toBe(1);
    await undoMerge(database, { mergeId: merged.merge!.mergeId, admin });
    expect((await countReviews(database)).open).toBe(1);

    // Dismissed, it is not raised again by the next live run.
    await decideReview(database, { reviewId: queued!.review.id, decision: "dismiss", admin });
    const again = await wholeDirectory({ ...ALL, dryRun: false });
    expect(again.flatMap((a) => a.details.manualReviewItems)).toEqual([]);
    expect(again.some((a) => a.details.debugLogs.some((l) => l.includes("dismissed")))).toBe(true);
    expect(await countReviews(database)).toEqual({ open: 0, merged: 0, dismissed: 1 });
    await expect(decideReview(database, { reviewId: queued!.review.id, decision: "merge", admin })).rejects.toThrow(/already dismissed/);
  });

  it("a member's report queues the pair once, scored, with the note and the reporter", async () => {
    const member = await insertMember(database, "reporting-member", "subscriber");
    const [x, y] = await database.db
      .select({ id: listings.id, type: listings.type, slug: listings.slug })
      .from(listings)
      .where(eq(listings.processingStatus, "published"))
      .orderBy(listings.name)
      .limit(2);
    const first = await reportDuplicate(database, { listingId: x!.id, duplicateOfId: y!.id, note: "Same team, new name", user: member });
    expect(first).toEqual({ queued: true });
    expect(await reportDuplicate(database, { listingId: y!.id, duplicateOfId: x!.id, note: null, user: member })).toEqual({
      queued: false,
    });
    const [row] = await database.db.select().from(duplicateReviews).where(eq(duplicateReviews.source, "report"));
    expect(row).toMatchObject({ status: "open", note: "Same team, new name", reportedBy: member.id });
    expect(typeof row!.score).toBe("number");
    await expect(reportDuplicate(database, { listingId: x!.id, duplicateOfId: x!.id, note: null, user: member })).rejects.toThrow(
      /two different/,
    );
  });
});
