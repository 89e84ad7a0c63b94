/**
 * One batch of the duplicate cleanup tool (spec 02 §2, §5, §7; issue 5 §3-4): listings in the order they were
 * created, their candidate pairs scored, the high-confidence ones merged in live mode (a dry run only says what it
 * would do), the rest listed for manual review (and, in live mode, queued for it). The answer has the spec's shape.
 */
import { asc, count, inArray, ne, sql } from "drizzle-orm";
import { listings } from "#db/schema/listings.ts";
import { recordAudit } from "~/features/audit/audit-log.server.ts";
import type { Database } from "~/lib/db.server.ts";
import type { CleanupRequest, CleanupResponse, Confidence, ManualReviewItem, MergeOperation } from "../cleanup-response.ts";
import { findDuplicates, type ScoredPair } from "./duplicate-scan.server.ts";
import { mergeDuplicate } from "./merge.server.ts";
import { dismissedPairs, isDismissed, queueForReview } from "./review-queue.server.ts";
import { plural } from "~/lib/wording.ts";

export interface BatchListing {
  id: string;
  name: string;
}

/** Listings that are not merged away: the ones the tool checks and counts. */
export async function countLiveListings({ db }: Database): Promise<number> {
  const [{ total }] = (await db.select({ total: count() }).from(listings).where(ne(listings.processingStatus, "merged"))) as [
    { total: number },
  ];
  return total;
}

