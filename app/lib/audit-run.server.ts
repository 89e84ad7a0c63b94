/**
 * The machine run the current code is part of (decision 0093): the job worker runs each job inside one, and an import
 * started outside a job opens its own. The audit writer tags what it records with it, so an import's thousand entries
 * are one run the views can show as one row, without every writer having to pass the run along.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export interface AuditRun {
  /** The job's id, or a fresh one for work outside a job. */
  id: string;
  /** What runs: the job type, or a name for work outside a job ("import"). */
  kind: string;
  /** The person who started it, when one did. */
  startedBy: string | null;
}

const current = new AsyncLocalStorage<AuditRun>();

export function withAuditRun<T>(run: AuditRun, work: () => Promise<T>): Promise<T> {
  return current.run(run, work);
}

export function currentAuditRun(): AuditRun | undefined {
  return current.getStore();
}
