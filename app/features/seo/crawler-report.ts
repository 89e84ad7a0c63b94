import type { CrawlerCheck } from "./crawler-checks.ts";
import type { CoverageStats } from "./crawler-coverage.ts";
import type { SampleListing } from "./crawler-sample.ts";

/** What the crawler test page shows (spec 02 §2 and §3), as sent to the admin's browser: placeholders, no values. */
export interface CrawlerReport {
  stats: CoverageStats & { coveragePercent: number; noindexListings: number };
  checks: CrawlerCheck[];
  sample: SampleListing[];
  checkedAt: string;
}

/** What /api/debug/crawler-report answers: the report, or the error view's message when it could not be made. */
export type CrawlerReportAnswer = CrawlerReport | { error: string };
