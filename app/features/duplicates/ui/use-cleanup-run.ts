import { useCallback, useRef, useState } from "react";
import { postJson } from "~/lib/api-client.ts";
import type { JobView } from "~/lib/job-view.ts";
import { useJobProgress } from "~/lib/use-job-progress.ts";
import type { CleanupRequest, CleanupResponse } from "../cleanup-response.ts";

/** What the screen last asked for: one batch at once, or several as a job (null batches: to the end). */
export type RunRequest = CleanupRequest & { batches: number | null };

export type RunState =
  | { phase: "idle" }
  | { phase: "running"; job: JobView | null }
  | { phase: "done"; response: CleanupResponse }
  | { phase: "failed"; message: string };

const FAILED = "Failed to run duplicate cleanup";

/** How a cleanup job ended, as the screen says it. */
function jobEnd(job: JobView): RunState {
  if (job.status === "failed") return { phase: "failed", message: job.errorLog.at(-1) || FAILED };
  const output = job.output as CleanupResponse | null;
  return output ? { phase: "done", response: output } : { phase: "failed", message: "There were no companies to check." };
}

/**
 * Runs the cleanup from the screen: one batch through POST /api/admin/cleanup-duplicates (spec 02 §7), several
 * as a job through POST /api/admin/duplicate-scans, followed live until it ends. The error texts are spec 02 §8's.
 */
export function useCleanupRun() {
  const [state, setState] = useState<RunState>({ phase: "idle" });
  const [jobId, setJobId] = useState<string | null>(null);
  const last = useRef<RunRequest | null>(null);

  useJobProgress(jobId, {
    onState: (job) => job.status !== "completed" && job.status !== "failed" && setState({ phase: "running", job }),
    onFinal: (job) => {
      setJobId(null);
      setState(jobEnd(job));
    },
    onError: (failure) => {
      setJobId(null);
      setState({ phase: "failed", message: failure.error ?? FAILED });
    },
  });

  const run = useCallback(async (request: RunRequest) => {
    setJobId(null);
    last.current = request;
    setState({ phase: "running", job: null });
    const { batches, ...single } = request;
    if (batches === 1) {
      const answer = await postJson<CleanupResponse>("/api/admin/cleanup-duplicates", single);
      if (!answer.ok) return setState({ phase: "failed", message: answer.error ?? FAILED });
      if (!answer.data || !("success" in answer.data)) return setState({ phase: "failed", message: FAILED });
      return setState({ phase: "done", response: answer.data });
    }
    const answer = await postJson<JobView>("/api/admin/duplicate-scans", request);
    if (!answer.ok) return setState({ phase: "failed", message: answer.error ?? FAILED });
    if (!answer.data?.id) return setState({ phase: "failed", message: FAILED });
    setState({ phase: "running", job: answer.data });
    setJobId(answer.data.id);
  }, []);

  /** Spec 02 §4: after a successful manual merge the analysis is run again, as it was last asked for. */
  const rerun = useCallback(() => (last.current ? run(last.current) : Promise.resolve()), [run]);

  return { state, run, rerun };
}
