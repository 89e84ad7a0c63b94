/**
 * The lead-data provider debugger's state for one admin session (spec 02 §2, §4), and what of it the browser may
 * see. Pure: the store (session-store.server.ts) keeps them in the database, the runner changes them. The key lives in
 * a HeldKey, whose value no serialiser can reach, and every text that leaves this module has the key cut out of it.
 */
import type { ImportedCompany, ProviderEndpoint } from "~/features/imports/provider/map-provider-record.ts";
import type { ProviderQuery } from "~/features/imports/provider/provider-query.ts";
import type { ProviderRecord } from "~/features/imports/provider/provider-record.ts";

export const STEP_IDS = ["authenticate", "retrieve", "process", "push"] as const;
export type StepId = (typeof STEP_IDS)[number];

export const STEP_TITLES: Record<StepId, string> = {
  authenticate: "Authenticate",
  retrieve: "Retrieve data",
  process: "Process data",
  push: "Push to directory",
};

/** completed_with_errors: some of the step's records failed and the others went on (issue 32). */
export type StepStatus = "pending" | "running" | "completed" | "completed_with_errors" | "failed" | "pending_confirmation";

export interface StepRecord {
  status: StepStatus;
  /** The step's JSON answer, shown in its response viewer; null before the first run. */
  response: unknown;
  runs: number;
  finishedAt: string | null;
  durationMs: number | null;
  /** The step's one-sentence account (counts and first error); absent in sessions stored before issue 32. */
  summary?: string | null;
}

export type LogLevel = "debug" | "info" | "warn" | "error";

export interface LogLine {
  at: string;
  level: LogLevel;
  message: string;
  /** Extra facts, shown only in debug mode. */
  detail?: unknown;
}

/** Lines kept per session; older ones go first, so a long session cannot grow without bound. */
export const MAX_LOG_LINES = 500;

/**
 * The key typed into the debugger. A private field is invisible to JSON.stringify, structured clone and object
 * spreads, so passing the session to a logger or into loader data by mistake cannot put the key on the wire.
 */
export class HeldKey {
  readonly #value: string;
  constructor(value: string) {
    this.#value = value;
  }
  reveal(): string {
    return this.#value;
  }
  toJSON(): string {
    return "[held]";
  }
}

export interface RunSettings {
  endpoint: ProviderEndpoint;
  query: ProviderQuery;
  manualConfirmation: boolean;
  /** The settings as typed, to fill the form again. */
  values: Record<string, string>;
}

export interface DebuggerSession {
  key: HeldKey | null;
  baseUrl: string;
  debugMode: boolean;
  settings: RunSettings;
  steps: Record<StepId, StepRecord>;
  /** Step 2's records, with the endpoint they came from (step 3 maps by endpoint). */
  retrieved: { endpoint: ProviderEndpoint; records: ProviderRecord[] } | null;
  /** Step 3's companies, ready for step 4. */
  processed: ImportedCompany[] | null;
  workflow: {
    status: "completed" | "completed_with_errors" | "failed" | "pending_confirmation";
    stoppedAt: StepId | null;
    at: string;
  } | null;
  logs: LogLine[];
  /**
   * True while a request holds the session (a step or the workflow runs): a second one at the same time would race on
   * retrieved/processed. Not stored: it is the store's claim on the row.
   */
  busy: boolean;
}

export function freshStep(): StepRecord {
  return { status: "pending", response: null, runs: 0, finishedAt: null, durationMs: null, summary: null };
}

export function createSession(baseUrl: string, settings: RunSettings): DebuggerSession {
  return {
    key: null,
    baseUrl,
    debugMode: false,
    settings,
    steps: { authenticate: freshStep(), retrieve: freshStep(), process: freshStep(), push: freshStep() },
    retrieved: null,
    processed: null,
    workflow: null,
    logs: [],
    busy: false,
  };
}

/**
 * A step that runs again makes what came after it stale: its own data and every later step's are dropped, so
 * step 4 can never push companies that step 3 mapped from an older retrieval.
 */
export function resetFrom(session: DebuggerSession, step: StepId): void {
  const from = STEP_IDS.indexOf(step);
  for (const id of STEP_IDS.slice(from)) {
    if (id !== step) session.steps[id] = { ...freshStep(), runs: session.steps[id].runs };
  }
  if (from <= STEP_IDS.indexOf("retrieve")) session.retrieved = null;
  if (from <= STEP_IDS.indexOf("process")) session.processed = null;
}

