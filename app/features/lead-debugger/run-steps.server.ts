/**
 * The debugger's four steps (spec 02 §2, §4): authenticate, retrieve, process, push, each re-runnable, with the
 * importer's own client, mapper and writer, so what the debugger shows is what an import would do. Step 3 needs
 * step 2's data and step 4 step 3's; the workflow stops at the first failed step; in manual-confirmation mode step
 * 4 waits for a confirmation before it writes.
 */
import {
  createProviderClient,
  KEY_REQUIRED,
  ProviderError,
  type ProviderClientOptions,
} from "~/features/imports/provider/provider-client.server.ts";
import { importCompanies } from "~/features/imports/server/import-batch.server.ts";
import { toImportedCompany, type ImportedCompany } from "~/features/imports/provider/map-provider-record.ts";
import type { ProviderRecord } from "~/features/imports/provider/provider-record.ts";
import type { Database } from "~/lib/db.server.ts";
import { getEnv } from "~/lib/env.server.ts";
import {
  appendLog,
  redactSecret,
  resetFrom,
  STEP_IDS,
  STEP_TITLES,
  toView,
  type DebuggerSession,
  type StepId,
  type StepStatus,
} from "./debugger-state.ts";
import {
  answerOf,
  COMPANIES,
  describeWorkflow,
  FIRST_ERRORS,
  outcomeStatus,
  RECORDS,
  stepSummary,
  type RecordOutcome,
} from "./step-outcome.ts";
import { plural } from "~/lib/wording.ts";

export const NEEDS_RETRIEVED = "Run step 2 (Retrieve data) first: no retrieved data";
export const NEEDS_PROCESSED = "Run step 3 (Process data) first: no processed data";
export const CONFIRMATION_REQUIRED = "Manual confirmation required";
export const BUSY = "Another step is still running in this session; wait for it to finish";

export interface StepDeps {
  database: Database;
  actor: { id: string } | null;
  now?: () => Date;
  /** Test seams: retries without waiting, a shorter timeout. */
  clientOptions?: Partial<ProviderClientOptions>;
  /** Saves the session so far (the store's), so a page reading it from any process sees the steps move. */
  checkpoint?: () => Promise<void>;
}

/** A step's failure: its message is the step's error text. */
class StepFailure extends Error {}

const SAMPLE = 3;

function clientFor(session: DebuggerSession, deps: StepDeps) {
  const key = session.key?.reveal();
  if (!key) throw new StepFailure(KEY_REQUIRED);
  return providerClient(session, session.baseUrl, key, deps);
}

function providerClient(session: DebuggerSession, baseUrl: string, key: string, deps: StepDeps) {
  return createProviderClient({
    baseUrl,
    apiKey: key,
    timeoutMs: getEnv().PROVIDER_TIMEOUT_MS,
    // An operator waits on the page: a few quick retries, never a minute-long back-off.
    maxRetries: 2,
    baseDelayMs: 250,
    maxDelayMs: 5_000,
    logger: {
      warn: (details, message) => appendLog(session, "warn", `Provider call failed; retrying`, { message, ...details }),
    },
    ...deps.clientOptions,
  });
}

export type KeyCheck = { ok: true } | { ok: false; refused: boolean; message: string };

/**
 * Initialize's check of a typed key (issue 15 §8): one call for one result of the saved endpoint and query, through
 * the importer's client, before the key is held. `refused` is the provider saying no to the key (401 or 403); any
 * other failure means it could not be checked (the provider is down, slow or answering something else).
 */
export async function checkKey(session: DebuggerSession, baseUrl: string, key: string, deps: StepDeps): Promise<KeyCheck> {
  const { endpoint, query } = session.settings;
  appendLog(session, "debug", `GET /${endpoint} page 1, 1 result, to check the key before holding it`, { baseUrl });
  try {
    await providerClient(session, baseUrl, key, deps).fetchPage(endpoint, { ...query, page: 1, maxResults: 1 });
    return { ok: true };
  } catch (error) {
    const message = redactSecret(error instanceof Error ? error.message : String(error), key) as string;
    const refused = error instanceof ProviderError && error.kind === "auth";
    appendLog(
      session,
      "error",
      refused ? `The provider refused the key: ${message}` : `The key could not be checked: ${message}`,
      error instanceof ProviderError ? { kind: error.kind, status: error.status } : undefined,
    );
    return { ok: false, refused, message };
  }
}

