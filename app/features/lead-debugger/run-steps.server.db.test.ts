/**
 * The debugger's steps against the local fake provider over real HTTP and a real database (spec 02 §4): the
 * dependencies between steps, the workflow stopping at the first failure, manual confirmation, and the key never in
 * a response, an action answer or a log line.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { startFakeProvider, type FakeProvider } from "../../../tests/fakes/lead-provider.ts";
import { fetchAllowing } from "../../../tests/support/allow-local.ts";
import { handleDebuggerAction } from "./debugger-actions.server.ts";
import { defaultSettings, KEY_ALERT, KEY_REFUSED_FIELD, keyRefused, keyUnchecked } from "./debugger-forms.ts";
import { createSession, toView, type DebuggerSession } from "./debugger-state.ts";
import { CONFIRMATION_REQUIRED, NEEDS_PROCESSED, NEEDS_RETRIEVED, type StepDeps } from "./run-steps.server.ts";

let database: Database;
let fake: FakeProvider;
let session: DebuggerSession;
const answers: unknown[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 20);
  fake = await startFakeProvider();
});

afterAll(async () => {
  await fake?.close();
  await database?.close();
});

beforeEach(() => {
  fake.setFault("none");
  session = createSession(fake.url, defaultSettings());
});

const deps = (client: StepDeps["clientOptions"] = {}): StepDeps => ({
  database,
  actor: null,
  clientOptions: { baseDelayMs: 1, sleep: async () => {}, fetch: fetchAllowing(fake.url), ...client },
});

/** Posts the page's form the way the browser would, keeping every answer to check for the key later. */
async function post(fields: Record<string, string>, client?: StepDeps["clientOptions"]) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const answer = await handleDebuggerAction(session, form, deps(client));
  answers.push(answer);
  return answer;
}

const initialise = (apiKey = fake.apiKey, extra: Record<string, string> = {}) =>
  post({ intent: "initialize", apiKey, baseUrl: fake.url, ...extra });
