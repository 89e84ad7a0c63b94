/**
 * The duplicate cleanup tool's request and answer (spec 02 §3 "Duplicate run response", §5, §7), shared by the
 * API, the job that runs many batches, and the screen. Pure: no I/O, so the browser imports it too.
 */
import { z } from "zod";

/** Spec 02 §5 and §9: the controls' ranges and defaults. */
export const CLEANUP_LIMITS = {
  similarity: { min: 0.5, max: 1, step: 0.05, default: 0.9 },
  batchSize: { min: 1, max: 100, default: 50 },
  batchOffset: { min: 0, max: 1000, default: 0 },
} as const;

const SIMILARITY = "Enter a number from 0.5 to 1.0.";
const BATCH_SIZE = "Enter a whole number from 1 to 100.";
const BATCH_OFFSET = "Enter a whole number from 0 to 1000.";
const { similarity: S, batchSize: B, batchOffset: O } = CLEANUP_LIMITS;
const onStep = (n: number) => Math.abs(Math.round((n - S.min) / S.step) * S.step + S.min - n) <= 1e-9;
/** A typed number: empty text is not zero. */
const typedNumber = (message: string) =>
  z
    .string()
    .trim()
    .min(1, message)
    .pipe(z.coerce.number({ error: message }));

/** The cleanup controls as typed, checked in the page as they change (spec 02 §5's ranges) before anything is sent. */
export const CleanupForm = z.object({
  similarity: typedNumber(SIMILARITY).pipe(z.number().min(S.min, SIMILARITY).max(S.max, SIMILARITY).refine(onStep, "Use steps of 0.05.")),
  batchSize: typedNumber(BATCH_SIZE).pipe(z.number().int(BATCH_SIZE).min(B.min, BATCH_SIZE).max(B.max, BATCH_SIZE)),
  batchOffset: typedNumber(BATCH_OFFSET).pipe(z.number().int(BATCH_OFFSET).min(O.min, BATCH_OFFSET).max(O.max, BATCH_OFFSET)),
});

export const CleanupRequest = z.object({
  dryRun: z.boolean({ error: "dryRun must be true or false." }).default(true),
  similarity: z
    .number({ error: "similarity must be a number from 0.5 to 1.0." })
    .min(0.5, "similarity must be at least 0.5.")
    .max(1, "similarity must be at most 1.0.")
    .default(CLEANUP_LIMITS.similarity.default),
  batchSize: z
    .number({ error: "batchSize must be a whole number from 1 to 100." })
    .int("batchSize must be a whole number.")
    .min(1, "batchSize must be at least 1.")
    .max(100, "batchSize must be at most 100.")
    .default(CLEANUP_LIMITS.batchSize.default),
  batchOffset: z
    .number({ error: "batchOffset must be a whole number from 0 to 1000." })
    .int("batchOffset must be a whole number.")
    .min(0, "batchOffset must be at least 0.")
    .max(1000, "batchOffset must be at most 1000.")
    .default(CLEANUP_LIMITS.batchOffset.default),
  /** The spec's "professional service" switch; one matcher serves both, so it is accepted and echoed only. */
  usePythonService: z.boolean().default(false),
});
export type CleanupRequest = z.infer<typeof CleanupRequest>;

/** A scan of several batches (a job): the same controls, and how many batches from the start (null: to the end). */
export const ScanRequest = CleanupRequest.extend({
  batches: z
    .number({ error: "batches must be a whole number from 2 to 10000, or null for every batch." })
    .int("batches must be a whole number.")
    .min(2, "A scan of one batch runs at once: use Run Analysis.")
    .max(10_000, "batches must be at most 10000.")
    .nullable()
    .default(null),
});
export type ScanRequest = z.infer<typeof ScanRequest>;

export type Confidence = "High Confidence Duplicate" | "Potential Duplicate";

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

export interface CompanyDetail {
  id: string;
  name: string;
  airtableRowNumber: number;
  hasDuplicates: boolean;
  duplicateInfo: { confidence: Confidence; matchedCompany: string; matchedId: string; similarity: number } | null;
}

export interface ManualReviewItem {
  recordIds: [string, string];
  similarity: number;
  reason: string;
  names: [string, string];
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
    companyDetails: CompanyDetail[];
    manualReviewItems: ManualReviewItem[];
    errors: string[];
  };
}

/**
 * A scan of the whole directory checks 100,000 companies: its answer lists every company of the first
 * COMPANY_DETAILS_KEPT and, after that, only those with duplicates, so the stored result stays readable.
 */
const COMPANY_DETAILS_KEPT = 1000;

/** Two consecutive batches' answers as one (the job's running total). */
export function combineCleanup(total: CleanupResponse | null, next: CleanupResponse): CleanupResponse {
  if (!total) return next;
  const keptDetails = [...total.details.companyDetails, ...next.details.companyDetails].filter(
    (detail, index) => index < COMPANY_DETAILS_KEPT || detail.hasDuplicates,
  );
  const errors = [...total.details.errors, ...next.details.errors];
  return {
    success: total.success && next.success,
    error: total.error ?? next.error,
    dryRun: next.dryRun,
    duration: total.duration + next.duration,
    parameters: next.parameters,
    results: {
      duplicatesFound: total.results.duplicatesFound + next.results.duplicatesFound,
      duplicatesResolved: total.results.duplicatesResolved + next.results.duplicatesResolved,
      manualReviewRequired: total.results.manualReviewRequired + next.results.manualReviewRequired,
      errors: errors.length,
    },
    details: {
      mergeOperations: [...total.details.mergeOperations, ...next.details.mergeOperations],
      debugLogs: [...total.details.debugLogs, ...next.details.debugLogs],
      auditInfo: { ...next.details.auditInfo, batchStart: total.details.auditInfo.batchStart },
      companiesProcessed: total.details.companiesProcessed + next.details.companiesProcessed,
      companyNames: [...total.details.companyNames, ...next.details.companyNames].slice(0, COMPANY_DETAILS_KEPT),
      companyDetails: keptDetails,
      manualReviewItems: [...total.details.manualReviewItems, ...next.details.manualReviewItems],
      errors,
    },
  };
}