async function authenticate(session: DebuggerSession, deps: StepDeps) {
  const { endpoint, query } = session.settings;
  appendLog(session, "debug", `GET /${endpoint} page 1, 1 result, to check the key`, { baseUrl: session.baseUrl });
  const page = await clientFor(session, deps).fetchPage(endpoint, { ...query, page: 1, maxResults: 1 });
  return { success: true, message: "Authenticated: the provider accepted the key", endpoint, apiCalls: page.attempts };
}

async function retrieve(session: DebuggerSession, deps: StepDeps) {
  const { endpoint, query } = session.settings;
  const client = clientFor(session, deps);
  const records: ProviderRecord[] = [];
  let dropped = 0;
  const reasons: string[] = [];
  let apiCalls = 0;
  let pages = 0;
  // maxJobs pages from `page` on, as an import run would; a short page means there is nothing after it.
  for (let page = query.page; page < query.page + query.maxJobs; page += 1) {
    const started = Date.now();
    const answer = await client.fetchPage(endpoint, { ...query, page });
    pages += 1;
    apiCalls += answer.attempts;
    dropped += answer.dropped;
    reasons.push(...answer.droppedReasons);
    records.push(...answer.records);
    appendLog(session, "debug", `GET /${endpoint} page ${page}: ${plural(answer.records.length, "record")} in ${Date.now() - started} ms`, {
      query: { ...query, page },
      dropped: answer.dropped,
    });
    if (answer.records.length + answer.dropped < query.maxResults) break;
    await deps.checkpoint?.();
  }
  session.retrieved = { endpoint, records };
  for (const reason of reasons) appendLog(session, "warn", `Dropped as invalid: ${reason}`);
  return {
    endpoint,
    pagesFetched: pages,
    apiCalls,
    retrieved: records.length,
    droppedInvalid: dropped,
    sample: records.slice(0, SAMPLE),
    outcome: { succeeded: records.length, failed: dropped, firstErrors: reasons.slice(0, FIRST_ERRORS), noun: RECORDS, verb: "read" },
  };
}

function processRecords(session: DebuggerSession, deps: StepDeps) {
  if (!session.retrieved) throw new StepFailure(NEEDS_RETRIEVED);
  const { endpoint, records } = session.retrieved;
  const now = (deps.now ?? (() => new Date()))();
  const companies: ImportedCompany[] = [];
  const errors: string[] = [];
  for (const record of records) {
    const mapped = toImportedCompany(record, { endpoint, now });
    if ("dropped" in mapped) errors.push(`Record ${mapped.externalId ?? "without an id"}: no company name, dropped`);
    else companies.push(mapped);
  }
  session.processed = companies;
  for (const error of errors) appendLog(session, "warn", error);
  return {
    endpoint,
    processed: companies.length,
    droppedWithoutName: errors.length,
    outcome: {
      succeeded: companies.length,
      failed: errors.length,
      firstErrors: errors.slice(0, FIRST_ERRORS),
      noun: RECORDS,
      verb: "processed",
    },
    sample: companies.slice(0, SAMPLE).map((c) => ({
      externalId: c.externalId,
      name: c.listing.name,
      website: c.listing.websiteUrl,
      industries: c.industryKeys,
      team: c.team.length,
      fundingRound: c.fundingRound,
      investors: c.investors.map((i) => i.name),
    })),
  };
}

async function push(session: DebuggerSession, deps: StepDeps, confirmed: boolean) {
  if (!session.processed) throw new StepFailure(NEEDS_PROCESSED);
  if (session.settings.manualConfirmation && !confirmed) {
    return { status: "pending_confirmation" as const, message: CONFIRMATION_REQUIRED, companies: session.processed.length };
  }
  const now = (deps.now ?? (() => new Date()))();
  const result = await importCompanies(deps.database, session.processed, { source: "provider", now, actor: deps.actor });
  for (const failure of result.failures) appendLog(session, "error", `Import of ${failure.name} failed: ${failure.error}`);
  const { counters } = result;
  return {
    counters,
    failures: result.failures.slice(0, 20),
    outcome: {
      // Unchanged companies went through too: their listing is already as the record says.
      succeeded: counters.created + counters.merged + counters.updated + counters.skipped + counters.review,
      failed: counters.errors,
      firstErrors: result.failures.slice(0, FIRST_ERRORS).map((f) => `${f.name}: ${f.error}`),
      noun: COMPANIES,
      verb: "written",
    } satisfies RecordOutcome,
  };
}

