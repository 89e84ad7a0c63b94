import type { jobs } from "#db/schema/jobs.ts";

type Job = typeof jobs.$inferSelect;

/**
 * What a job's end says in words: a completed job that logged errors (a company the import could not write, a page
 * that failed) is "completed with N errors", never a plain "completed" over failed records (issue 32).
 */
function jobOutcome(job: Pick<Job, "status" | "errorLog">): { label: string; errors: number; clean: boolean } {
  const errors = job.errorLog.length;
  const plural = `${errors} ${errors === 1 ? "error" : "errors"}`;
  const label = job.status === "completed" && errors ? `completed with ${plural}` : job.status;
  return { label, errors, clean: job.status === "completed" && errors === 0 };
}

/** A job as the browser sees it while it runs (live progress) and once it has ended. */
export function jobView(job: Job) {
  return {
    id: job.id,
    jobType: job.jobType,
    status: job.status,
    /** The status in words, with the errors a completed job logged. */
    outcome: jobOutcome(job).label,
    parameters: job.parameters,
    progress: { done: job.progressDone, total: job.progressTotal, message: job.progressMessage },
    counters: {
      companiesProcessed: job.companiesProcessed,
      newRecordsAdded: job.newRecordsAdded,
      updatedRecords: job.updatedRecords,
      apiCallsMade: job.apiCallsMade,
      cost: job.cost,
    },
    errorLog: job.errorLog,
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    completedAt: job.completedAt?.toISOString() ?? null,
    output: job.status === "completed" ? job.processedOutput : null,
  };
}
export type JobView = ReturnType<typeof jobView>;