export const INTERRUPTED = "Interrupted: the server running this step stopped before it finished. Run it again.";

/**
 * A step still marked running when no request holds the session was cut off (its process stopped mid-step, and the
 * claim lapsed): it failed, and says so, instead of showing "running" for ever.
 */
export function recoverInterrupted(session: DebuggerSession): void {
  for (const id of STEP_IDS) {
    const record = session.steps[id];
    if (record.status === "running") session.steps[id] = { ...record, status: "failed", response: { success: false, error: INTERRUPTED } };
  }
}

/** Every occurrence of the key in any string of the value, replaced; objects and arrays are copied, not changed. */
export function redactSecret<T>(value: T, secret: string | null | undefined): T {
  if (!secret) return value;
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return v.split(secret).join("[redacted]");
    if (Array.isArray(v)) return v.map(walk);
    // A Date has no own entries: walked, it would become {} (issue 32: the push then called toISOString on it).
    if (v && typeof v === "object" && !(v instanceof HeldKey) && !(v instanceof Date)) {
      return Object.fromEntries(Object.entries(v).map(([k, inner]) => [walk(k), walk(inner)]));
    }
    return v;
  };
  return walk(value) as T;
}

/** Adds a line (debug lines only in debug mode), with the key cut out, keeping the newest MAX_LOG_LINES. */
export function appendLog(session: DebuggerSession, level: LogLevel, message: string, detail?: unknown, now = new Date()): void {
  if (level === "debug" && !session.debugMode) return;
  const secret = session.key?.reveal();
  const line: LogLine = { at: now.toISOString(), level, message: redactSecret(message, secret) };
  if (detail !== undefined && session.debugMode) line.detail = redactSecret(detail, secret);
  session.logs.push(line);
  if (session.logs.length > MAX_LOG_LINES) session.logs.splice(0, session.logs.length - MAX_LOG_LINES);
}

export interface StepView extends StepRecord {
  id: StepId;
  number: number;
  title: string;
  summary: string | null;
  /** How many of the step's records failed, and the first of their errors (from the step's answer). */
  errors: number;
  firstErrors: string[];
  /** A failed step's error. */
  error: string | null;
}

function stepView(id: StepId, index: number, record: StepRecord): StepView {
  const response = (record.response ?? {}) as { errors?: unknown; firstErrors?: unknown; error?: unknown };
  return {
    id,
    number: index + 1,
    title: STEP_TITLES[id],
    ...record,
    summary: record.summary ?? null,
    errors: typeof response.errors === "number" ? response.errors : 0,
    firstErrors: Array.isArray(response.firstErrors) ? response.firstErrors.map(String) : [],
    error: typeof response.error === "string" ? response.error : null,
  };
}

/** What the page receives: everything but the key (only whether one is held) and the bulky record lists. */
export interface DebuggerView {
  initialized: boolean;
  keyHeld: boolean;
  baseUrl: string;
  debugMode: boolean;
  endpoint: ProviderEndpoint;
  manualConfirmation: boolean;
  settingsValues: Record<string, string>;
  steps: StepView[];
  workflow: DebuggerSession["workflow"];
  retrievedCount: number | null;
  processedCount: number | null;
  logs: LogLine[];
  busy: boolean;
}

export function toView(session: DebuggerSession): DebuggerView {
  const view: DebuggerView = {
    initialized: session.key !== null,
    keyHeld: session.key !== null,
    baseUrl: session.baseUrl,
    debugMode: session.debugMode,
    endpoint: session.settings.endpoint,
    manualConfirmation: session.settings.manualConfirmation,
    settingsValues: session.settings.values,
    steps: STEP_IDS.map((id, i) => stepView(id, i, session.steps[id])),
    workflow: session.workflow,
    retrievedCount: session.retrieved?.records.length ?? null,
    processedCount: session.processed?.length ?? null,
    logs: session.logs,
    busy: session.busy,
  };
  // Responses and logs were cleaned as they were stored; this second pass covers anything added later.
  return redactSecret(view, session.key?.reveal());
}
