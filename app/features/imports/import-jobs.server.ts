import { desc, inArray } from "drizzle-orm";
import { jobs } from "#db/schema/jobs.ts";
import type { Database } from "~/lib/db.server.ts";
import { jobView } from "~/lib/job-view.ts";
import { PROVIDER_IMPORT_JOB } from "./provider-import-job.server.ts";

/** The latest import jobs, newest first, as the imports page shows them. */
export async function listImportJobs({ db }: Database, limit = 25) {
  const rows = await db
    .select()
    .from(jobs)
    .where(inArray(jobs.jobType, [PROVIDER_IMPORT_JOB]))
    .orderBy(desc(jobs.createdAt))
    .limit(limit);
  return rows.map(jobView);
}
