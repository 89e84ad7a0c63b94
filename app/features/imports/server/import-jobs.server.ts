import { desc, inArray } from "drizzle-orm";
import { jobs } from "#db/schema/jobs.ts";
import type { Database } from "~/lib/db.server.ts";
import { jobView } from "~/lib/job-view.ts";
import { PROVIDER_IMPORT_JOB } from "../provider/provider-import-job.server.ts";
import { providerJobSummaries } from "../provider/provider-job-summary.server.ts";

/**
 * The latest import jobs, newest first, as the imports page shows them: each with its card's summary, and without
 * the job's output (the provider's raw pages, which the card does not need and the browser should not download).
 */
export async function listImportJobs(database: Database, limit = 25) {
  const rows = await database.db
    .select()
    .from(jobs)
    .where(inArray(jobs.jobType, [PROVIDER_IMPORT_JOB]))
    .orderBy(desc(jobs.createdAt))
    .limit(limit);
  const summaries = await providerJobSummaries(database, rows);
  return rows.map((row) => ({ ...jobView(row), output: null, provider: summaries.get(row.id) ?? null }));
}
