import type { jobs } from "#db/schema/jobs.ts";

type Job = typeof jobs.$inferSelect;

/** A job as the browser sees it while it runs (live progress) and once it has ended. */
export function jobView(job: Job) {
  return {
    id: job.id,
    jobType: job.jobType,
    status: job.status,
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