/** The API's single batch: `batchSize` listings from `batchOffset`, scored against the whole directory. */
export async function runCleanup(database: Database, request: CleanupRequest, admin: { id: string } | null): Promise<CleanupResponse> {
  const started = performance.now();
  const total = await countLiveListings(database);
  const batch = await database.db
    .select({ id: listings.id, name: listings.name })
    .from(listings)
    .where(ne(listings.processingStatus, "merged"))
    .orderBy(asc(listings.createdAt), asc(listings.id))
    .offset(request.batchOffset)
    .limit(request.batchSize);
  let pairs: ScoredPair[] = [];
  let detectionError: string | null = null;
  if (batch.length) {
    try {
      pairs = (await findDuplicates(database, { onlyIds: batch.map((b) => b.id) })).filter((p) => p.score >= request.similarity);
    } catch (error) {
      // Spec 02 §8: duplicate detection errors are treated as no duplicate, and said.
      detectionError = `Duplicate detection failed: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  const response = await cleanupBatch(database, { batch, pairs, request, admin, rowStart: request.batchOffset, total });
  if (detectionError) {
    response.details.errors.unshift(detectionError);
    Object.assign(response, { success: false, error: detectionError });
    response.results.errors = response.details.errors.length;
  }
  response.duration = Math.round(performance.now() - started);
  await recordBatchAudit(database, response, request, admin);
  return response;
}

export async function recordBatchAudit(
  database: Database,
  response: CleanupResponse,
  request: CleanupRequest,
  admin: { id: string } | null,
) {
  await recordAudit(database.db, {
    operation: "cleanup_batch",
    source: admin ? "admin" : "system",
    action: request.dryRun ? "skipped" : "merged",
    actorId: admin?.id ?? null,
    details: { ...response.results, ...response.details.auditInfo, dryRun: request.dryRun, similarity: request.similarity },
  });
}

/** The pairs an operator has not dismissed before, with the lines the log gives about them. */
async function undismissedPairs(database: Database, candidates: ScoredPair[], similarity: number, log: string[]): Promise<ScoredPair[]> {
  const dismissed = await dismissedPairs(
    database,
    candidates.map((p) => [p.a, p.b] as const),
  );
  const pairs = candidates.filter((p) => !isDismissed(dismissed, p.a, p.b));
  if (dismissed.size)
    log.push(`${plural(dismissed.size, "pair")} left out: an operator dismissed ${dismissed.size === 1 ? "it" : "them"} before.`);
  log.push(`${plural(pairs.length, "candidate pair")} at or above ${similarity}.`);
  return pairs;
}

/** The names of the pairs' listings, and which of a pair survives a merge. */
async function pairListings({ db }: Database, pairs: ScoredPair[]) {
  const names = new Map<string, { name: string; createdAt: Date }>();
  const ids = [...new Set(pairs.flatMap((p) => [p.a, p.b]))];
  if (ids.length) {
    for (const row of await db
      .select({ id: listings.id, name: listings.name, createdAt: listings.createdAt })
      .from(listings)
      .where(inArray(listings.id, ids))) {
      names.set(row.id, row);
    }
  }
  const nameOf = (id: string) => names.get(id)?.name ?? id;
  // The listing created first survives: it keeps its address, and the other's redirects to it.
  const order = (p: ScoredPair): [string, string] => {
    const [x, y] = [names.get(p.a)!, names.get(p.b)!];
    return x.createdAt.getTime() < y.createdAt.getTime() || (x.createdAt.getTime() === y.createdAt.getTime() && p.a < p.b)
      ? [p.a, p.b]
      : [p.b, p.a];
  };
  return { nameOf, order };
}

/** One high-confidence pair: merged in live mode (or the failure said), counted and described in a dry run. */
async function mergePair(
  database: Database,
  pair: ScoredPair,
  ids: { survivorId: string; mergedId: string },
  context: { request: CleanupRequest; admin: { id: string } | null; nameOf: (id: string) => string; mergedAway: Set<string> },
): Promise<MergeOperation> {
  const { survivorId, mergedId } = ids;
  const { request, admin, nameOf, mergedAway } = context;
  const operation: MergeOperation = {
    primaryCompany: nameOf(survivorId),
    mergedCompany: nameOf(mergedId),
    summary: `${nameOf(mergedId)} → ${nameOf(survivorId)} (${pair.reasons.join("; ")})`,
    success: true,
    error: null,
    isSimulation: request.dryRun,
    airtableOperations: { recordUpdated: false, recordDeleted: false },
    detailedLog: [`score ${pair.score}: ${pair.reasons.join("; ")}`],
  };
  if (request.dryRun) {
    const [{ n }] = (await database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM funding_rounds WHERE listing_id IN (${survivorId}, ${mergedId})`,
    )) as [{ n: number }];
    operation.wouldHaveFundingRounds = n;
    operation.detailedLog.push("Dry run: nothing changed.");
    return operation;
  }
  try {
    const merged = await mergeDuplicate(database, { survivorId, mergedId, admin, score: pair.score, reasons: pair.reasons });
    mergedAway.add(mergedId);
    Object.assign(operation, { mergeId: merged.mergeId, fundingRoundsAfterMerge: merged.fundingRoundsAfterMerge });
    operation.airtableOperations = { recordUpdated: true, recordDeleted: false };
    operation.detailedLog.push(
      `Fields merged: ${merged.mergedFields.join(", ") || "none"}`,
      ...(merged.heldForReview.length
        ? [`Kept the company's own ${merged.heldForReview.join(", ")}; the other values wait in Listing changes.`]
        : []),
      `Links moved: ${
        Object.entries(merged.moved)
          .map(([k, n]) => `${k} ${n}`)
          .join(", ") || "none"
      }`,
      `${nameOf(mergedId)} archived as merged; its address redirects.`,
    );
  } catch (error) {
    operation.success = false;
    operation.error = `Failed to merge company data: ${error instanceof Error ? error.message : String(error)}`;
  }
  return operation;
}

