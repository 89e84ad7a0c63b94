/**
 * Manual Control and Complete Workflow (spec 02 §2, §4): the four steps with their status, Execute or Re-run and
 * response viewer; the workflow button with one progress dot per step. A step being submitted shows as running at
 * once; the server's own status replaces it when the answer arrives.
 */
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import type { ActionResult } from "./debugger-forms.ts";
import type { DebuggerView, StepStatus, StepView } from "./debugger-state.ts";
import { Alert, DebuggerForm, ResponseViewer, StatusBadge, StatusDot, statusLabel, StepOutcome, usePending } from "./debugger-ui.tsx";
import { describeWorkflow } from "./step-outcome.ts";
import { plural } from "~/lib/wording.ts";

/** The status to show: "running" for the step being submitted (or the workflow's current one), else the server's. */
function useShownStatuses(view: DebuggerView): StepStatus[] {
  const pending = usePending();
  return view.steps.map((step) => {
    if (pending.intent === "run-step" && pending.step === step.id) return "running";
    if (pending.intent === "confirm-push" && step.id === "push") return "running";
    return step.status;
  });
}

function SettingsSummary({ view }: { view: DebuggerView }) {
  const v = view.settingsValues;
  return (
    <p className="text-sm text-fg-muted" data-testid="run-settings">
      Endpoint <strong className="text-fg">{view.endpoint}</strong> · page {v.page || "1"} · {plural(Number(v.maxResults || 20), "result")}{" "}
      per page · {plural(Number(v.maxJobs || 1), "page")} · manual confirmation {view.manualConfirmation ? "on" : "off"}.{" "}
      <a className="text-accent underline" href="?tab=setup">
        Change in Setup &amp; Config
      </a>
    </p>
  );
}

function ConfirmPush({ tab }: { tab: string }) {
  return (
    <DebuggerForm tab={tab} className="flex flex-wrap items-center gap-3">
      <p className="text-sm">Manual confirmation required: nothing has been written yet.</p>
      <Button type="submit" name="intent" value="confirm-push">
        Confirm push
      </Button>
    </DebuggerForm>
  );
}

function StepCard({ step, status, busy }: { step: StepView; status: StepStatus; busy: boolean }) {
  const headingId = `step-${step.id}-title`;
  return (
    <Card className="p-4 sm:p-6" data-testid={`step-${step.id}`} aria-labelledby={headingId} role="region">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-base font-semibold">
          {step.number}. {step.title}
        </h2>
        <div className="flex items-center gap-3">
          <StatusBadge status={status} errors={step.errors} />
          <DebuggerForm tab="manual">
            <input type="hidden" name="step" value={step.id} />
            <Button type="submit" name="intent" value="run-step" size="sm" variant="secondary" disabled={busy}>
              {step.runs > 0 ? "Re-run" : "Execute"}
              <span className="sr-only"> step {step.number}</span>
            </Button>
          </DebuggerForm>
        </div>
      </div>
      {step.durationMs !== null && status !== "running" ? (
        <p className="mt-1 text-xs text-fg-muted">
          Last run took {step.durationMs} ms · run {plural(step.runs, "time")}
        </p>
      ) : null}
      {status !== "running" && step.status !== "pending" ? (
        <div className="mt-3" data-testid={`step-${step.id}-outcome`}>
          <StepOutcome summary={step.summary} firstErrors={step.firstErrors} label={`Step ${step.number}: first errors`} />
        </div>
      ) : null}
      <div className="mt-3">
        <ResponseViewer label={`Step ${step.number} response`} value={step.response} />
      </div>
      {step.id === "push" && status === "pending_confirmation" ? (
        <div className="mt-3">
          <ConfirmPush tab="manual" />
        </div>
      ) : null}
    </Card>
  );
}

