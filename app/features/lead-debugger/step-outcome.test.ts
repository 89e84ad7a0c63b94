/** The words a debugger step and workflow end with (issue 32): never success while a record failed. */
import { describe, expect, it } from "vitest";
import {
  answerOf,
  COMPANIES,
  describeWorkflow,
  outcomeStatus,
  RECORDS,
  stepSummary,
  summaryHeadline,
  type RecordOutcome,
} from "./step-outcome.ts";

const push = (succeeded: number, failed: number): RecordOutcome => ({
  succeeded,
  failed,
  firstErrors: Array.from({ length: Math.min(failed, 5) }, (_, i) => `Company ${i + 1}: value.toISOString is not a function`),
  noun: COMPANIES,
  verb: "written",
});
const TITLE = "Step 4 (Push to directory)";

describe("a step's outcome", () => {
  it("is completed only when no record failed, failed when none went on", () => {
    expect(outcomeStatus({ succeeded: 3, failed: 0 })).toBe("completed");
    expect(outcomeStatus({ succeeded: 0, failed: 0 })).toBe("completed");
    expect(outcomeStatus({ succeeded: 2, failed: 1 })).toBe("completed_with_errors");
    expect(outcomeStatus({ succeeded: 0, failed: 19 })).toBe("failed");
  });

  it("says the counts and the first error in one sentence", () => {
    expect(stepSummary(TITLE, "completed", push(3, 0))).toBe("Step 4 (Push to directory) completed: 3 companies written");
    expect(stepSummary(TITLE, "completed_with_errors", push(1, 1))).toBe(
      "Step 4 (Push to directory) completed with 1 error: 1 of 2 companies written. First error: Company 1: value.toISOString is not a function",
    );
    expect(stepSummary(TITLE, "failed", push(0, 19))).toBe(
      "Step 4 (Push to directory) failed: All 19 companies failed; first error: Company 1: value.toISOString is not a function",
    );
    expect(stepSummary("Step 1 (Authenticate)", "failed", undefined, "API key is required")).toBe(
      "Step 1 (Authenticate) failed: API key is required",
    );
    expect(summaryHeadline(stepSummary(TITLE, "completed_with_errors", push(1, 1)))).toBe(
      "Step 4 (Push to directory) completed with 1 error: 1 of 2 companies written.",
    );
  });

  it("answers success: false with the status, the count and the first errors whenever a record failed", () => {
    expect(answerOf({ counters: { created: 0 }, outcome: push(0, 19) }, "failed")).toEqual({
      success: false,
      status: "failed",
      error: "All 19 companies failed; first error: Company 1: value.toISOString is not a function",
      counters: { created: 0 },
      errors: 19,
      firstErrors: push(0, 19).firstErrors,
    });
    const read = { succeeded: 4, failed: 0, firstErrors: [], noun: RECORDS, verb: "read" };
    expect(answerOf({ retrieved: 4, outcome: read }, "completed")).toMatchObject({ success: true, status: "completed", errors: 0 });
    expect(answerOf({ message: "Authenticated" }, "completed")).toEqual({ success: true, message: "Authenticated" });
  });
});

describe("the workflow's account", () => {
  const step = (
    number: number,
    status: "completed" | "completed_with_errors" | "failed",
    summary: string,
    error: string | null = null,
  ) => ({
    id: `s${number}`,
    number,
    title: `T${number}`,
    status,
    summary,
    error,
  });

  it("claims success only when every step completed without a failed record", () => {
    expect(describeWorkflow({ workflow: { status: "completed", stoppedAt: null }, steps: [step(1, "completed", "S1")] })).toBe(
      "Workflow completed: all four steps succeeded, with no failed record.",
    );
    expect(
      describeWorkflow({
        workflow: { status: "completed_with_errors", stoppedAt: null },
        steps: [step(1, "completed", "S1"), step(4, "completed_with_errors", "Step 4 (T4) completed with 19 errors.")],
      }),
    ).toBe("Workflow finished with errors in 1 step: Step 4 (T4) completed with 19 errors.");
    expect(
      describeWorkflow({ workflow: { status: "failed", stoppedAt: "s2" }, steps: [step(2, "failed", "Step 2 failed: x", "HTTP 500")] }),
    ).toBe("Workflow stopped at step 2 (T2): HTTP 500");
    expect(describeWorkflow({ workflow: null, steps: [] })).toBeNull();
  });
});
