import { useCallback, useEffect, useRef, useState } from "react";
import type { MigrationJobView } from "./migration-run.ts";

export interface MigrationState {
  /** The migration shown: the one running, or the latest. */
  view: MigrationJobView | null;
  running: boolean;
  /** Why the screen could not start or follow a run. */
  error: string | null;
}

const POLL_MS = 1_000;
const ENDPOINT = "/api/debug/industries-migration";

const isActive = (view: MigrationJobView | null) => view?.job.status === "queued" || view?.job.status === "running";

function failure(error: unknown): string {
  return error instanceof Error && error.message ? error.message : "Network error";
}

/**
 * Runs the migration from the screen: POST starts the job, then GET ?job={id} every second brings its steps, log
 * and results until it ends. A page opened while a migration runs follows that one.
 */
export function useMigrationRun(initial: MigrationJobView | null, onFinished: () => void) {
  const [state, setState] = useState<MigrationState>({ view: initial, running: isActive(initial), error: null });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const finished = useRef(onFinished);
  finished.current = onFinished;
  useEffect(() => () => clearTimeout(timer.current), []);

  const follow = useCallback((jobId: string) => {
    const poll = async () => {
      try {
        const response = await fetch(`${ENDPOINT}?job=${jobId}`, { headers: { Accept: "application/json" } });
        const data = (await response.json()) as MigrationJobView & { error?: string };
        if (!response.ok) return setState((s) => ({ ...s, running: false, error: data.error || "Failed to follow the migration" }));
        if (!isActive(data)) {
          setState({ view: data, running: false, error: null });
          return finished.current();
        }
        setState({ view: data, running: true, error: null });
      } catch (error) {
        return setState((s) => ({ ...s, running: false, error: failure(error) }));
      }
      timer.current = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
  }, []);

  // Only the run the page was opened on; later ones are followed from execute().
  const opened = useRef(initial);
  useEffect(() => {
    if (opened.current && isActive(opened.current)) follow(opened.current.job.id);
  }, [follow]);

  const execute = useCallback(async () => {
    clearTimeout(timer.current);
    setState((s) => ({ ...s, running: true, error: null }));
    try {
      const response = await fetch(ENDPOINT, { method: "POST", headers: { Accept: "application/json" } });
      const data = (await response.json().catch(() => null)) as (Partial<MigrationJobView> & { error?: string; job?: unknown }) | null;
      // 409: one is already under way; follow it instead.
      const jobId = response.status === 409 ? (data?.job as string | undefined) : (data?.job as MigrationJobView["job"] | undefined)?.id;
      if ((!response.ok && response.status !== 409) || !jobId) {
        return setState((s) => ({ ...s, running: false, error: data?.error || "Failed to start the migration" }));
      }
      if (response.ok) setState({ view: data as MigrationJobView, running: true, error: null });
      follow(jobId);
    } catch (error) {
      setState((s) => ({ ...s, running: false, error: failure(error) }));
    }
  }, [follow]);

  return { state, execute };
}