function NotInitialized({ view }: { view: DebuggerView }) {
  if (view.initialized) return null;
  return (
    <p role="note" className="rounded-lg border border-warning/40 bg-warning/10 px-3 py-2 text-sm">
      Not Initialized: steps that call the provider will fail with &apos;API key is required&apos;.{" "}
      <a className="text-accent underline" href="?tab=setup">
        Enter the key in Setup &amp; Config
      </a>
    </p>
  );
}

export function ManualTab({ view, result }: { view: DebuggerView; result: ActionResult | undefined }) {
  const statuses = useShownStatuses(view);
  const pending = usePending();
  const mine = result?.intent === "run-step" || result?.intent === "confirm-push" ? result : undefined;
  return (
    <div className="space-y-4">
      <NotInitialized view={view} />
      <SettingsSummary view={view} />
      {mine && !mine.ok && mine.message ? <Alert>{mine.message}</Alert> : null}
      <div className="space-y-4">
        {view.steps.map((step, i) => (
          <StepCard key={step.id} step={step} status={statuses[i]!} busy={pending.intent !== null} />
        ))}
      </div>
    </div>
  );
}

/** A workflow whose steps went through with failed records: which steps, their counts and first errors. */
function WorkflowErrors({ view }: { view: DebuggerView }) {
  const steps = view.steps.filter((s) => s.status === "completed_with_errors");
  return (
    <Alert tone="warning">
      <p className="font-medium">Workflow finished with errors in {plural(steps.length, "step")}.</p>
      <ul className="mt-2 space-y-2">
        {steps.map((step) => (
          <li key={step.id}>
            <StepOutcome summary={step.summary} firstErrors={step.firstErrors} label={`Step ${step.number}: first errors`} />
          </li>
        ))}
      </ul>
    </Alert>
  );
}

export function WorkflowTab({ view, result }: { view: DebuggerView; result: ActionResult | undefined }) {
  const statuses = useShownStatuses(view);
  const pending = usePending();
  const running = pending.intent === "run-workflow";
  const workflow = view.workflow;
  const stopped = workflow?.stoppedAt ? view.steps.find((s) => s.id === workflow.stoppedAt) : undefined;
  const mine = result?.intent === "run-workflow" ? result : undefined;
  return (
    <div className="space-y-6">
      <NotInitialized view={view} />
      <SettingsSummary view={view} />
      <DebuggerForm tab="workflow">
        <Button type="submit" name="intent" value="run-workflow" disabled={pending.intent !== null}>
          {running ? "Running…" : "Run Complete Workflow"}
        </Button>
      </DebuggerForm>
      {/* The workflow's own account is drawn below from the page's state: its answer is shown only when it says more. */}
      {mine && !mine.ok && mine.message && mine.message !== describeWorkflow(view) ? <Alert>{mine.message}</Alert> : null}
      <ol aria-label="Workflow progress" className="flex items-start gap-2 sm:gap-4" data-testid="workflow-progress">
        {view.steps.map((step, i) => (
          <li key={step.id} className="flex flex-1 flex-col items-center gap-2 text-center" data-status={statuses[i]}>
            <StatusDot status={statuses[i]!} />
            <span className="text-xs text-fg-muted">
              <span aria-hidden="true">{step.title}</span>
              <span className="sr-only">
                Step {step.number}, {step.title}: {statusLabel(statuses[i]!, statuses[i] === step.status ? step.errors : 0)}
              </span>
            </span>
          </li>
        ))}
      </ol>
      <div aria-live="polite">
        {running ? <p className="text-sm text-fg-muted">The workflow is running…</p> : null}
        {!running && workflow?.status === "completed" ? <Alert tone="success">{describeWorkflow(view)}</Alert> : null}
        {!running && workflow?.status === "completed_with_errors" ? <WorkflowErrors view={view} /> : null}
        {!running && workflow?.status === "failed" && stopped ? (
          <Alert>
            Workflow stopped at step {stopped.number} ({stopped.title}): {stopped.error ?? "the step failed"}
          </Alert>
        ) : null}
      </div>
      {!running && workflow?.status === "pending_confirmation" ? <ConfirmPush tab="workflow" /> : null}
    </div>
  );
}
