/**
 * The debugger page's form intents, one function for the route action: initialise (the key checked with the
 * provider first), forget the key, save the run
 * settings, run a step, confirm the push, run the workflow, clear the logs. The answer carries messages and field
 * errors only; the new state reaches the page through the loader, and the key never leaves the server.
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
import { appendLog, freshStep, HeldKey, resetFrom, STEP_IDS, type DebuggerSession, type StepId } from "./debugger-state.ts";
import { BUSY, checkKey, exclusively, runStep, runWorkflow, type StepDeps } from "./run-steps.server.ts";

export async function handleDebuggerAction(session: DebuggerSession, form: FormData, deps: StepDeps): Promise<ActionResult> {
  const raw = String(form.get("intent") ?? "");
  const intent = (INTENTS as readonly string[]).includes(raw) ? (raw as Intent) : null;
  switch (intent) {
    case "initialize": {
      const parsed = parseInitialize(form);
      if (!parsed.ok) return { intent, ok: false, message: parsed.message, errors: parsed.errors, values: parsed.values };
      // The key is held only once the provider has accepted it: a refused or uncheckable key changes nothing.
      const checked = await exclusively(session, () => checkKey(session, parsed.baseUrl, parsed.apiKey, deps));
      if (!checked.ok) return { intent, ok: false, message: BUSY };
      if (!checked.value.ok) {
        const { refused, message } = checked.value;
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
      if (session.busy) return { intent, ok: false, message: BUSY };
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
      const run = await exclusively(session, () => runStep(session, step as StepId, deps));
      if (!run.ok) return { intent, ok: false, message: BUSY };
      return { intent, ok: run.value.status !== "failed" };
    }
    case "confirm-push": {
      if (session.steps.push.status !== "pending_confirmation")
        return { intent, ok: false, message: "No push is waiting for confirmation." };
      const run = await exclusively(session, () => runStep(session, "push", deps, true));
      if (!run.ok) return { intent, ok: false, message: BUSY };
      if (session.workflow?.status === "pending_confirmation" && run.value.status === "completed") {
        session.workflow = { status: "completed", stoppedAt: null, at: new Date().toISOString() };
      }
      return { intent, ok: run.value.status === "completed" };
    }
    case "run-workflow": {
      const run = await exclusively(session, () => runWorkflow(session, deps));
      if (!run.ok) return { intent, ok: false, message: BUSY };
      return { intent, ok: run.value.status !== "failed" };
    }
    case "clear-logs":
      session.logs = [];
      return { intent, ok: true, message: "Logs cleared." };
    default:
      // Not a 400: a stale page posting an old intent just sees nothing happen.
      return { ok: false, message: "Unknown action." };
  }
}