/**
 * Runs one step and records its status, response, timing and log lines. Never throws for a step's own failure:
 * it is the step's status and response. `confirmed` is the Confirm push button of step 4.
 */
export async function runStep(session: DebuggerSession, step: StepId, deps: StepDeps, confirmed = false) {
  const record = session.steps[step];
  const title = `Step ${STEP_IDS.indexOf(step) + 1} (${STEP_TITLES[step]})`;
  // A confirmation pushes what was shown for confirmation: nothing before it is reset.
  if (!confirmed) resetFrom(session, step);
  record.status = "running";
  record.runs += 1;
  const started = Date.now();
  appendLog(session, "info", `${title} started`);
  await deps.checkpoint?.();
  let response: unknown;
  try {
    const result =
      step === "authenticate"
        ? await authenticate(session, deps)
        : step === "retrieve"
          ? await retrieve(session, deps)
          : step === "process"
            ? processRecords(session, deps)
            : await push(session, deps, confirmed);
    const outcome: RecordOutcome | undefined = "outcome" in result ? result.outcome : undefined;
    const status: StepStatus = "status" in result && result.status ? result.status : outcome ? outcomeStatus(outcome) : "completed";
    record.status = status;
    response = answerOf(result, status);
    record.summary = stepSummary(title, status, outcome);
    appendLog(session, status === "failed" ? "error" : status === "completed_with_errors" ? "warn" : "info", record.summary);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const expected = error instanceof StepFailure || error instanceof ProviderError;
    response = { success: false, status: "failed", error: expected ? message : `Unexpected error: ${message}` };
    record.status = "failed";
    record.summary = stepSummary(title, "failed", undefined, message);
    appendLog(session, "error", record.summary, error instanceof ProviderError ? { kind: error.kind, status: error.status } : undefined);
  }
  record.response = redactSecret(response, session.key?.reveal());
  record.durationMs = Date.now() - started;
  record.finishedAt = new Date().toISOString();
  await deps.checkpoint?.();
  return record;
}

/**
 * The workflow's status from its steps: failed or waiting where it stopped; else completed with errors when any step
 * had failed records, completed only when none had.
 */
export function finishWorkflow(session: DebuggerSession, stoppedAt: StepId | null): NonNullable<DebuggerSession["workflow"]> {
  const last = stoppedAt ? session.steps[stoppedAt].status : null;
  const withErrors = STEP_IDS.some((id) => session.steps[id].status === "completed_with_errors");
  const status =
    last === "pending_confirmation"
      ? "pending_confirmation"
      : last !== null
        ? "failed"
        : withErrors
          ? "completed_with_errors"
          : "completed";
  session.workflow = { status, stoppedAt, at: new Date().toISOString() };
  const told = describeWorkflow(toView(session))!;
  appendLog(
    session,
    status === "pending_confirmation" || status === "completed" ? "info" : "error",
    `Complete ${told.slice(0, 1).toLowerCase()}${told.slice(1)}`,
  );
  return session.workflow;
}

/**
 * Authentication, retrieval, processing and push in order: a step with some failed records lets the others go on;
 * the workflow stops at the first step that failed outright (or waits for the push's confirmation).
 */
export async function runWorkflow(session: DebuggerSession, deps: StepDeps) {
  appendLog(session, "info", "Complete workflow started");
  let stoppedAt: StepId | null = null;
  for (const step of STEP_IDS) {
    const { status } = await runStep(session, step, deps);
    if (status !== "completed" && status !== "completed_with_errors") {
      stoppedAt = step;
      break;
    }
  }
  return finishWorkflow(session, stoppedAt);
}
