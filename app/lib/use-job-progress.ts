/**
 * The one way a screen follows a live job (decision 0110): the cleanup run, the industries migration, the imports
 * list and the lead debugger's workflow all come through here, so they poll, stop, back off and report alike.
 */
import { useEffect, useRef, useState } from "react";
import type { ApiFailure } from "./api-client.ts";
import { DEFAULT_POLL_SETTINGS, followJob, queuedJobSource, type JobSource, type PollSettings } from "./job-progress.ts";
import type { JobView } from "./job-view.ts";

export interface JobProgressOptions<T> extends Partial<PollSettings> {
  /** Where the state is read: the job queue's endpoint unless the job has its own. */
  source?: JobSource<T>;
  /** Told every state read, final or not. */
  onState?: (state: T) => void;
  /** Told once, with the final state. */
  onFinal?: (state: T) => void;
  /** Told once, when the job cannot be followed any more. */
  onError?: (failure: ApiFailure) => void;
}

export interface JobProgress<T> {
  /** The last state read for this job; null before the first. */
  state: T | null;
  /** Why following stopped before a final state. */
  error: ApiFailure | null;
  /** Whether reads are still under way for this job. */
  following: boolean;
}

/**
 * Follows the job `jobId` (null: none) until its state is final; a new id starts over, and leaving the page or
 * passing null stops at once. The callbacks and the source are read fresh on every call, so a caller may pass new
 * functions on each render.
 */
export function useJobProgress<T = JobView>(jobId: string | null, options: JobProgressOptions<T> = {}): JobProgress<T> {
  const [progress, setProgress] = useState<JobProgress<T> & { jobId: string | null }>({
    jobId,
    state: null,
    error: null,
    following: jobId !== null,
  });
  const latest = useRef(options);
  latest.current = options;
  const { intervalMs, maxIntervalMs, retries, readAtOnce } = { ...DEFAULT_POLL_SETTINGS, ...options };

  useEffect(() => {
    setProgress({ jobId, state: null, error: null, following: jobId !== null });
    if (jobId === null) return;
    const source: JobSource<T> = {
      read: (id, signal) => (latest.current.source ?? (queuedJobSource as unknown as JobSource<T>)).read(id, signal),
      isFinal: (state) => (latest.current.source ?? (queuedJobSource as unknown as JobSource<T>)).isFinal(state),
    };
    return followJob(
      jobId,
      source,
      (event) => {
        if (event.kind === "error") {
          setProgress((shown) => ({ ...shown, jobId, error: event.failure, following: false }));
          return latest.current.onError?.(event.failure);
        }
        setProgress({ jobId, state: event.state, error: null, following: !event.final });
        latest.current.onState?.(event.state);
        if (event.final) latest.current.onFinal?.(event.state);
      },
      { intervalMs, maxIntervalMs, retries, readAtOnce },
    );
  }, [jobId, intervalMs, maxIntervalMs, retries, readAtOnce]);

  // Until the effect has run for a new id, the last id's state is not this job's.
  if (progress.jobId !== jobId) return { state: null, error: null, following: jobId !== null };
  return { state: progress.state, error: progress.error, following: progress.following };
}
