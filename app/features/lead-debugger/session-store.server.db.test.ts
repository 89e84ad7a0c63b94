/**
 * The debugger's state in the database (decision 0051): any process serves any step, the key is stored only sealed,
 * an hour idle expires a session, one operator never reaches another's, and a request of a session that another
 * request holds (on any process) is told to wait.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import type { Database } from "~/lib/db.server.ts";
import { openText } from "~/lib/secret-box.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { testUser } from "#test-support/test-route.ts";
import { startFakeProvider, type FakeProvider } from "../../../tests/fakes/lead-provider.ts";
import { fetchAllowing } from "../../../tests/support/allow-local.ts";
import { handleDebuggerAction, runDebuggerAction } from "./debugger-actions.server.ts";
import { defaultSettings } from "./debugger-forms.ts";
import { createSession, INTERRUPTED, toView, type StepId } from "./debugger-state.ts";
import { answerLeadsRequest } from "./leads-api.server.ts";
import { BUSY, type StepDeps } from "./run-steps.server.ts";
import { DebuggerSessionStore, type DebuggerOwner } from "./session-store.server.ts";

// The server secret every "process" of this file shares, as every app server of one site does; set before any module
// reads the environment.
const SECRET = vi.hoisted(() => (process.env.BETTER_AUTH_SECRET = "debugger-store-test-secret-0123456789abcdef"));

const HOUR = 60 * 60 * 1000;
const ADMIN = testUser("premium", "admin");
const OTHER_ID = "test-other-admin";
const owner = (userId: string, sessionKey = "user"): DebuggerOwner => ({ userId, sessionKey, authSessionId: null });

let database: Database;
let fake: FakeProvider;
let clock = new Date("2031-03-01T09:00:00Z");
const at = () => clock;
const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 10);
  fake = await startFakeProvider();
});

afterAll(async () => {
  await fake?.close();
  await database?.close();
});

const deps = (): Omit<StepDeps, "checkpoint"> => ({
  database,
  actor: null,
  clientOptions: { baseDelayMs: 1, sleep: async () => {}, fetch: fetchAllowing(fake.url) },
});

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
}

const store = (options: ConstructorParameters<typeof DebuggerSessionStore>[1] = {}) =>
  new DebuggerSessionStore(database, { now: at, ...options });
const act = (who: DebuggerOwner, fields: Record<string, string>) => runDebuggerAction(store(), who, form(fields), deps());
const initialise = (who: DebuggerOwner) => act(who, { intent: "initialize", apiKey: fake.apiKey, baseUrl: fake.url });
const row = async (who: DebuggerOwner) =>
  (
    await database.rows<{ text: string; key_ciphertext: string | null }>(
      sql`SELECT t::text AS text, key_ciphertext FROM debugger_sessions t WHERE user_id = ${who.userId} AND session_key = ${who.sessionKey}`,
    )
  )[0];
const listingCount = async () => (await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM listings`))[0]!.n;

/** This file's modules loaded afresh: nothing held in module state survives, as on another app server. */
async function anotherProcess() {
  vi.resetModules();
  const actions = await import("./debugger-actions.server.ts");
  const stores = await import("./session-store.server.ts");
  const state = await import("./debugger-state.ts");
  const fresh = () => new stores.DebuggerSessionStore(database, { now: at });
  return {
    act: (who: DebuggerOwner, fields: Record<string, string>) => actions.runDebuggerAction(fresh(), who, form(fields), deps()),
    view: async (who: DebuggerOwner) => state.toView(await fresh().open(who)),
  };
}

