/**
 * One run of the duplicate cleanup tool (spec 02 §2, §5, §7; issue 5 §3-4): a batch of listings (in the order
 * they were created), their candidate pairs scored, the high-confidence ones merged in live mode (a dry run only
 * says what it would do), the rest listed for manual review. The answer has the spec's shape.
 */
import { asc, count, inArray, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { listings } from "#db/schema/listings.ts";
import { recordAudit } from "~/features/audit/audit-log.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { findDuplicates, type ScoredPair } from "./duplicate-scan.server.ts";
import { mergeDuplicate } from "./merge.server.ts";

export const CleanupRequest = z.object({
  dryRun: z.boolean({ error: "dryRun must be true or false." }).default(true),
  similarity: z
    .number({ error: "similarity must be a number from 0.5 to 1.0." })
    .min(0.5, "similarity must be at least 0.5.")
    .max(1, "similarity must be at most 1.0.")
    .default(0.9),
  batchSize: z
    .number({ error: "batchSize must be a whole number from 1 to 100." })
    .int("batchSize must be a whole number.")
    .min(1, "batchSize must be at least 1.")
    .max(100, "batchSize must be at most 100.")
    .default(50),
  batchOffset: z
    .number({ error: "batchOffset must be a whole number from 0 to 1000." })
    .int("batchOffset must be a whole number.")
    .min(0, "batchOffset must be at least 0.")
    .max(1000, "batchOffset must be at most 1000.")
    .default(0),
  /** The spec's "professional service" switch; one matcher serves both, so it is accepted and echoed only. */
  usePythonService: z.boolean().default(false),
});
export type CleanupRequest = z.infer<typeof CleanupRequest>;

type Confidence = "High Confidence Duplicate" | "Potential Duplicate";

export interface MergeOperation {
  primaryCompany: string;
  mergedCompany: string;
  summary: string;
  success: boolean;
  error: string | null;
  isSimulation: boolean;
  airtableOperations: { recordUpdated: boolean; recordDeleted: boolean };
  detailedLog: string[];
  fundingRoundsAfterMerge?: number;
  wouldHaveFundingRounds?: number;
  mergeId?: string;
}

export interface CleanupResponse {
  success: boolean;
  error: string | null;
  dryRun: boolean;
  duration: number;
  parameters: { similarity: number; batchSize: number };
  results: { duplicatesFound: number; duplicatesResolved: number; manualReviewRequired: number; errors: number };
  details: {
    mergeOperations: MergeOperation[];
    debugLogs: string[];
    auditInfo: { timestamp: string; totalCompaniesInDatabase: number; batchStart: number; batchEnd: number };
    companiesProcessed: number;
    companyNames: string[];
    companyDetails: Array<{
      id: string;
      name: string;
      airtableRowNumber: number;
      hasDuplicates: boolean;
      duplicateInfo: { confidence: Confidence; matchedCompany: string; matchedId: string; similarity: number } | null;
    }>;
    manualReviewItems: Array<{ recordIds: [string, string]; similarity: number; reason: string; names: [string, string] }>;
    errors: string[];
  };
}

export async function runCleanup(database: Database, request: CleanupRequest, admin: { id: string } | null): Promise<CleanupResponse> {
  const started = performance.now();
  const log: string[] = [];
  const errors: string[] = [];
  const { db } = database;
  const [{ total }] = (await db.select({ total: count() }).from(listings).where(ne(listings.processingStatus, "merged"))) as [
    { total: number },
  ];
  const batch = await db
    .select({ id: listings.id, name: listings.name, createdAt: listings.createdAt })
    .from(listings)
    .where(ne(listings.processingStatus, "merged"))
    .orderBy(asc(listings.createdAt), asc(listings.id))
    .offset(request.batchOffset)
    .limit(request.batchSize);
  log.push(
    `Batch ${request.batchOffset + 1}-${request.batchOffset + batch.length} of ${total} listings; threshold ${request.similarity}; ${request.dryRun ? "dry run" : "live"}.`,
  );

  let pairs: ScoredPair[] = [];
  if (batch.length) {
    try {
      pairs = (await findDuplicates(database, { onlyIds: batch.map((b) => b.id) })).filter((p) => p.score >= request.similarity);
    } catch (error) {
      // Spec 02 §8: duplicate detection errors are treated as no duplicate, and said.
      errors.push(`Duplicate detection failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  log.push(`${pairs.length} candidate pair(s) at or above ${request.similarity}.`);

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

  const mergeOperations: MergeOperation[] = [];
  const manualReviewItems: CleanupResponse["details"]["manualReviewItems"] = [];
  const mergedAway = new Set<string>();
  for (const pair of pairs) {
    const [survivorId, mergedId] = order(pair);
    if (pair.band !== "auto_merge") {
      manualReviewItems.push({
        recordIds: [survivorId, mergedId],
        similarity: pair.score,
        reason: pair.reasons.join("; "),
        names: [nameOf(survivorId), nameOf(mergedId)],
      });
      continue;
    }
    if (mergedAway.has(survivorId) || mergedAway.has(mergedId)) continue;
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
    } else {
      try {
        const merged = await mergeDuplicate(database, { survivorId, mergedId, admin, score: pair.score, reasons: pair.reasons });
        mergedAway.add(mergedId);
        Object.assign(operation, { mergeId: merged.mergeId, fundingRoundsAfterMerge: merged.fundingRoundsAfterMerge });
        operation.airtableOperations = { recordUpdated: true, recordDeleted: false };
        operation.detailedLog.push(
          `Fields merged: ${merged.mergedFields.join(", ") || "none"}`,
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
        errors.push(operation.error);
      }
    }
    mergeOperations.push(operation);
  }

  const best = new Map<string, ScoredPair>();
  for (const pair of pairs) for (const id of [pair.a, pair.b]) if (!best.has(id) || best.get(id)!.score < pair.score) best.set(id, pair);
  const companyDetails = batch.map((company, index) => {
    const pair = best.get(company.id);
    const other = pair ? (pair.a === company.id ? pair.b : pair.a) : null;
    return {
      id: company.id,
      name: company.name,
      airtableRowNumber: request.batchOffset + index + 1,
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

  const response: CleanupResponse = {
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
        batchStart: request.batchOffset,
        batchEnd: request.batchOffset + batch.length,
      },
      companiesProcessed: batch.length,
      companyNames: batch.map((b) => b.name),
      companyDetails,
      manualReviewItems,
      errors,
    },
  };
  await recordAudit(database.db, {
    operation: "cleanup_batch",
    source: admin ? "admin" : "system",
    action: request.dryRun ? "skipped" : "merged",
    actorId: admin?.id ?? null,
    details: { ...response.results, ...response.details.auditInfo, dryRun: request.dryRun, similarity: request.similarity },
  });
  return response;
}
