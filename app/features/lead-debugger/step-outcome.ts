/**
 * What a debugger step did with its records, in words an operator can act on (issue 32, decision 0089). A step with
 * any failed record is not "Completed": it completed with errors when some records went on, and failed when none
 * did; either way the counts and the first errors travel with it (the step's answer, the action's answer, the log,
 * the workflow). Pure.
 */
import { plural } from "~/lib/wording.ts";
import type { StepStatus } from "./debugger-state.ts";

/** First errors kept in a step's answer and summary; the full list is in the log. */
export const FIRST_ERRORS = 5;

export interface RecordOutcome {
  /** Records that went on (retrieved, processed, or written: created, merged, updated, unchanged or queued). */
  succeeded: number;
  failed: number;
  /** The first failures, each naming its record and the reason. */
  firstErrors: string[];
  /** What the step counts, singular and plural: "record"/"records", "company"/"companies". */
  noun: readonly [string, string];
  /** What happened to those that went on: "read", "processed", "written". */
  verb: string;
}

export function outcomeStatus({ succeeded, failed }: Pick<RecordOutcome, "succeeded" | "failed">): StepStatus {
  if (failed === 0) return "completed";
  return succeeded > 0 ? "completed_with_errors" : "failed";
}

const count = (n: number, noun: readonly [string, string]) => plural(n, noun[0], noun[1]);

/** The error of a step whose every record failed: "All 19 companies failed; first error: …". */
function allFailed(outcome: RecordOutcome): string {
  return `All ${count(outcome.failed, outcome.noun)} failed; first error: ${outcome.firstErrors[0] ?? "unknown"}`;
}

/**
 * One sentence for the step as it ended: "Step 4 (Push to directory) completed with 19 errors: 0 of 19 companies
 * written. First error: …". `error` is the failed step's message.
 */
export function stepSummary(title: string, status: StepStatus, outcome: RecordOutcome | undefined, error?: string): string {
  if (status === "failed") return `${title} failed: ${error ?? (outcome ? allFailed(outcome) : "unknown error")}`;
  if (status === "pending_confirmation") return `${title} is waiting for confirmation`;
  if (!outcome) return `${title} completed`;
  const total = outcome.succeeded + outcome.failed;
  if (outcome.failed === 0) return `${title} completed: ${count(outcome.succeeded, outcome.noun)} ${outcome.verb}`;
  return (
    `${title} completed with ${plural(outcome.failed, "error")}: ${outcome.succeeded} of ${count(total, outcome.noun)} ${outcome.verb}` +
    `${FIRST_ERROR}${outcome.firstErrors[0] ?? "unknown"}`
  );
}

export const RECORDS = ["record", "records"] as const;
export const COMPANIES = ["company", "companies"] as const;

/**
 * The step's JSON answer: `success` only when nothing failed; a step with records carries its status, how many
 * failed and the first errors, and a step whose every record failed its error.
 */
export function answerOf(result: Record<string, unknown> & { outcome?: RecordOutcome }, status: StepStatus) {
  const { outcome, ...rest } = result;
  if (!outcome) return status === "pending_confirmation" ? rest : { success: true, ...rest };
  return {
    success: status === "completed",
    status,
    ...(status === "failed" ? { error: allFailed(outcome) } : {}),
    ...rest,
    errors: outcome.failed,
    firstErrors: outcome.firstErrors,
  };
}

const FIRST_ERROR = ". First error: ";

/** The summary without its first error, for a page that lists the first errors beneath it. */
export function summaryHeadline(summary: string): string {
  const at = summary.indexOf(FIRST_ERROR);
  return at < 0 ? summary : `${summary.slice(0, at)}.`;
}

/** The step's status in a few words, for badges and screen readers: "Completed with 19 errors". */
export function statusText(status: StepStatus, errors: number): string | null {
  return status === "completed_with_errors" ? `Completed with ${plural(errors, "error")}` : null;
}

interface WorkflowLike {
  workflow: { status: StepStatus; stoppedAt: string | null } | null;
  steps: ReadonlyArray<{ id: string; number: number; title: string; status: StepStatus; summary: string | null; error: string | null }>;
}

/**
 * What the Complete Workflow tab says once a run has ended: success only when every step completed without a failed
 * record; otherwise which steps had errors, each with its counts and first error.
 */
export function describeWorkflow({ workflow, steps }: WorkflowLike): string | null {
  if (!workflow) return null;
  const withErrors = steps.filter((s) => s.status === "completed_with_errors");
  switch (workflow.status) {
    case "completed":
      return "Workflow completed: all four steps succeeded, with no failed record.";
    case "completed_with_errors":
      return [
        `Workflow finished with errors in ${plural(withErrors.length, "step")}:`,
        ...withErrors.map((s) => s.summary ?? `Step ${s.number} (${s.title}) completed with errors.`),
      ].join(" ");
    case "failed": {
      const stopped = steps.find((s) => s.id === workflow.stoppedAt);
      return stopped
        ? `Workflow stopped at step ${stopped.number} (${stopped.title}): ${stopped.error ?? "the step failed"}`
        : "Workflow failed.";
    }
    default:
      return "Workflow is waiting for the push to be confirmed.";
  }
}
