import { useCallback, useRef, useState } from "react";
import { getJson, postJson } from "~/lib/api-client.ts";
import type { JobSource } from "~/lib/job-progress.ts";
import { useJobProgress } from "~/lib/use-job-progress.ts";
import type { MigrationJobView } from "./migration-run.ts";

export interface MigrationState {
  /** The migration shown: the one running, or the latest. */
  view: MigrationJobView | null;
  running: boolean;
  /** Why the screen could not start or follow a run. */
  error: string | null;
}

const ENDPOINT = "/api/debug/industries-migration";

const isActive = (view: MigrationJobView | null) => view?.job.status === "queued" || view?.job.status === "running";

/** A migration is followed on its own endpoint, which brings the run's steps, log and results with the job. */
const migrationSource: JobSource<MigrationJobView> = {
  read: (jobId, signal) => getJson<MigrationJobView>(`${ENDPOINT}?job=${encodeURIComponent(jobId)}`, { signal }),
  isFinal: (view) => !isActive(view),
};

/**
 * Runs the migration from the screen: POST starts the job, then GET ?job={id} every second brings its steps, log
 * and results until it ends. A page opened while a migration runs follows that one.
 */
export function useMigrationRun(initial: MigrationJobView | null, onFinished: () => void) {
  const [state, setState] = useState<MigrationState>({ view: initial, running: isActive(initial), error: null });
  // Only the run the page was opened on; later ones are followed from execute().
  const [jobId, setJobId] = useState<string | null>(initial && isActive(initial) ? initial.job.id : null);
  const finished = useRef(onFinished);
  finished.current = onFinished;

  useJobProgress(jobId, {
    source: migrationSource,
    onState: (view) => setState({ view, running: isActive(view), error: null }),
    onFinal: () => {
      setJobId(null);
      finished.current();
    },
    onError: (failure) => {
      setJobId(null);
      setState((s) => ({ ...s, running: false, error: failure.error ?? "Failed to follow the migration" }));
    },
  });

  const execute = useCallback(async () => {
    setJobId(null);
    setState((s) => ({ ...s, running: true, error: null }));
    const answer = await postJson<MigrationJobView>(ENDPOINT);
    // 409: one is already under way; follow it instead.
    const busy = !answer.ok && answer.kind === "http" && answer.status === 409 ? answer.body?.job : undefined;
    const jobId = answer.ok ? answer.data?.job?.id : typeof busy === "string" ? busy : undefined;
    if (!jobId) {
      const error = (answer.ok ? null : answer.error) ?? "Failed to start the migration";
      return setState((s) => ({ ...s, running: false, error }));
    }
    if (answer.ok) setState({ view: answer.data, running: true, error: null });
    setJobId(jobId);
  }, []);

  return { state, execute };
}