describe("the debugger's state in the database", () => {
  it("runs the four steps with each request on another process, with the results of one process", async () => {
    const settings = { intent: "save-settings", endpoint: "funding", maxResults: "4", page: "1" };
    // The same steps on one in-memory session, as the debugger ran before (decision 0028): the results to match.
    const alone = createSession(fake.url, defaultSettings());
    for (const fields of [{ intent: "initialize", apiKey: fake.apiKey, baseUrl: fake.url }, settings]) {
      await handleDebuggerAction(alone, form(fields), deps());
    }
    for (const step of ["authenticate", "retrieve", "process"])
      await handleDebuggerAction(alone, form({ intent: "run-step", step }), deps());

    const me = owner(ADMIN.id, "session:spread");
    expect(await (await anotherProcess()).act(me, { intent: "initialize", apiKey: fake.apiKey, baseUrl: fake.url })).toMatchObject({
      ok: true,
    });
    expect(await (await anotherProcess()).act(me, settings)).toMatchObject({ ok: true });
    const before = await listingCount();
    const answers = [];
    for (const step of ["authenticate", "retrieve", "process", "push"] as StepId[]) {
      answers.push(await (await anotherProcess()).act(me, { intent: "run-step", step }));
    }
    // Page 1 holds a record without a name: processing says so, and the other three are pushed, every one of them.
    expect(answers.map((a) => a.ok)).toEqual([true, true, false, true]);
    expect(answers[2]!.message).toMatch(/^Step 3 \(Process data\) completed with 1 error: 3 of 4 records processed/);
    const view = await (await anotherProcess()).view(me);
    expect(view.initialized).toBe(true);
    expect(view.steps.map((s) => s.status)).toEqual(["completed", "completed", "completed_with_errors", "completed"]);
    for (const [i, step] of (["authenticate", "retrieve", "process"] as const).entries()) {
      expect(view.steps[i]!.response).toEqual(alone.steps[step].response);
    }
    expect(view.retrievedCount).toBe(4);
    expect(view.processedCount).toBe(alone.processed!.length);
    const counters = (view.steps[3]!.response as { counters: { processed: number; created: number; review: number; errors: number } })
      .counters;
    expect(counters.processed).toBe(alone.processed!.length);
    // Every company was written: none failed on the way back from the database (issue 32: dates came back as text).
    expect(counters.errors).toBe(0);
    expect(counters.created + counters.review).toBeGreaterThan(0);
    expect(await listingCount()).toBe(before + counters.created + counters.review);
    expect(JSON.stringify(view)).not.toContain(fake.apiKey);
  });

  it("stores the key only sealed with the server secret, bound to its row", async () => {
    const me = owner(ADMIN.id, "session:sealed");
    await initialise(me);
    await act(me, { intent: "run-step", step: "retrieve" });
    const stored = (await row(me))!;
    expect(stored.text).not.toContain(fake.apiKey);
    expect(stored.key_ciphertext).toMatch(/^v1\./);
    expect(
      openText(stored.key_ciphertext!, { secret: SECRET, purpose: "lead-debugger-provider-key", context: `${ADMIN.id}\nsession:sealed` }),
    ).toBe(fake.apiKey);
    // Another server secret (rotated, or a database copied elsewhere) opens nothing: the operator types the key again.
    expect((await store({ secret: () => "another-secret-of-the-same-length-0123456789" }).open(me)).key).toBeNull();
    expect((await store().open(me)).key?.reveal()).toBe(fake.apiKey);
    // "Forget key" empties the column.
    await act(me, { intent: "forget-key" });
    expect((await row(me))!.key_ciphertext).toBeNull();
  });

  it("forgets a session idle for an hour, key and all, and keeps one that is used", async () => {
    const me = owner(ADMIN.id, "session:idle");
    const forgotten = owner("test-gone-admin");
    await initialise(forgotten);
    await initialise(me);
    advance(HOUR - 1);
    expect((await store().find(me))?.key?.reveal()).toBe(fake.apiKey);
    advance(HOUR - 1);
    // Each use counted from the last one: still held.
    expect(await act(me, { intent: "run-step", step: "authenticate" })).toMatchObject({ ok: true });
    // Another operator's idle session went with the first read after its hour, whoever read.
    expect(await row(forgotten)).toBeUndefined();
    advance(HOUR);
    expect(await store().find(me)).toBeUndefined();
    expect(await row(me)).toBeUndefined();
    const view = toView(await store().open(me));
    expect(view).toMatchObject({ initialized: false, keyHeld: false });
    expect(view.steps.map((s) => s.status)).toEqual(["pending", "pending", "pending", "pending"]);
  });

  it("gives another operator nothing of someone else's session: not the key, not the steps, not the data", async () => {
    const mine = owner(ADMIN.id);
    await initialise(mine);
    await act(mine, { intent: "run-step", step: "retrieve" });
    const calls = fake.requests.length;

    // The other operator, even naming the same session key, reaches a debugger of their own.
    const theirs = owner(OTHER_ID);
    const view = toView(await store().open(theirs));
    expect(view).toMatchObject({ initialized: false, retrievedCount: null });
    expect(view.logs).toEqual([]);
    expect(await act(theirs, { intent: "run-step", step: "process" })).toMatchObject({ ok: false });
    expect(await act(theirs, { intent: "run-step", step: "authenticate" })).toMatchObject({ ok: false });
    // A sealed key copied into the other operator's row does not open there.
    await database.rows(sql`UPDATE debugger_sessions SET key_ciphertext = (
      SELECT key_ciphertext FROM debugger_sessions WHERE user_id = ${ADMIN.id} AND session_key = 'user')
      WHERE user_id = ${OTHER_ID} AND session_key = 'user'`);
    expect((await row(theirs))!.key_ciphertext).toMatch(/^v1\./);
    expect(toView(await store().open(theirs)).initialized).toBe(false);

    // Mine is as I left it.
    const after = toView(await store().open(mine));
    expect(after).toMatchObject({ initialized: true, retrievedCount: expect.any(Number) });
    expect(after.steps[2]!.status).toBe("pending");
    // Nor can the provider API spend a key on their behalf.
    const api = await answerLeadsRequest(new Request("http://localhost/api/leads-on-trees?endpoint=funding"), {
      session: await store().find(theirs),
      fetch: fetchAllowing(fake.url),
    });
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({ success: false, error: "API key is required" });
    expect(fake.requests.length).toBe(calls);
  });

  it("deletes the debugger and its key when its operator signs out", async () => {
    await database.rows(sql`INSERT INTO users (id, name, email) VALUES ('signed-out-admin', 'A', 'a@test.introbase.test')`);
    await database.rows(
      sql`INSERT INTO sessions (id, token, user_id, expires_at) VALUES ('s-1', 't-1', 'signed-out-admin', now() + interval '1 day')`,
    );
    const me: DebuggerOwner = { userId: "signed-out-admin", sessionKey: "session:s-1", authSessionId: "s-1" };
    await initialise(me);
    expect((await row(me))?.key_ciphertext).toBeTruthy();
    await database.rows(sql`DELETE FROM sessions WHERE id = 's-1'`);
    expect(await row(me)).toBeUndefined();
  });

  it("tells a second request of a busy session to wait, on any process, and frees a session whose process stopped", async () => {
    const me = owner(ADMIN.id, "session:busy");
    await initialise(me);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    // A step that hangs on a process: marked running and saved, then waiting.
    const first = store().exclusively(me, async (session, checkpoint) => {
      session.steps.retrieve.status = "running";
      await checkpoint();
      started();
      await gate;
    });
    await running;
    const other = await anotherProcess();
    expect(await other.act(me, { intent: "run-step", step: "authenticate" })).toEqual({ intent: "run-step", ok: false, message: BUSY });
    expect(await other.act(me, { intent: "clear-logs" })).toMatchObject({ ok: false, message: BUSY });
    const busy = await other.view(me);
    expect(busy.busy).toBe(true);
    expect(busy.steps[1]!.status).toBe("running");

    // That process stopped: its claim is not renewed, and lapses.
    advance(2 * 60 * 1000 + 1);
    const lapsed = await other.view(me);
    expect(lapsed.busy).toBe(false);
    expect(lapsed.steps[1]).toMatchObject({ status: "failed", response: { success: false, error: INTERRUPTED } });
    expect(await other.act(me, { intent: "run-step", step: "authenticate" })).toMatchObject({ ok: true });

    // Were it only slow, what it finishes later does not overwrite the session it lost.
    release();
    await first;
    const final = await other.view(me);
    expect(final.steps[0]!.status).toBe("completed");
    // Step 1 ran again after the lapse and reset what came after it; the slow process's "running" stays lost.
    expect(final.steps[1]!.status).toBe("pending");
  });
});