/** Each listing of the batch with its best match, if any (the spec's companyDetails). */
function companyDetailsOf(batch: BatchListing[], pairs: ScoredPair[], rowStart: number, nameOf: (id: string) => string) {
  const best = new Map<string, ScoredPair>();
  for (const pair of pairs) for (const id of [pair.a, pair.b]) if (!best.has(id) || best.get(id)!.score < pair.score) best.set(id, pair);
  return batch.map((company, index) => {
    const pair = best.get(company.id);
    const other = pair ? (pair.a === company.id ? pair.b : pair.a) : null;
    return {
      id: company.id,
      name: company.name,
      airtableRowNumber: rowStart + index + 1,
      hasDuplicates: Boolean(pair),
      duplicateInfo: pair
        ? {
            confidence: (pair.band === "auto_merge" ? "High Confidence Duplicate" : "Potential Duplicate") as Confidence,
            matchedCompany: nameOf(other!),
            matchedId: other!,
            similarity: pair.score,
          }
        : null,
    };
  });
}

/**
 * Acts on one batch's pairs (already scored and at or above the threshold): merges the high-confidence ones in
 * live mode, lists the rest for review (queued in live mode; dismissed pairs are left out), and describes it all.
 * `mergedAway` carries the listings merged away by earlier batches of the same scan.
 */
export async function cleanupBatch(
  database: Database,
  input: {
    batch: BatchListing[];
    pairs: ScoredPair[];
    request: CleanupRequest;
    admin: { id: string } | null;
    rowStart: number;
    total: number;
    mergedAway?: Set<string>;
  },
): Promise<CleanupResponse> {
  const { batch, request, admin, rowStart, total } = input;
  const started = performance.now();
  const log: string[] = [];
  const errors: string[] = [];
  log.push(
    `Batch ${rowStart + 1}-${rowStart + batch.length} of ${plural(total, "listing")}; threshold ${request.similarity}; ${request.dryRun ? "dry run" : "live"}.`,
  );
  const mergedAway = input.mergedAway ?? new Set<string>();
  const pairs = await undismissedPairs(database, input.pairs, request.similarity, log);
  const { nameOf, order } = await pairListings(database, pairs);

  const mergeOperations: MergeOperation[] = [];
  const manualReviewItems: ManualReviewItem[] = [];
  for (const pair of pairs) {
    const [survivorId, mergedId] = order(pair);
    if (mergedAway.has(survivorId) || mergedAway.has(mergedId)) continue;
    if (pair.band !== "auto_merge") {
      manualReviewItems.push({
        recordIds: [survivorId, mergedId],
        similarity: pair.score,
        reason: pair.reasons.join("; "),
        names: [nameOf(survivorId), nameOf(mergedId)],
      });
      continue;
    }
    const operation = await mergePair(database, pair, { survivorId, mergedId }, { request, admin, nameOf, mergedAway });
    if (operation.error) errors.push(operation.error);
    mergeOperations.push(operation);
  }
  const companyDetails = companyDetailsOf(batch, pairs, rowStart, nameOf);

  if (!request.dryRun && manualReviewItems.length) {
    const queued = await queueForReview(
      database,
      "scan",
      manualReviewItems.map((item) => ({ ids: item.recordIds, score: item.similarity, reasons: item.reason.split("; ") })),
    );
    log.push(`${plural(queued, "new pair")} added to the review queue.`);
  }
  return {
    success: errors.length === 0,
    error: errors[0] ?? null,
    dryRun: request.dryRun,
    duration: Math.round(performance.now() - started),
    parameters: { similarity: request.similarity, batchSize: request.batchSize },
    results: {
      duplicatesFound: pairs.length,
      duplicatesResolved: mergeOperations.filter((m) => m.success && !m.isSimulation).length,
      manualReviewRequired: manualReviewItems.length,
      errors: errors.length,
    },
    details: {
      mergeOperations,
      debugLogs: log,
      auditInfo: {
        timestamp: new Date().toISOString(),
        totalCompaniesInDatabase: total,
        batchStart: rowStart,
        batchEnd: rowStart + batch.length,
      },
      companiesProcessed: batch.length,
      companyNames: batch.map((b) => b.name),
      companyDetails,
      manualReviewItems,
      errors,
    },
  };
}
