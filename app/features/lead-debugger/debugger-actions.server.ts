/**
 * The debugger page's form intents, one function for the route action: initialise (the key checked with the
 * provider first), forget the key, save the run
 * settings, run a step, confirm the push, run the workflow, clear the logs. The answer carries messages and field
 * errors only; the new state reaches the page through the loader, and the key never leaves the server. Each action
 * holds the session alone (the store's claim), on whichever app server it lands.
 */
import {
  INTENTS,
  KEY_REFUSED_FIELD,
  keyRefused,
  keyUnchecked,
  parseInitialize,
  parseSettings,
  type ActionResult,
  type Intent,
} from "./debugger-forms.ts";
import {
  appendLog,
  freshStep,
  HeldKey,
  resetFrom,
  STEP_IDS,
  toView,
  type DebuggerSession,
  type StepId,
  type StepRecord,
} from "./debugger-state.ts";
import { BUSY, checkKey, finishWorkflow, runStep, runWorkflow, type StepDeps } from "./run-steps.server.ts";
import { describeWorkflow } from "./step-outcome.ts";
import type { DebuggerOwner, DebuggerSessionStore } from "./session-store.server.ts";

/**
 * The route action: the owner's session claimed in the store for the time of the action, so a request that lands
 * while another of the same session runs (on this process or another) is told to wait instead of racing it.
 */
export async function runDebuggerAction(
  store: DebuggerSessionStore,
  owner: DebuggerOwner,
  form: FormData,
  deps: Omit<StepDeps, "checkpoint">,
): Promise<ActionResult> {
  const claimed = await store.exclusively(owner, (session, checkpoint) => handleDebuggerAction(session, form, { ...deps, checkpoint }));
  if (claimed.ok) return claimed.value;
  const raw = String(form.get("intent") ?? "");
  return (INTENTS as readonly string[]).includes(raw) ? { intent: raw as Intent, ok: false, message: BUSY } : { ok: false, message: BUSY };
}

/**
 * A step's action answer: ok only when it completed without a failed record (or waits for confirmation); otherwise
 * its summary, counts and first error, so a plain form post says what happened too.
 */
function stepAnswer(intent: Intent, record: StepRecord): ActionResult {
  const ok = record.status === "completed" || record.status === "pending_confirmation";
  return ok ? { intent, ok } : { intent, ok, message: record.summary ?? undefined };
}

/** One intent on a session the caller holds alone (runDebuggerAction; tests hand in a session of their own). */
export async function handleDebuggerAction(session: DebuggerSession, form: FormData, deps: StepDeps): Promise<ActionResult> {
  const raw = String(form.get("intent") ?? "");
  const intent = (INTENTS as readonly string[]).includes(raw) ? (raw as Intent) : null;
  switch (intent) {
    case "initialize": {
      const parsed = parseInitialize(form);
      if (!parsed.ok) return { intent, ok: false, message: parsed.message, errors: parsed.errors, values: parsed.values };
      // The key is held only once the provider has accepted it: a refused or uncheckable key changes nothing.
      const checked = await checkKey(session, parsed.baseUrl, parsed.apiKey, deps);
      if (!checked.ok) {
        const { refused, message } = checked;
        const values = { baseUrl: parsed.baseUrl, debugMode: parsed.debugMode };
        return refused
          ? { intent, ok: false, message: keyRefused(message), errors: { apiKey: KEY_REFUSED_FIELD }, values }
          : { intent, ok: false, message: keyUnchecked(message), values };
      }
      session.key = new HeldKey(parsed.apiKey);
      session.baseUrl = parsed.baseUrl;
      session.debugMode = parsed.debugMode;
      // A new key or provider makes earlier results meaningless.
      resetFrom(session, "authenticate");
      session.steps.authenticate = { ...freshStep(), runs: session.steps.authenticate.runs };
      session.workflow = null;
      appendLog(
        session,
        "info",
        `The provider accepted the key; service initialised for ${parsed.baseUrl}${parsed.debugMode ? " (debug mode on)" : ""}`,
      );
      return { intent, ok: true, message: "The provider accepted the key. Service initialised: a key is held for this session." };
    }
    case "forget-key": {
      session.key = null;
      appendLog(session, "info", "The key held for this session was forgotten");
      return { intent, ok: true, message: "The key was forgotten." };
    }
    case "save-settings": {
      const parsed = parseSettings(form);
      if (!parsed.ok) return { intent, ok: false, errors: parsed.errors, values: parsed.values, message: "Check the highlighted fields." };
      session.settings = parsed.settings;
      appendLog(session, "info", "Run settings saved", parsed.settings);
      return { intent, ok: true, message: "Settings saved." };
    }
    case "run-step": {
      const step = String(form.get("step") ?? "");
      if (!(STEP_IDS as readonly string[]).includes(step)) return { intent, ok: false, message: "Unknown step." };
      return stepAnswer(intent, await runStep(session, step as StepId, deps));
    }
    case "confirm-push": {
      if (session.steps.push.status !== "pending_confirmation")
        return { intent, ok: false, message: "No push is waiting for confirmation." };
      const record = await runStep(session, "push", deps, true);
      // The workflow that waited for this push ends with it: completed, with errors, or failed at the push.
      if (session.workflow?.status === "pending_confirmation") {
        finishWorkflow(session, record.status === "completed" || record.status === "completed_with_errors" ? null : "push");
      }
      return stepAnswer(intent, record);
    }
    case "run-workflow": {
      const workflow = await runWorkflow(session, deps);
      const ok = workflow.status === "completed" || workflow.status === "pending_confirmation";
      return ok ? { intent, ok } : { intent, ok, message: describeWorkflow(toView(session)) ?? undefined };
    }
    case "clear-logs":
      session.logs = [];
      return { intent, ok: true, message: "Logs cleared." };
    default:
      // Not a 400: a stale page posting an old intent just sees nothing happen.
      return { ok: false, message: "Unknown action." };
  }
}
