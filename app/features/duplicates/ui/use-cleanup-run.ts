import { useCallback, useEffect, useRef, useState } from "react";
import type { JobView } from "~/lib/job-view.ts";
import { postJson } from "~/lib/post-json.ts";
import type { CleanupRequest, CleanupResponse } from "../cleanup-response.ts";

/** What the screen last asked for: one batch at once, or several as a job (null batches: to the end). */
export type RunRequest = CleanupRequest & { batches: number | null };

export type RunState =
  | { phase: "idle" }
  | { phase: "running"; job: JobView | null }
  | { phase: "done"; response: CleanupResponse }
  | { phase: "failed"; message: string };

const POLL_MS = 1_000;

/**
 * Runs the cleanup from the screen: one batch through POST /api/admin/cleanup-duplicates (spec 02 §7), several
 * as a job through POST /api/admin/duplicate-scans, polled for live progress until it ends. The error texts are
 * spec 02 §8's.
 */
export function useCleanupRun() {
  const [state, setState] = useState<RunState>({ phase: "idle" });
  const last = useRef<RunRequest | null>(null);
  const polling = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(polling.current), []);

  const follow = useCallback((jobId: string) => {
    const poll = async () => {
      try {
        const response = await fetch(`/api/admin/jobs/${jobId}`, { headers: { Accept: "application/json" } });
        const job = (await response.json()) as JobView & { error?: string };
        if (!response.ok) return setState({ phase: "failed", message: job.error || "Failed to run duplicate cleanup" });
        if (job.status === "completed") {
          const output = job.output as CleanupResponse | null;
          return setState(output ? { phase: "done", response: output } : { phase: "failed", message: "There were no companies to check." });
        }
        if (job.status === "failed")
          return setState({ phase: "failed", message: job.errorLog.at(-1) || "Failed to run duplicate cleanup" });
        setState({ phase: "running", job });
      } catch (error) {
        setState({ phase: "failed", message: error instanceof Error && error.message ? error.message : "Network error" });
        return;
      }
      polling.current = setTimeout(poll, POLL_MS);
    };
    void poll();
  }, []);

  const run = useCallback(
    async (request: RunRequest) => {
      clearTimeout(polling.current);
      last.current = request;
      setState({ phase: "running", job: null });
      try {
        const { batches, ...single } = request;
        if (batches === 1) {
          const { ok, data } = await postJson("/api/admin/cleanup-duplicates", single);
          if (!ok || !data || !("success" in data)) {
            return setState({ phase: "failed", message: (data?.error as string) || "Failed to run duplicate cleanup" });
          }
          return setState({ phase: "done", response: data as unknown as CleanupResponse });
        }
        const { ok, data } = await postJson("/api/admin/duplicate-scans", request);
        if (!ok || !data?.id) return setState({ phase: "failed", message: (data?.error as string) || "Failed to run duplicate cleanup" });
        setState({ phase: "running", job: data as unknown as JobView });
        follow(data.id as string);
      } catch (error) {
        setState({ phase: "failed", message: error instanceof Error && error.message ? error.message : "Network error" });
      }
    },
    [follow],
  );

  /** Spec 02 §4: after a successful manual merge the analysis is run again, as it was last asked for. */
  const rerun = useCallback(() => (last.current ? run(last.current) : Promise.resolve()), [run]);

  return { state, run, rerun };
}