const run = (step: string) => post({ intent: "run-step", step });
const response = (step: keyof DebuggerSession["steps"]) => session.steps[step].response as Record<string, unknown>;
const listingCount = async () => (await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM listings`))[0]!.n;

describe("the debugger's steps", () => {
  it("refuses an empty key with the spec's alert and holds nothing", async () => {
    expect(await initialise("  ")).toMatchObject({ ok: false, message: KEY_ALERT });
    expect(toView(session).initialized).toBe(false);
  });

  it("authenticates a good key and reports the spec's message for a wrong one", async () => {
    await initialise();
    expect(toView(session).initialized).toBe(true);
    await run("authenticate");
    expect(session.steps.authenticate.status).toBe("completed");
    expect(fake.requests.at(-1)?.url).toMatch(/^\/funding\?.*maxResults=1/);

    // A key the provider stops accepting later fails step 1 with the spec's words.
    fake.setFault({ mode: "wrong-key", times: 1 });
    await run("authenticate");
    expect(session.steps.authenticate.status).toBe("failed");
    expect(response("authenticate")).toEqual({ success: false, status: "failed", error: "Authentication failed - check API key" });
  });

  it("checks the key with the provider on Initialize: a refused key is never held and says so", async () => {
    const calls = fake.requests.length;
    const refused = await initialise("lot_wrong_key_999999");
    expect(fake.requests.length).toBe(calls + 1);
    expect(fake.requests.at(-1)?.url).toMatch(/^\/funding\?.*maxResults=1/);
    expect(refused).toMatchObject({ ok: false, message: keyRefused("Authentication failed - check API key") });
    expect(refused.errors?.apiKey).toBe(KEY_REFUSED_FIELD);
    expect(refused.message).toMatch(/refused this key/);
    expect(toView(session).initialized).toBe(false);
    expect(session.key).toBeNull();
    expect(session.logs.at(-1)?.message).toBe("The provider refused the key: Authentication failed - check API key");

    // A good key is held; a refused one typed afterwards leaves it in place.
    expect(await initialise()).toMatchObject({ ok: true });
    await initialise("lot_wrong_key_999999");
    expect(toView(session).initialized).toBe(true);
    expect(session.key?.reveal()).toBe(fake.apiKey);
  });

  it("a key that cannot be checked (the provider is down) is not held either, and the message says why", async () => {
    fake.setFault({ mode: "500", times: 10 });
    const answer = await initialise();
    expect(answer).toMatchObject({ ok: false, message: keyUnchecked("HTTP 500: Internal Server Error (after 3 attempts)") });
    expect(answer.errors?.apiKey).toBeUndefined();
    expect(toView(session).initialized).toBe(false);
  });

  it("steps 3 and 4 fail naming the step they need, on a fresh session", async () => {
    await initialise();
    await run("process");
    expect(session.steps.process.status).toBe("failed");
    expect(response("process").error).toBe(NEEDS_RETRIEVED);
    expect(NEEDS_RETRIEVED).toMatch(/step 2/);
    await run("push");
    expect(session.steps.push.status).toBe("failed");
    expect(response("push").error).toBe(NEEDS_PROCESSED);
    expect(NEEDS_PROCESSED).toMatch(/step 3/);
  });

  it("retrieves, processes and pushes: the companies land in the directory with the importer's counters", async () => {
    await initialise();
    await post({ intent: "save-settings", endpoint: "funding", maxResults: "5", page: "2" });
    await run("retrieve");
    expect(response("retrieve")).toMatchObject({ success: true, retrieved: 5, pagesFetched: 1 });
    expect(fake.requests.at(-1)?.url).toMatch(/page=2/);
    await run("process");
    const processed = response("process").processed as number;
    expect(processed).toBeGreaterThan(0);
    const before = await listingCount();
    await run("push");
    expect(session.steps.push.status).toBe("completed");
    const counters = response("push").counters as { processed: number; created: number; merged: number; review: number };
    expect(counters.processed).toBe(processed);
    expect(counters.created + counters.merged + counters.review).toBeGreaterThan(0);
    expect(await listingCount()).toBe(before + counters.created + counters.review);

    // Retrieving again makes the processed companies stale: step 4 has nothing to push until step 3 runs again.
    await run("retrieve");
    expect(session.steps.process.status).toBe("pending");
    await run("push");
    expect(response("push").error).toBe(NEEDS_PROCESSED);
  });

  it("in manual-confirmation mode, step 4 writes nothing until the push is confirmed", async () => {
    await initialise();
    await post({ intent: "save-settings", endpoint: "m-a", maxResults: "3", manualConfirmation: "on" });
    await run("retrieve");
    await run("process");
    const before = await listingCount();
    await run("push");
    expect(session.steps.push.status).toBe("pending_confirmation");
    expect(response("push")).toMatchObject({ status: "pending_confirmation", message: CONFIRMATION_REQUIRED });
    expect(CONFIRMATION_REQUIRED).toBe("Manual confirmation required");
    expect(await listingCount()).toBe(before);
    expect(await post({ intent: "confirm-push" })).toMatchObject({ ok: true });
    expect(session.steps.push.status).toBe("completed");
    expect(await listingCount()).toBeGreaterThan(before);
    expect(await post({ intent: "confirm-push" })).toMatchObject({ ok: false, message: "No push is waiting for confirmation." });
  });

  it("the workflow runs all four steps in order, and stops at the first failed one", async () => {
    await initialise();
    // Page 2 of two: two clean records (page 1 has one without a name, which the workflow reports as an error).
    await post({ intent: "save-settings", endpoint: "funding", maxResults: "2", page: "2" });
    expect(await post({ intent: "run-workflow" })).toMatchObject({ ok: true });
    expect(session.workflow).toMatchObject({ status: "completed", stoppedAt: null });
    expect(Object.values(session.steps).map((s) => s.status)).toEqual(["completed", "completed", "completed", "completed"]);

    // The key check passes, then the provider breaks for good: retrieval fails and nothing after it runs.
    let calls = 0;
    const breaksAfterFirstCall: typeof fetch = async (input, init) => {
      calls += 1;
      return calls === 1
        ? fetchAllowing(fake.url)(input, init)
        : new Response("down", { status: 500, statusText: "Internal Server Error" });
    };
    session = createSession(fake.url, defaultSettings());
    await initialise();
    expect(await post({ intent: "run-workflow" }, { fetch: breaksAfterFirstCall })).toMatchObject({ ok: false });
    expect(session.workflow).toMatchObject({ status: "failed", stoppedAt: "retrieve" });
    expect(Object.values(session.steps).map((s) => s.status)).toEqual(["completed", "failed", "pending", "pending"]);
    expect(response("retrieve").error).toMatch(/^HTTP 500: Internal Server Error/);
    expect(session.logs.at(-1)?.message).toMatch(/^Complete workflow stopped at step 2 \(Retrieve data\): HTTP 500/);

    fake.setFault({ mode: "wrong-key", times: 1 });
    expect(await post({ intent: "run-workflow" })).toMatchObject({ ok: false });
    expect(session.workflow).toMatchObject({ status: "failed", stoppedAt: "authenticate" });
    expect(Object.values(session.steps).map((s) => s.status)).toEqual(["failed", "pending", "pending", "pending"]);
  });

  it("a workflow in manual-confirmation mode ends waiting for the confirmation", async () => {
    await initialise();
    await post({ intent: "save-settings", endpoint: "funding", maxResults: "2", page: "2", manualConfirmation: "on" });
    await post({ intent: "run-workflow" });
    expect(session.workflow).toMatchObject({ status: "pending_confirmation", stoppedAt: "push" });
    await post({ intent: "confirm-push" });
    expect(session.workflow).toMatchObject({ status: "completed" });
  });

  it("never puts the key in a step response, an action answer, the page's view or a log line, debug mode included", async () => {
    await initialise(fake.apiKey, { debugMode: "on" });
    await post({ intent: "run-workflow" });
    fake.setFault({ mode: "wrong-key", times: 1 });
    await run("authenticate");
    expect(session.logs.some((l) => l.level === "debug")).toBe(true);
    const everything = JSON.stringify([answers, toView(session), session.steps, session.logs]);
    expect(everything).not.toContain(fake.apiKey);
    expect(answers.length).toBeGreaterThan(10);
  });

  it("clears the logs", async () => {
    await initialise();
    expect(session.logs.length).toBeGreaterThan(0);
    await post({ intent: "clear-logs" });
    expect(session.logs).toEqual([]);
  });
});
